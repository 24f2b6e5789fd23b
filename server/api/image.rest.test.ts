// Images and annotations over REST, bndbox and seg: what a labelling client reads and writes.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, writeImage } from '@/server/testing/image-fixtures';
import { createTestCore, type TestCore } from '@/server/testing/test-core';
import { createCaller } from './root';
import { thumbnailOutput } from './schemas/annotation.schema';
import { loadingStatusOutput, projectMetaOutput, statisticOutput } from './schemas/project.schema';
import { reloadStatusOutput } from './schemas/status.schema';

let t: TestCore;
let folder: string;
let segFolder: string;
const uuids = new Map<string, string>(); // relPath → uuid (bndbox project "boxes")

const snapshotFolder = (root: string) => {
  const files: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else files[path.relative(root, full)] = fs.readFileSync(full).toString('base64');
    }
  };
  walk(root);
  return files;
};

async function uuidMap(type: string, name: string) {
  const map = new Map<string, string>();
  const status = loadingStatusOutput.parse((await t.rest.get(`/${type}/projects/${name}/loadingstatus`)).body);
  for (const uuid of status.uuid_list ?? []) {
    const record = thumbnailOutput.parse((await t.rest.get(`/${type}/projects/${name}/uuid/${uuid}/thumbnail`)).body);
    map.set(path.relative(type === 'bndbox' ? folder : segFolder, record.img_path), uuid);
  }
  return map;
}

const thumb = async (uuid: string, type = 'bndbox', name = 'boxes') =>
  thumbnailOutput.parse((await t.rest.get(`/${type}/projects/${name}/uuid/${uuid}/thumbnail`)).body);

beforeAll(async () => {
  t = await createTestCore();
  folder = await makeTempDir('labelport-img-');
  await writeImage(path.join(folder, 'wide.jpg'), { format: 'jpeg', width: 1920, height: 1080 });
  await writeImage(path.join(folder, 'tall.png'), { format: 'png', width: 300, height: 600 });
  await writeImage(path.join(folder, 'rotated.jpg'), { format: 'jpeg', width: 200, height: 100, orientation: 6 });
  await writeImage(path.join(folder, 'sub', 'tiny.bmp'), { format: 'bmp', width: 20, height: 10 });
  await writeImage(path.join(folder, 'photo.webp'), { format: 'webp', width: 64, height: 48 });
  segFolder = await makeTempDir('labelport-seg-');
  await writeImage(path.join(segFolder, 'road.png'), { format: 'png', width: 640, height: 480 });
  for (const [name, type, dir] of [['boxes', 'boundingbox', folder], ['roads', 'segmentation', segFolder]] as const) {
    await t.rest.put('/v2/projects', { status: 'raw', project_name: name, annotation_type: type, project_path: dir, label_file_path: '' });
    await t.scanSettled(type === 'boundingbox' ? 'bndbox' : 'seg', name);
  }
  for (const [rel, uuid] of await uuidMap('bndbox', 'boxes')) uuids.set(rel, uuid);
});

afterAll(async () => {
  await t.close();
});

const uuidOf = (rel: string) => {
  const uuid = uuids.get(rel);
  if (!uuid) throw new Error(`no uuid for ${rel}`);
  return uuid;
};

