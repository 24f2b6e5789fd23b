import tseslint from 'typescript-eslint';

const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

const coreBoundaries = [
  { group: ['next', 'next/*', '@trpc/*', 'react', 'react-dom', 'trpc-to-openapi'], message: 'server/core knows nothing of HTTP or React' },
  { group: ['better-sqlite3', 'sharp', 'archiver'], message: 'reach SQLite, pixels and zips through server/db, server/media' },
  { group: ['@/server/api/*', '@/app/*', '@/components/*', '@/server/runtime/*'], message: 'imports point inward' },
];

export default tseslint.config(
  { ignores: ['node_modules/', '.next/', 'next-env.d.ts', 'bench/.cache/', 'test-results/', 'playwright-report/'] },
  ...tseslint.configs.recommended,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // Repositories answer promises: these catch a forgotten await (a promise in a condition, an async callback nobody awaits).
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  { files: ['**/*.mjs', '**/*.js'], ...tseslint.configs.disableTypeChecked },
  // Imports point inward: the domain never sees HTTP, tRPC, React or SQL drivers.
  {
    files: ['server/core/**/*.ts'],
    ignores: ['server/core/**/*.test.ts'],
    rules: restrict([...coreBoundaries, { group: ['@/server/db/*'], message: 'server/runtime opens storage and hands the repositories in' }]),
  },
  // Core tests may build a real repository to run a service on SQLite.
  { files: ['server/core/**/*.test.ts'], rules: restrict(coreBoundaries) },
  {
    files: ['server/runtime/**/*.ts'],
    rules: restrict([
      { group: ['next', 'next/*', '@trpc/*', 'react', 'react-dom', 'trpc-to-openapi'], message: 'the runtime composes the core; HTTP lives in app/ and server/api' },
      { group: ['@/server/api/*', '@/app/*', '@/components/*'], message: 'imports point inward' },
    ]),
  },
  {
    files: ['server/db/**/*.ts', 'server/media/**/*.ts', 'server/files/**/*.ts'],
    rules: restrict([
      { group: ['next', 'next/*', '@trpc/*', 'react', 'trpc-to-openapi'], message: 'edges know nothing of HTTP' },
      { group: ['@/server/api/*', '@/app/*', '@/components/*', '@/server/runtime/*'], message: 'edges import only core types' },
    ]),
  },
  {
    files: ['components/**/*.ts', 'components/**/*.tsx'],
    rules: restrict([
      { group: ['@/server/core/*', '@/server/db/*', '@/server/media/*', '@/server/files/*', '@/server/runtime/*', 'better-sqlite3', 'sharp'], message: 'the UI talks only to tRPC' },
    ]),
  },
);
