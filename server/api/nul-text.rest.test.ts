// Text with a NUL character over REST, on the run's store. SQLite can hold it; PostgreSQL's
// text cannot. A lookup by such a text answers as for any unknown name on both; a shape that
// carries one is stored (SQLite) or refused as bad input (PostgreSQL), never an internal error.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, writeImage } from '@/server/testing/image-fixtures';
import { createTestCore, type TestCore } from '@/server/testing/test-core';
import { testStore } from '@/server/testing/test-store';

let t: TestCore;
let uuid: string;

const shapesOf = async () => (await t.rest.get(`/bndbox/projects/nul/uuid/${uuid}/thumbnail`)).body.bnd_box;
const box = (label: string) => ({ x1: 1, y1: 2, x2: 30, y2: 20, lineWidth: 2, color: 'rgba(0,255,0,1.0)', label, id: 'b1' });

beforeAll(async () => {
  t = await createTestCore();
  const folder = await makeTempDir('labelport-nul-');
  await writeImage(path.join(folder, 'a.png'), { format: 'png', width: 40, height: 30 });
  await t.rest.put('/v2/projects', { status: 'raw', project_name: 'nul', annotation_type: 'bndbox', project_path: folder, label_file_path: '' });
  await t.scanSettled('bndbox', 'nul');
  await t.rest.get('/bndbox/projects/nul');
  [uuid = ''] = (await t.rest.get('/bndbox/projects/nul/loadingstatus')).body.uuid_list as string[];
});

afterAll(() => t.close());

describe('text with a NUL character', () => {
  it('names no project, image or label: each lookup answers as for an unknown one', async () => {
    for (const [withNul, unknown] of [
      ['/bndbox/projects/a%00b/loadingstatus', '/bndbox/projects/ab/loadingstatus'],
      ['/v2/bndbox/projects/a%00b/statistic', '/v2/bndbox/projects/ab/statistic'],
      [`/bndbox/projects/nul/uuid/a%00b/thumbnail`, `/bndbox/projects/nul/uuid/ab/thumbnail`],
    ] as const) {
      const [nulReply, unknownReply] = [await t.rest.get(withNul), await t.rest.get(unknown)];
      expect(nulReply.status, withNul).toBe(unknownReply.status);
      expect(nulReply.body.error_code, withNul).toBe(unknownReply.body.error_code);
      expect(nulReply.body.message, withNul).toBe(0);
    }
  });

  it('in a shape label is stored where the store can hold it, else refused as bad input with nothing changed', async () => {
    await t.rest.put(`/bndbox/projects/nul/uuid/${uuid}/update`, { uuid, bnd_box: [box('car')], img_x: 0, img_y: 0, img_w: 40, img_h: 30 });
    const reply = await t.rest.put(`/bndbox/projects/nul/uuid/${uuid}/update`, { uuid, bnd_box: [box('c\u0000ar')], img_x: 0, img_y: 0, img_w: 40, img_h: 30 });
    if (testStore() === 'postgres') {
      expect(reply).toMatchObject({ status: 400, body: { message: 0, error_message: expect.stringMatching(/NUL/) } });
      expect(await shapesOf()).toEqual([expect.objectContaining({ label: 'car' })]);
    } else {
      expect(reply.body).toEqual({ message: 1 });
      expect(await shapesOf()).toEqual([expect.objectContaining({ label: 'c\u0000ar' })]);
    }
    // The statistics still answer (on PostgreSQL they read the labels out of the stored JSON).
    expect((await t.rest.get('/v2/bndbox/projects/nul/statistic')).body.message).toBe(1);
  });
});