describe('thumbnail', () => {
  it('answers the full annotation record with measured sizes and an absolute path', async () => {
    const record = await thumb(uuidOf('wide.jpg'));
    expect(record).toMatchObject({
      message: 1,
      uuid: uuidOf('wide.jpg'),
      project_name: 'boxes',
      img_path: path.join(folder, 'wide.jpg'),
      bnd_box: [],
      img_depth: 3,
      img_x: 0, img_y: 0, img_w: 0, img_h: 0,
      file_size: fs.statSync(path.join(folder, 'wide.jpg')).size,
      img_ori_w: 1920,
      img_ori_h: 1080,
    });
    expect(record.polygons).toBeUndefined();
    const png = Buffer.from(record.img_thumbnail.replace(/^data:image\/png;base64,/, ''), 'base64');
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 100, height: 56 });
  });

  it('applies EXIF orientation to both the sizes and the thumbnail', async () => {
    const record = await thumb(uuidOf('rotated.jpg'));
    expect([record.img_ori_w, record.img_ori_h]).toEqual([100, 200]);
    const png = Buffer.from(record.img_thumbnail.split(',')[1] ?? '', 'base64');
    expect(await sharp(png).metadata()).toMatchObject({ width: 50, height: 100 });
  });

  it('reads PNG, BMP and WebP, scaling small images up', async () => {
    const sizes = async (rel: string) => {
      const record = await thumb(uuidOf(rel));
      const meta = await sharp(Buffer.from(record.img_thumbnail.split(',')[1] ?? '', 'base64')).metadata();
      return [record.img_ori_w, record.img_ori_h, meta.width, meta.height];
    };
    expect(await sizes('tall.png')).toEqual([300, 600, 50, 100]);
    expect(await sizes('sub/tiny.bmp')).toEqual([20, 10, 100, 50]);
    expect(await sizes('photo.webp')).toEqual([64, 48, 100, 75]);
  });

  it('answers polygons, not bnd_box, for a seg project', async () => {
    const [uuid] = [...(await uuidMap('seg', 'roads')).values()];
    const record = await thumb(uuid ?? '', 'seg', 'roads');
    expect(record.polygons).toEqual([]);
    expect(record.bnd_box).toBeUndefined();
  });

  it('answers an unknown uuid or project with the envelope', async () => {
    expect((await t.rest.get('/bndbox/projects/boxes/uuid/nope/thumbnail')).body).toMatchObject({ message: 0, error_code: 1 });
    expect((await t.rest.get(`/bndbox/projects/ghost/uuid/${uuidOf('wide.jpg')}/thumbnail`)).body).toMatchObject({ message: 0 });
  });

  it('says which file is missing, or that the whole folder is (a drive unplugged), and answers again once they are back', async () => {
    const dir = await makeTempDir('labelport-unplugged-');
    await writeImage(path.join(dir, 'a.png'), { format: 'png', width: 40, height: 30 });
    await t.rest.put('/v2/projects', { status: 'raw', project_name: 'unplugged', annotation_type: 'boundingbox', project_path: dir, label_file_path: '' });
    await t.scanSettled('bndbox', 'unplugged');
    const [uuid] = [...(await uuidMap('bndbox', 'unplugged')).values()];
    const read = async () => (await t.rest.get(`/bndbox/projects/unplugged/uuid/${uuid}/thumbnail`)).body;

    fs.renameSync(path.join(dir, 'a.png'), path.join(dir, 'a.png.away'));
    expect(await read()).toMatchObject({ message: 0, error_message: `The file a.png is not in the project folder ${dir} (missing, or a link leading outside it)` });
    fs.renameSync(path.join(dir, 'a.png.away'), path.join(dir, 'a.png'));
    fs.renameSync(dir, `${dir}-away`);
    expect(await read()).toMatchObject({ message: 0, error_message: `The project folder ${dir} is missing: plug in its drive, or reload the project once it is back` });
    fs.renameSync(`${dir}-away`, dir);
    expect(await read()).toMatchObject({ message: 1, uuid });
  });
});

describe('imgsrc', () => {
  it('answers the original bytes with the right MIME type', async () => {
    for (const [rel, mime] of [['wide.jpg', 'image/jpeg'], ['tall.png', 'image/png'], ['sub/tiny.bmp', 'image/bmp'], ['photo.webp', 'image/webp']]) {
      const reply = await t.rest.get(`/bndbox/projects/boxes/uuid/${uuidOf(rel ?? '')}/imgsrc`);
      const src = String(reply.body.img_src);
      expect(src.startsWith(`data:${mime};base64,`), rel).toBe(true);
      expect(Buffer.from(src.split(',')[1] ?? '', 'base64').equals(fs.readFileSync(path.join(folder, rel ?? '')))).toBe(true);
    }
  });
});

