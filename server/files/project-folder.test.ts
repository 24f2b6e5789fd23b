// Placing and deleting files in a user's folder: what is already there (a dangling symlink, a
// link where the deleted folder goes, a file named like ours) is never replaced or followed.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { makeTempDir } from '@/server/testing/image-fixtures';
import { DELETED_FOLDER_NAME, freeName, isReservedName, moveToDeletedFolder, writeNewFile } from './project-folder';

const bytes = Buffer.from('image bytes');
const list = (folder: string) => fs.readdirSync(folder).sort();

describe('placing a new file', () => {
  // existsSync called a dangling symlink free, link() onto it failed with EEXIST, and the add
  // retried that name forever beside its .partial file.
  it('counts a dangling or looping symlink as taken and moves on to the next name', async () => {
    const folder = await makeTempDir('labelport-place-');
    fs.symlinkSync('/nonexistent/labelport-target', path.join(folder, 'cat.jpg'));
    fs.symlinkSync('loop.jpg', path.join(folder, 'loop.jpg'));
    expect(freeName(folder, 'cat.jpg')).toBe('cat(1).jpg');
    expect(await writeNewFile(folder, 'cat.jpg', bytes)).toBe('cat(1).jpg');
    expect(await writeNewFile(folder, 'loop.jpg', bytes)).toBe('loop(1).jpg');
    expect(list(folder)).toEqual(['cat(1).jpg', 'cat.jpg', 'loop(1).jpg', 'loop.jpg']);
    expect(fs.readlinkSync(path.join(folder, 'cat.jpg'))).toBe('/nonexistent/labelport-target');
    expect(fs.readFileSync(path.join(folder, 'cat(1).jpg'))).toEqual(bytes);
  }, 10_000);

  it('moves on to the next name when the link finds a name taken that looked free', async () => {
    const folder = await makeTempDir('labelport-race-');
    fs.writeFileSync(path.join(folder, 'dog.jpg'), 'theirs');
    // As on a drive where lstat and link disagree, or when another writer takes the name in between.
    const lstat = vi.spyOn(fs, 'lstatSync').mockReturnValue(undefined);
    try {
      expect(await writeNewFile(folder, 'dog.jpg', bytes)).toBe('dog(1).jpg');
      expect(lstat).toHaveBeenCalled();
    } finally {
      lstat.mockRestore();
    }
    expect(fs.readFileSync(path.join(folder, 'dog.jpg'), 'utf8')).toBe('theirs');
    expect(list(folder)).toEqual(['dog(1).jpg', 'dog.jpg']);
  }, 10_000);

  // The next add removes every .labelport-*.partial, and a file named like the deleted folder
  // makes every delete fail: neither is a name a user's image may take.
  it('refuses the names Labelport keeps for itself and writes nothing', async () => {
    const folder = await makeTempDir('labelport-reserved-');
    for (const name of ['.labelport-x.partial', '.labelport-0123456789ab.partial', DELETED_FOLDER_NAME, '.Classifai_Deleted_Data']) {
      await expect(writeNewFile(folder, name, bytes), name).rejects.toMatchObject({ code: 'invalid_input' });
    }
    expect(list(folder)).toEqual([]);
    for (const name of ['labelport-x.partial', '.labelport-x.jpg', 'x.partial', '.classifai_deleted_data.jpg']) expect(isReservedName(name), name).toBe(false);
  });
});

describe('moving to the deleted folder', () => {
  it('moves into the deleted folder it makes, under a free name', async () => {
    const root = await makeTempDir('labelport-delete-');
    fs.writeFileSync(path.join(root, 'a.jpg'), bytes);
    fs.mkdirSync(path.join(root, DELETED_FOLDER_NAME));
    fs.symlinkSync('/nonexistent/labelport-target', path.join(root, DELETED_FOLDER_NAME, 'a.jpg'));
    expect(await moveToDeletedFolder(root, path.join(root, 'a.jpg'))).toBe(path.join(root, DELETED_FOLDER_NAME, 'a(1).jpg'));
    expect(list(path.join(root, DELETED_FOLDER_NAME))).toEqual(['a(1).jpg', 'a.jpg']);
  });

  // A symlink there carried the user's images wherever it pointed.
  it('refuses a deleted folder that is a symlink or a file, and moves nothing', async () => {
    const root = await makeTempDir('labelport-delete-link-');
    const elsewhere = await makeTempDir('labelport-elsewhere-');
    const image = path.join(root, 'a.jpg');
    fs.writeFileSync(image, bytes);
    const deleted = path.join(root, DELETED_FOLDER_NAME);
    for (const make of [() => fs.symlinkSync(elsewhere, deleted), () => fs.symlinkSync('/nonexistent/labelport-target', deleted), () => fs.writeFileSync(deleted, 'a file')]) {
      fs.rmSync(deleted, { force: true });
      make();
      await expect(moveToDeletedFolder(root, image)).rejects.toMatchObject({ code: 'invalid_state', message: expect.stringContaining(DELETED_FOLDER_NAME) });
      expect(fs.readFileSync(image)).toEqual(bytes);
    }
    expect(list(elsewhere)).toEqual([]);
  });
});
