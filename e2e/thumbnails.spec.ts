// Opening a project makes its thumbnails in the background; the strip says so while it runs.
import fs from 'node:fs';
import path from 'node:path';
import { makeTempDir, writeImage } from '@/server/testing/image-fixtures';
import { expect, test } from './fixtures';

const IMAGES = 150;

test('the strip shows the thumbnails being prepared while they are made, then hides it', async ({ api, editor }) => {
  // Large enough photos that making 150 thumbnails takes seconds, not one status poll.
  const folder = await makeTempDir('labelport-e2e-thumbnails-');
  const first = path.join(folder, 'photo-000.jpg');
  await writeImage(first, { format: 'jpeg', width: 2400, height: 1600, gradient: true });
  for (let index = 1; index < IMAGES; index += 1) fs.copyFileSync(first, path.join(folder, `photo-${String(index).padStart(3, '0')}.jpg`));
  await api.createProject('many-photos', 'bndbox', { folder });

  await editor.open('bndbox', 'many-photos', `1 / ${IMAGES}`);
  const progress = editor.imageStrip().getByRole('progressbar', { name: /^Thumbnails \d+ \/ 150$/ });
  await expect(progress).toBeVisible();
  await expect(progress).toBeHidden({ timeout: 60_000 });
});