describe('update', () => {
  const box = { x1: 10.5, y1: 20.25, x2: 110, y2: 220, lineWidth: 2, color: 'rgba(0,255,0,1.0)', distancetoImg: { x: 5, y: 7 }, label: 'car', id: 1612202114305123 };

  it('saves what the client sends and the next thumbnail returns it', async () => {
    const uuid = uuidOf('wide.jpg');
    const before = projectMetaOutput.parse((await t.rest.get('/bndbox/projects/boxes/meta')).body).content[0]?.last_modified_date;
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const record = await thumb(uuid);
    const reply = await t.rest.put(`/bndbox/projects/boxes/uuid/${uuid}/update`, {
      ...record,
      bnd_box: [box, { ...box, label: 'person', id: 'abc', subLabel: [{ label: 'helmet', region: '1' }] }],
      img_x: 212.5, img_y: 48, img_w: 800, img_h: 450,
      extra_key_from_a_newer_client: true,
    });
    expect(reply).toMatchObject({ status: 200, body: { message: 1 } });
    const saved = await thumb(uuid);
    expect(saved.bnd_box).toEqual([
      { x1: 10.5, y1: 20.25, x2: 110, y2: 220, lineWidth: 2, color: 'rgba(0,255,0,1.0)', distancetoImg: { x: 5, y: 7 }, label: 'car', id: '1612202114305123' },
      { x1: 10.5, y1: 20.25, x2: 110, y2: 220, lineWidth: 2, color: 'rgba(0,255,0,1.0)', subLabel: [{ label: 'helmet', region: '1' }], distancetoImg: { x: 5, y: 7 }, label: 'person', id: 'abc' },
    ]);
    expect([saved.img_x, saved.img_y, saved.img_w, saved.img_h]).toEqual([212.5, 48, 800, 450]);
    const after = projectMetaOutput.parse((await t.rest.get('/bndbox/projects/boxes/meta')).body).content[0]?.last_modified_date;
    expect(after).not.toBe(before);
  });

  it('counts the saved objects in the statistics, and an emptied image as unlabeled', async () => {
    const stats = statisticOutput.parse((await t.rest.get('/v2/bndbox/projects/boxes/statistic')).body);
    expect(stats).toMatchObject({ labeled_image: 1, unlabeled_image: 4 });
    expect(stats.label_per_class_in_project).toEqual(expect.arrayContaining([{ label: 'car', count: 1 }, { label: 'person', count: 1 }]));
    const uuid = uuidOf('tall.png');
    await t.rest.put(`/bndbox/projects/boxes/uuid/${uuid}/update`, { uuid, bnd_box: [box], img_x: 0, img_y: 0, img_w: 300, img_h: 600 });
    await t.rest.put(`/bndbox/projects/boxes/uuid/${uuid}/update`, { uuid, bnd_box: [], img_x: 0, img_y: 0, img_w: 300, img_h: 600 });
    const again = statisticOutput.parse((await t.rest.get('/v2/bndbox/projects/boxes/statistic')).body);
    expect(again).toMatchObject({ labeled_image: 1, unlabeled_image: 4 });
  });

  it('saves polygons of a seg project', async () => {
    const [uuid = ''] = [...(await uuidMap('seg', 'roads')).values()];
    const polygon = { coorPt: [{ x: 10, y: 12, distancetoImg: { x: 3, y: 4 } }, { x: 50.5, y: 12 }, { x: 30, y: 40 }], label: 'road', id: 7, lineWidth: 2, color: 'rgba(0,255,0,1.0)', region: '1', subLabel: [] };
    expect((await t.rest.put(`/seg/projects/roads/uuid/${uuid}/update`, { uuid, polygons: [polygon], img_x: 0, img_y: 0, img_w: 640, img_h: 480 })).body).toEqual({ message: 1 });
    const saved = await thumb(uuid, 'seg', 'roads');
    expect(saved.polygons).toEqual([{
      coorPt: [{ x: 10, y: 12, distancetoImg: { x: 3, y: 4 } }, { x: 50.5, y: 12, distancetoImg: null }, { x: 30, y: 40, distancetoImg: null }],
      lineWidth: 2, color: 'rgba(0,255,0,1.0)', region: '1', subLabel: [], label: 'road', id: '7',
    }]);
  });

  it('refuses bad bodies with the envelope and changes nothing', async () => {
    const uuid = uuidOf('wide.jpg');
    const before = await thumb(uuid);
    const cases: Array<[string, Record<string, unknown>, number]> = [
      ['string coordinate', { uuid, bnd_box: [{ ...box, x1: '12' }] }, 400],
      ['null coordinate', { uuid, bnd_box: [{ ...box, y2: null }] }, 400],
      ['missing coordinate', { uuid, bnd_box: [{ x1: 1, y1: 2, x2: 3 }] }, 400],
      ['boxes not an array', { uuid, bnd_box: { x1: 1 } }, 400],
      ['missing bnd_box', { uuid, img_x: 1 }, 400],
      ['other uuid in body', { uuid: uuidOf('tall.png'), bnd_box: [] }, 400],
      ['placement as text', { uuid, bnd_box: [], img_w: 'wide' }, 400],
    ];
    for (const [what, body, status] of cases) {
      const reply = await t.rest.put(`/bndbox/projects/boxes/uuid/${uuid}/update`, body);
      expect(reply.status, what).toBe(status);
      expect(reply.body, what).toMatchObject({ message: 0, error_code: expect.any(Number), error_message: expect.any(String) });
    }
    const unknown = await t.rest.put('/bndbox/projects/boxes/uuid/nope/update', { uuid: 'nope', bnd_box: [] });
    expect(unknown).toMatchObject({ status: 200, body: { message: 0, error_code: 1 } });
    const twoPoints = await t.rest.put(`/seg/projects/roads/uuid/x/update`, { polygons: [{ coorPt: [{ x: 1, y: 1 }, { x: 2, y: 2 }] }] });
    expect(twoPoints.status).toBe(400);
    const nan = await t.rest.send('PUT', `/bndbox/projects/boxes/uuid/${uuid}/update`, `{"uuid":"${uuid}","bnd_box":[{"x1":NaN,"y1":1,"x2":2,"y2":3}]}`);
    expect(nan.status).toBe(400);
    expect(await thumb(uuid)).toEqual(before);
  });
});

