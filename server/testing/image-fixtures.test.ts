// The fixtures say what they claim: other suites trust these files without looking.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { probeImageFile } from '@/server/media/image-media';
import { makeTempDir, writeImage, writeImageFolder } from './image-fixtures';

describe('writeImage', () => {
  it('writes the format, size, orientation and depth asked for, creating folders', async () => {
    const dir = await makeTempDir('labelport-fixture-');
    const target = path.join(dir, 'a', 'b', 'rot.jpg');
    await writeImage(target, { format: 'jpeg', width: 200, height: 100, orientation: 6 });
    expect(await probeImageFile(target)).toEqual({ format: 'jpeg', width: 100, height: 200, orientation: 6, depth: 3 });
    await writeImage(path.join(dir, 'g.png'), { format: 'png', width: 9, height: 4, grey: true });
    expect(await probeImageFile(path.join(dir, 'g.png'))).toEqual({ format: 'png', width: 9, height: 4, orientation: 1, depth: 1 });
    await writeImage(path.join(dir, 'b.bmp'), { format: 'bmp', width: 9, height: 4, bmpBits: 32 });
    expect(await probeImageFile(path.join(dir, 'b.bmp'))).toMatchObject({ format: 'bmp', width: 9, height: 4 });
    await expect(writeImage(path.join(dir, 'r.bmp'), { format: 'bmp', width: 2, height: 2, orientation: 6 })).rejects.toThrow(/orientation/);
  });
});

describe('writeImageFolder', () => {
  it('sorts every file it writes into exactly one of images, unsupported and ignored', async () => {
    const root = await makeTempDir('labelport-folder-');
    const folder = await writeImageFolder(root);
    expect(folder.images).toHaveLength(8);
    for (const image of folder.images) expect(await probeImageFile(image), image).not.toBeNull();
    for (const bad of folder.unsupported) {
      expect(await probeImageFile(bad), bad).toBeNull();
      expect(bad).toMatch(/(jpg|png|jpeg|bmp|JPG|PNG|JPEG|webp|tif)$/);
    }
    for (const other of folder.ignored) expect(other.includes('.classifai_deleted_data') || !/(jpg|png|jpeg|bmp|JPG|PNG|JPEG|webp|tif)$/.test(other), other).toBe(true);
    const written = (fs.readdirSync(root, { recursive: true }) as string[]).map((relative) => path.join(root, relative)).filter((entry) => fs.statSync(entry).isFile());
    expect([...written].sort()).toEqual([...folder.images, ...folder.unsupported, ...folder.ignored].sort());
  });
});
