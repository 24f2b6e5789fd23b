import { defineConfig } from '@playwright/test';

// Debian's chromium: nothing may be downloaded here. The e2e fixtures start their own built
// server per worker with a temp DATA_DIR (e2e/fixtures.ts).
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  timeout: 60_000,
  workers: 1,
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
    },
    viewport: { width: 1440, height: 900 },
    screenshot: 'only-on-failure',
  },
});
