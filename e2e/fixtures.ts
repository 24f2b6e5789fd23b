// A built server per spec file (or test) with its own DATA_DIR and image folder, and a chooser stub
// (LABELPORT_CHOOSER) that answers what the test wrote into a file.
import { test as base, type Page } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makeTempDir, writeImageFolder } from '@/server/testing/image-fixtures';
import { startBuiltServer, type BuiltServer } from '@/server/testing/built-server';
import { editorPage, homePage, restApi, type EditorPage, type RestApi } from './pages';

export interface LabelportWorld {
  server: BuiltServer;
  imageFolder: string;
  /** What the chooser prints next for a `folder` / `file` request. */
  setChooserAnswer(kind: 'folder' | 'file', answer: string): void;
  screenshotDir: string;
}

async function startWorld(): Promise<LabelportWorld & { stop(): Promise<void> }> {
  const stubDir = fs.mkdtempSync(path.join(os.tmpdir(), 'labelport-chooser-'));
  const stub = path.join(stubDir, 'choose.sh');
  fs.writeFileSync(stub, `#!/bin/sh\ncat "${stubDir}/$1" 2>/dev/null\n`, { mode: 0o755 });
  const imageFolder = await makeTempDir('labelport-e2e-images-');
  await writeImageFolder(imageFolder);
  const server = await startBuiltServer({ env: { LABELPORT_CHOOSER: stub } });
  const screenshotDir = path.join(process.cwd(), 'test-results', 'screens');
  fs.mkdirSync(screenshotDir, { recursive: true });
  return {
    server,
    imageFolder,
    setChooserAnswer: (kind, answer) => fs.writeFileSync(path.join(stubDir, kind), answer),
    screenshotDir,
    stop: () => server.stop(),
  };
}

/**
 * One world per spec file (or per test, for specs about the whole project list): no file sees
 * another file's projects, whatever order the worker runs them in. Tests in a file share the
 * server but each makes the projects it needs, so any one of them can run alone.
 */
function worldPerKey() {
  let current: { key: string; world: Awaited<ReturnType<typeof startWorld>> } | null = null;
  return {
    async for(key: string): Promise<LabelportWorld> {
      if (current?.key === key) return current.world;
      await current?.world.stop();
      current = { key, world: await startWorld() };
      return current.world;
    },
    stop: async () => {
      await current?.world.stop();
      current = null;
    },
  };
}

interface Fixtures {
  /** 'test' gives each test an empty server: for checks of the whole project list. */
  serverPer: 'file' | 'test';
  world: LabelportWorld;
  api: RestApi;
  editor: EditorPage;
  home: ReturnType<typeof homePage>;
}

export const test = base.extend<Fixtures, { worlds: ReturnType<typeof worldPerKey> }>({
  serverPer: ['file', { option: true }],
  worlds: [
    async ({}, use) => {
      const worlds = worldPerKey();
      await use(worlds);
      await worlds.stop();
    },
    { scope: 'worker' },
  ],
  // An error thrown in a page and caught by nobody fails the test: users see none of them, but
  // each is a promise or handler the workspace forgot (a cancelled read had gone unhandled).
  context: async ({ context }, use) => {
    const errors: string[] = [];
    const watch = (page: Page) => page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.name}: ${error.message}`));
    context.pages().forEach(watch);
    context.on('page', watch);
    await use(context);
    base.expect(errors, 'errors nobody caught in the pages').toEqual([]);
  },
  world: async ({ worlds, serverPer }, use, testInfo) => {
    await use(await worlds.for(serverPer === 'test' ? testInfo.testId : testInfo.file));
  },
  api: async ({ page, world }, use) => {
    await use(restApi(page.request, world.server.url, world.imageFolder));
  },
  editor: async ({ page, world }, use) => {
    await use(editorPage(page, world.server.url));
  },
  home: async ({ page, world }, use) => {
    await use(homePage(page, world.server.url));
  },
});

export const expect = test.expect;
