// The documents a user reads must stand alone: every relative link leads to a file of this
// repository, and none points outside it (a clone has no sibling folders).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = process.cwd();
const documents = ['README.md', 'SECURITY.md', 'CONTRIBUTING.md', ...fs.readdirSync(path.join(root, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];

describe('documents', () => {
  it.each(documents)('%s links only files of the repository', (document) => {
    const text = fs.readFileSync(path.join(root, document), 'utf8');
    expect(text).not.toMatch(/\.\.\/shared|\bshared\/(spec|design)\//);
    const targets = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1] ?? '').filter((target) => !/^(https?:|mailto:|#)/.test(target));
    for (const target of targets) {
      const resolved = path.resolve(path.dirname(path.join(root, document)), target.split('#')[0] ?? '');
      expect(path.relative(root, resolved).startsWith('..'), `${document} → ${target} leaves the repository`).toBe(false);
      expect(fs.existsSync(resolved), `${document} → ${target} does not exist`).toBe(true);
    }
  });

  it('the README and SECURITY.md lead to the REST compatibility page', () => {
    for (const document of ['README.md', 'SECURITY.md']) {
      expect(fs.readFileSync(path.join(root, document), 'utf8'), document).toContain('](docs/rest-compatibility.md)');
    }
  });
});

describe('the README shortcut table', () => {
  // UPDATE_DOCS=1 npx vitest run test/docs.test.ts rewrites it after an action changes.
  it('lists every action of the registry with its default keys', async () => {
    const { shortcutTable, TABLE_START, TABLE_END } = await import('@/components/editor/actions/shortcut-table');
    const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
    const start = readme.indexOf(TABLE_START);
    const end = readme.indexOf(TABLE_END);
    expect(start, 'the README has the shortcut table markers').toBeGreaterThan(0);
    const current = readme.slice(start, end + TABLE_END.length);
    if (process.env.UPDATE_DOCS === '1') fs.writeFileSync(path.join(root, 'README.md'), readme.replace(current, shortcutTable()));
    else expect(current).toBe(shortcutTable());
  });
});