describe('labels', () => {
  it('replaces the label list', async () => {
    expect((await t.rest.put('/bndbox/projects/boxes/newlabels', { label_list: ['car', 'person', 'bike'] })).body).toEqual({ message: 1 });
    await t.rest.get('/bndbox/projects/boxes');
    const status = loadingStatusOutput.parse((await t.rest.get('/bndbox/projects/boxes/loadingstatus')).body);
    expect(status.label_list).toEqual(['car', 'person', 'bike']);
    expect((await t.rest.put('/bndbox/projects/boxes/newlabels', { label_list: 'car' })).status).toBe(400);
  });
});

describe('add, rename, delete', () => {
  const pngDataUrl = async (width: number, height: number) =>
    `data:image/png;base64,${(await sharp({ create: { width, height, channels: 3, background: '#336699' } }).png().toBuffer()).toString('base64')}`;

  it('adds uploaded images without overwriting, then a reload gives them uuids', async () => {
    fs.writeFileSync(path.join(folder, '.labelport-0123456789ab.partial'), 'left by an add a crash interrupted');
    const reply = await t.rest.put('/v2/bndbox/projects/boxes/add', {
      img_name_list: ['new.png', 'tall.png'],
      img_base64_list: [await pngDataUrl(40, 30), await pngDataUrl(41, 31)],
    });
    expect(reply.body).toEqual({ message: 1 });
    await t.core.jobs.settled(`add:${(await t.core.projects.get('bndbox', 'boxes')).id}`);
    expect((await t.rest.get('/v2/bndbox/projects/boxes/addstatus')).body).toMatchObject({ message: 1, add_image_status: 0, add_image_message: 'IMAGES_ADDED' });
    expect(fs.existsSync(path.join(folder, 'new.png'))).toBe(true);
    expect(fs.existsSync(path.join(folder, 'tall(1).png'))).toBe(true);
    expect((await sharp(path.join(folder, 'tall.png')).metadata()).width).toBe(300);
    expect(fs.readdirSync(folder).filter((name) => name.startsWith('.labelport-'))).toEqual([]);
    await t.rest.put('/v2/bndbox/projects/boxes/reload');
    await t.scanSettled('bndbox', 'boxes');
    const reload = reloadStatusOutput.parse((await t.rest.get('/v2/bndbox/projects/boxes/reloadstatus')).body);
    expect(reload.uuid_add_list).toHaveLength(2);
  });

  it('refuses bad uploads and writes nothing', async () => {
    const before = snapshotFolder(folder);
    const cases = [
      { img_name_list: ['../escape.png'], img_base64_list: [await pngDataUrl(4, 4)] },
      { img_name_list: ['sub/inner.png'], img_base64_list: [await pngDataUrl(4, 4)] },
      { img_name_list: ['text.png'], img_base64_list: ['data:text/plain;base64,aGVsbG8='] },
      { img_name_list: ['a.png', 'b.png'], img_base64_list: [await pngDataUrl(4, 4)] },
      { img_name_list: ['ok.png', 'nobase64.png'], img_base64_list: [await pngDataUrl(4, 4), 'data:image/png,xyz'] },
    ];
    for (const body of cases) {
      const reply = await t.rest.put('/v2/bndbox/projects/boxes/add', body);
      expect(reply.status, JSON.stringify(body.img_name_list)).toBe(400);
    }
    expect(snapshotFolder(folder)).toEqual(before);
  });

  it('copies the images of a chosen folder when the body is empty', async () => {
    const source = await makeTempDir('labelport-source-');
    await writeImage(path.join(source, 'picked.jpg'), { format: 'jpeg', width: 30, height: 20 });
    fs.writeFileSync(path.join(source, 'readme.txt'), 'not an image');
    t.chooser.next.folder = source;
    expect((await t.rest.put('/v2/bndbox/projects/boxes/add', {})).body).toEqual({ message: 1 });
    await t.core.jobs.settled(`add:${(await t.core.projects.get('bndbox', 'boxes')).id}`);
    expect(fs.existsSync(path.join(folder, 'picked.jpg'))).toBe(true);
    expect(fs.existsSync(path.join(folder, 'readme.txt'))).toBe(false);
  });

  it('refuses uploads while another add of the project runs, instead of dropping them', async () => {
    const choose = t.chooser.choose;
    let answer: (folder: string) => void = () => undefined;
    t.chooser.choose = () => new Promise((resolve) => (answer = resolve));
    try {
      // An add from a folder waits in its dialog meanwhile.
      expect((await t.rest.put('/v2/bndbox/projects/boxes/add', {})).body).toEqual({ message: 1 });
      const before = snapshotFolder(folder);
      const reply = await t.rest.put('/v2/bndbox/projects/boxes/add', { img_name_list: ['late.png'], img_base64_list: [await pngDataUrl(4, 4)] });
      expect(reply.body).toMatchObject({ message: 0, error_message: expect.stringMatching(/being added to this project already/) });
      expect(snapshotFolder(folder)).toEqual(before);
    } finally {
      answer('');
      t.chooser.choose = choose;
      await t.core.jobs.settled(`add:${(await t.core.projects.get('bndbox', 'boxes')).id}`);
    }
  });

  it('renames an image in place, keeps its extension and its shapes', async () => {
    const uuid = uuidOf('wide.jpg');
    const shapes = (await thumb(uuid)).bnd_box;
    const reply = await t.rest.put('/v2/bndbox/projects/boxes/imgsrc/rename', { uuid, new_fname: 'landscape.png' });
    uuids.set('landscape.jpg', uuid);
    expect(reply.body).toEqual({ message: 1, error_code: 3, error_message: 'RENAME_SUCCESS', img_path: path.join(folder, 'landscape.jpg') });
    expect(fs.existsSync(path.join(folder, 'wide.jpg'))).toBe(false);
    expect(fs.existsSync(path.join(folder, 'landscape.jpg'))).toBe(true);
    const record = await thumb(uuid);
    expect(record.img_path).toBe(path.join(folder, 'landscape.jpg'));
    expect(record.bnd_box).toEqual(shapes);
  });

  it('refuses the name of an image missing from the folder, whose shapes wait for it there, changing nothing', async () => {
    // rotated.jpg leaves the folder; a reload keeps its record (and shapes) for when it is back.
    const away = path.join(await makeTempDir('labelport-away-'), 'rotated.jpg');
    fs.renameSync(path.join(folder, 'rotated.jpg'), away);
    await t.rest.put('/v2/bndbox/projects/boxes/reload');
    await t.scanSettled('bndbox', 'boxes');
    const before = snapshotFolder(folder);
    const reply = await t.rest.put('/v2/bndbox/projects/boxes/imgsrc/rename', { uuid: uuidOf('landscape.jpg'), new_fname: 'rotated' });
    expect(reply.body).toMatchObject({ message: 0, error_code: 1, error_message: 'Name exists', img_path: null });
    expect(snapshotFolder(folder)).toEqual(before);
    expect((await thumb(uuidOf('landscape.jpg'))).img_path).toBe(path.join(folder, 'landscape.jpg'));
    fs.renameSync(away, path.join(folder, 'rotated.jpg'));
    await t.rest.put('/v2/bndbox/projects/boxes/reload');
    await t.scanSettled('bndbox', 'boxes');
  });

  it('refuses a taken name, illegal characters and traversal, changing nothing', async () => {
    const uuid = uuidOf('tall.png');
    const before = snapshotFolder(folder);
    const cases: Array<[string, number]> = [['new.png', 1], ['bad name.png', 2], ['../up.png', 2], ['..', 2], ['a/b.png', 2], ['', 2], ['a&b.png', 2], ['x#y.png', 2], ['q"r.png', 2], ['back\\slash.png', 2], ['c^d.png', 2]];
    for (const [name, code] of cases) {
      const reply = await t.rest.put('/v2/bndbox/projects/boxes/imgsrc/rename', { uuid, new_fname: name });
      expect(reply.body, name).toMatchObject({ message: 0, error_code: code, img_path: null });
    }
    expect(snapshotFolder(folder)).toEqual(before);
    expect((await t.rest.put('/v2/bndbox/projects/boxes/imgsrc/rename', { uuid: 'nope', new_fname: 'x.png' })).body).toMatchObject({ message: 0, error_code: 1 });
  });

  it('moves a deleted image into the deleted folder and answers the remaining uuids', async () => {
    const uuid = uuidOf('tall.png');
    const bytes = fs.readFileSync(path.join(folder, 'tall.png'));
    const victim = path.join(folder, 'photo.webp');
    const victimBytes = fs.readFileSync(victim);
    fs.mkdirSync(path.join(folder, '.classifai_deleted_data'), { recursive: true });
    fs.writeFileSync(path.join(folder, '.classifai_deleted_data', 'tall.png'), 'an older deleted file');
    const reply = await t.rest.delete('/v2/bndbox/projects/boxes/uuids', { uuid_list: [uuid], img_path_list: [victim] });
    expect(reply.body.message).toBe(1);
    const remaining = reply.body.uuid_list as string[];
    expect(remaining).not.toContain(uuid);
    const status = loadingStatusOutput.parse((await t.rest.get('/bndbox/projects/boxes/loadingstatus')).body);
    expect(remaining).toEqual(status.uuid_list);
    expect(fs.existsSync(path.join(folder, 'tall.png'))).toBe(false);
    expect(fs.readFileSync(path.join(folder, '.classifai_deleted_data', 'tall(1).png')).equals(bytes)).toBe(true);
    expect(fs.readFileSync(path.join(folder, '.classifai_deleted_data', 'tall.png'), 'utf8')).toBe('an older deleted file');
    expect(fs.readFileSync(victim).equals(victimBytes)).toBe(true);
    expect((await t.rest.get(`/bndbox/projects/boxes/uuid/${uuid}/thumbnail`)).body).toMatchObject({ message: 0 });
  });

  it('refuses an unknown uuid and moves nothing', async () => {
    const before = snapshotFolder(folder);
    const reply = await t.rest.delete('/v2/bndbox/projects/boxes/uuids', { uuid_list: [uuidOf('photo.webp'), 'nope'], img_path_list: [] });
    expect(reply).toMatchObject({ status: 200, body: { message: 0, error_code: 1 } });
    expect(snapshotFolder(folder)).toEqual(before);
    expect((await t.rest.delete('/v2/bndbox/projects/boxes/uuids', { uuid_list: [{ uuid: 'x' }] })).status).toBe(400);
    expect((await t.rest.delete('/v2/bndbox/projects/boxes/uuids', { uuid_list: 5 })).status).toBe(400);
    expect((await t.rest.send('DELETE', '/v2/bndbox/projects/boxes/uuids', '[1]')).status).toBe(400);
    expect(snapshotFolder(folder)).toEqual(before);
  });

  it('refuses a list field given as one value (uuid_list: "<uuid>") and moves nothing', async () => {
    const uuid = uuidOf('photo.webp');
    const before = snapshotFolder(folder);
    const uuidsBefore = loadingStatusOutput.parse((await t.rest.get('/bndbox/projects/boxes/loadingstatus')).body).uuid_list;
    for (const body of [{ uuid_list: uuid }, { uuid_list: uuid, img_path_list: [] }, { uuid_list: [uuid], img_path_list: path.join(folder, 'photo.webp') }]) {
      const reply = await t.rest.delete('/v2/bndbox/projects/boxes/uuids', body);
      expect(reply, JSON.stringify(body)).toMatchObject({ status: 400, body: { message: 0, error_code: 2, error_message: expect.stringMatching(/list/) } });
    }
    expect(snapshotFolder(folder)).toEqual(before);
    expect(loadingStatusOutput.parse((await t.rest.get('/bndbox/projects/boxes/loadingstatus')).body).uuid_list).toEqual(uuidsBefore);
    expect((await t.rest.get(`/bndbox/projects/boxes/uuid/${uuid}/thumbnail`)).body).toMatchObject({ message: 1, uuid });
  });
});

