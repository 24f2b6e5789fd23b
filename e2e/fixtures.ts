// A built server per spec file with its own DATA_DIR and image folder, and a chooser stub
// (LABELPORT_CHOOSER) that answers what the test wrote into a file.
import { test as base } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makeTempDir, writeImageFolder } from '@/server/testing/image-fixtures';
import { startBuiltServer, type BuiltServer } from '@/server/testing/built-server';

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
 * One world per spec file: a file's tests may build on each other (serial mode), but no
 * file sees another file's projects, whatever order the worker runs them in.
 */
function worldPerFile() {
  let current: { file: string; world: Awaited<ReturnType<typeof startWorld>> } | null = null;
  return {
    async for(file: string): Promise<LabelportWorld> {
      if (current?.file === file) return current.world;
      await current?.world.stop();
      current = { file, world: await startWorld() };
      return current.world;
    },
    stop: async () => {
      await current?.world.stop();
      current = null;
    },
  };
}

export const test = base.extend<{ world: LabelportWorld }, { worlds: ReturnType<typeof worldPerFile> }>({
  worlds: [
    async ({}, use) => {
      const worlds = worldPerFile();
      await use(worlds);
      await worlds.stop();
    },
    { scope: 'worker' },
  ],
  world: async ({ worlds }, use, testInfo) => {
    await use(await worlds.for(testInfo.file));
  },
});

export const expect = test.expect;
