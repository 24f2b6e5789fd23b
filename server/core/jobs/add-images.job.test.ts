// The add job against a project folder that already holds awkward entries: a dangling symlink
// under the uploaded name, and files named like Labelport's own in a folder picked to copy.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Chooser } from '@/server/files/chooser';
import { makeTempDir, writeImage } from '@/server/testing/image-fixtures';
import type { Project } from '../types';
import type { Repositories } from '../repositories';
import { type AddImagesParams, createAddImagesHandler } from './add-images.job';
import type { JobContext } from './job-runner';

/** The job over a project in folder; `picked` is what the folder dialog answers. */
function projectIn(folder: string, picked = '') {
  const repos = { projects: { findById: async () => ({ id: 'p1', folder }) as Project } } as unknown as Repositories;
  const chooser: Chooser = { available: async () => true, choose: async () => picked };
  const context: JobContext = { progress: () => undefined, setPhase: () => undefined, signal: new AbortController().signal };
  const handler = createAddImagesHandler(repos, chooser);
  return (source: AddImagesParams['source']) => handler({ projectId: 'p1', source }, context);
}

describe('add images', () => {
  // link() onto a dangling symlink fails with EEXIST where existsSync called the name free: the
  // job retried that name forever, beside its .partial file.
  it('gives an upload the next name when its own is a dangling symlink, and leaves no partial file', async () => {
    const folder = await makeTempDir('labelport-add-');
    fs.symlinkSync('/nonexistent', path.join(folder, 'cat.jpg'));
    const run = projectIn(folder);
    const outcome = await run({ kind: 'upload', files: [{ name: 'cat.jpg', bytes: Buffer.from('jpeg bytes') }] });
    expect(outcome.result).toEqual({ added: ['cat(1).jpg'], cancelled: false });
    expect(fs.readdirSync(folder).sort()).toEqual(['cat(1).jpg', 'cat.jpg']);
    expect(fs.readlinkSync(path.join(folder, 'cat.jpg'))).toBe('/nonexistent');
  }, 10_000);

  it('refuses an upload named like a temporary or the deleted folder', async () => {
    const folder = await makeTempDir('labelport-add-reserved-');
    const run = projectIn(folder);
    for (const name of ['.labelport-x.partial', '.classifai_deleted_data']) {
      await expect(run({ kind: 'upload', files: [{ name, bytes: Buffer.from('jpeg bytes') }] }), name).rejects.toMatchObject({ code: 'invalid_input' });
    }
    expect(fs.readdirSync(folder)).toEqual([]);
  });

  it('copies a picked folder without the files named like Labelport’s own', async () => {
    const folder = await makeTempDir('labelport-add-target-');
    const source = await makeTempDir('labelport-add-source-');
    for (const name of ['cat.jpg', '.labelport-0123456789ab.partial', '.classifai_deleted_data']) {
      await writeImage(path.join(source, name), { format: 'jpeg', width: 8, height: 8 });
    }
    const run = projectIn(folder, source);
    expect((await run({ kind: 'folder' })).result).toEqual({ added: ['cat.jpg'], cancelled: false });
    expect(fs.readdirSync(folder)).toEqual(['cat.jpg']);
  });
});