describe('workspace procedures', () => {
  it('pages the image list with a labeled/unlabeled filter and counts', async () => {
    const caller = createCaller({ core: t.core, transport: 'trpc', actor: null });
    const all = await caller.image.page({ annotation_type: 'bndbox', project_name: 'boxes', limit: 2 });
    expect(all.items).toHaveLength(2);
    expect(all.total).toBe(all.filtered_total);
    const labeled = await caller.image.page({ annotation_type: 'bndbox', project_name: 'boxes', filter: 'labeled' });
    expect(labeled.items.map((item) => item.img_path)).toEqual(['landscape.jpg']);
    expect(labeled.items[0]?.shape_count).toBe(2);
    const unlabeled = await caller.image.page({ annotation_type: 'bndbox', project_name: 'boxes', filter: 'unlabeled', limit: 500 });
    expect(unlabeled.filtered_total).toBe(all.total - 1);
  });
  it("lists each image with its file's version: a file replaced under the same name and reloaded gets a new one", async () => {
    const caller = createCaller({ core: t.core, transport: 'trpc', actor: null });
    const ids = { annotation_type: 'bndbox' as const, project_name: 'boxes' };
    const versions = async () => new Map((await caller.image.page({ ...ids, limit: 500 })).items.map((item) => [item.img_path, item.file_version]));
    const reload = async () => {
      await t.rest.put('/v2/bndbox/projects/boxes/reload');
      await t.scanSettled('bndbox', 'boxes');
    };
    const before = await versions();
    await reload();
    expect(await versions()).toEqual(before);
    const uuid = uuidOf('photo.webp');
    await writeImage(path.join(folder, 'photo.webp'), { format: 'webp', width: 32, height: 48 });
    await reload();
    const after = await versions();
    expect(after.get('photo.webp')).not.toBe(before.get('photo.webp'));
    expect(new Map([...after].filter(([file]) => file !== 'photo.webp'))).toEqual(new Map([...before].filter(([file]) => file !== 'photo.webp')));
    expect((await caller.annotation.forEditor({ ...ids, uuids: [uuid] }))[0]).toMatchObject({ width: 32, height: 48 });
    await writeImage(path.join(folder, 'photo.webp'), { format: 'webp', width: 64, height: 48 });
    await reload();
  });

  it('refuses bad editor saves and label changes, changing nothing', async () => {
    const caller = createCaller({ core: t.core, transport: 'trpc', actor: null });
    const ids = { annotation_type: 'bndbox' as const, project_name: 'boxes' };
    const uuid = uuidOf('photo.webp');
    const before = await thumb(uuid);
    await expect(caller.annotation.saveFromEditor({ ...ids, uuid, shapes: [{ id: 'p', kind: 'polygon', points: [{ x: 1, y: 1 }, { x: 2, y: 2 }], label: 'car' }] })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(caller.annotation.saveFromEditor({ ...ids, uuid: 'nope', shapes: [] })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    for (const edited_at of [-1, 1.5, '1700000000000'] as unknown as number[]) {
      await expect(caller.annotation.saveFromEditor({ ...ids, uuid, shapes: [], edited_at })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    }
    // No version is that high: refused as bad input on both stores (PostgreSQL's integer overflowed into a 500).
    await expect(caller.annotation.saveFromEditor({ ...ids, uuid, shapes: [], base_version: 2 ** 31 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await thumb(uuid)).toEqual(before);
    await expect(caller.label.rename({ ...ids, from: 'car', to: 'person' })).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(caller.label.add({ ...ids, label: '  ' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect((await caller.label.list(ids)).map((label) => label.name)).toEqual(['car', 'person', 'bike']);
  });

  it('saves editor shapes in pixels so classifai clients see them in place', async () => {
    const caller = createCaller({ core: t.core, transport: 'trpc', actor: null });
    const ids = { annotation_type: 'bndbox' as const, project_name: 'boxes' };
    const uuid = uuidOf('photo.webp');
    await caller.annotation.saveFromEditor({ ...ids, uuid, shapes: [{ id: 'e1', kind: 'box', x: 4, y: 5, w: 10.5, h: 6, label: 'bike' }] });
    const record = await thumb(uuid);
    expect([record.img_x, record.img_y, record.img_w, record.img_h]).toEqual([0, 0, 64, 48]);
    expect(record.bnd_box).toEqual([expect.objectContaining({ x1: 4, y1: 5, x2: 14.5, y2: 11, label: 'bike', id: 'e1' })]);
    const [shown] = await caller.annotation.forEditor({ ...ids, uuids: [uuid] });
    expect(shown?.shapes).toEqual([{ id: 'e1', kind: 'box', x: 4, y: 5, w: 10.5, h: 6, label: 'bike' }]);

    // A state made before the stored one (a late keepalive, a replayed journal) answers success and changes nothing.
    await caller.annotation.saveFromEditor({ ...ids, uuid, shapes: [], edited_at: Date.now() - 60_000 });
    expect((await caller.annotation.forEditor({ ...ids, uuids: [uuid] }))[0]?.shapes).toHaveLength(1);
  });

  it('deletes an image for the workspace without answering the uuids left', async () => {
    const caller = createCaller({ core: t.core, transport: 'trpc', actor: null });
    const ids = { annotation_type: 'seg' as const, project_name: 'roads' };
    const [uuid] = loadingStatusOutput.parse((await t.rest.get('/seg/projects/roads/loadingstatus')).body).uuid_list ?? [];
    const bytes = fs.readFileSync(path.join(segFolder, 'road.png'));
    const before = snapshotFolder(segFolder);
    await expect(caller.image.delete({ ...ids, uuid_list: [uuid ?? '', 'nope'] })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(caller.image.delete({ ...ids, uuid_list: uuid as never })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(caller.image.delete({ ...ids, project_name: 'nope', uuid_list: [uuid ?? ''] })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(snapshotFolder(segFolder)).toEqual(before);

    expect(await caller.image.delete({ ...ids, uuid_list: [uuid ?? ''] })).toEqual({ deleted: 1 });
    expect(fs.existsSync(path.join(segFolder, 'road.png'))).toBe(false);
    expect(fs.readFileSync(path.join(segFolder, '.classifai_deleted_data', 'road.png')).equals(bytes)).toBe(true);
    expect(loadingStatusOutput.parse((await t.rest.get('/seg/projects/roads/loadingstatus')).body).uuid_list).toEqual([]);
    expect((await caller.image.page({ ...ids })).total).toBe(0);
  });
});
