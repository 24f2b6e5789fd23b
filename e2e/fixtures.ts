// A built server per test file with its own DATA_DIR and image folder, and a chooser stub
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

export const test = base.extend<object, { world: LabelportWorld }>({
  world: [
    async ({}, use) => {
      const stubDir = fs.mkdtempSync(path.join(os.tmpdir(), 'labelport-chooser-'));
      const stub = path.join(stubDir, 'choose.sh');
      fs.writeFileSync(stub, `#!/bin/sh\ncat "${stubDir}/$1" 2>/dev/null\n`, { mode: 0o755 });
      const imageFolder = await makeTempDir('labelport-e2e-images-');
      await writeImageFolder(imageFolder);
      const server = await startBuiltServer({ env: { LABELPORT_CHOOSER: stub } });
      const screenshotDir = path.join(process.cwd(), 'test-results', 'screens');
      fs.mkdirSync(screenshotDir, { recursive: true });
      await use({
        server,
        imageFolder,
        setChooserAnswer: (kind, answer) => fs.writeFileSync(path.join(stubDir, kind), answer),
        screenshotDir,
      });
      await server.stop();
    },
    { scope: 'worker' },
  ],
});

export const expect = test.expect;
