// The label operations on real SQLite; the REST paths classifai clients call see their effect.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, writeImage } from '@/server/testing/image-fixtures';
import { createTestCore, type TestCore } from '@/server/testing/test-core';
import type { BoxShape } from './types';

let t: TestCore;
let folder: string;

const box = (label: string, id: string): BoxShape => ({
  kind: 'box', x1: 1, y1: 1, x2: 5, y2: 5, distanceToImg: null, lineWidth: null, color: null, label, id,
});
const placement = { x: 0, y: 0, w: 64, h: 48 };

/** A bndbox project over the shared folder; answers its image uuids in path order. */
async function createProject(name: string, labels: string[] = []): Promise<readonly string[]> {
  const labelFile = path.join(folder, '..', `${name}-labels.txt`);
  fs.writeFileSync(labelFile, labels.join('\n'));
  await t.core.projects.create({ source: 'folder', name, type: 'bndbox', folder, labelFilePath: labelFile });
  await t.scanSettled('bndbox', name);
  await t.core.projects.load('bndbox', name);
  return (await t.core.projects.loadingStatus('bndbox', name)).uuids;
}

const labels = () => t.core.labels;
const names = (list: Array<{ name: string }>) => list.map((label) => label.name);
const shapeLabels = async (name: string, uuid: string) =>
  (await t.core.annotations.withImages('bndbox', name, [uuid]))[0]?.annotation.shapes.map((shape) => shape.label);

beforeAll(async () => {
  t = await createTestCore();
  folder = path.join(await makeTempDir('labelport-labels-'), 'images');
  await writeImage(path.join(folder, 'a.jpg'), { format: 'jpeg', width: 64, height: 48 });
  await writeImage(path.join(folder, 'b.png'), { format: 'png', width: 40, height: 30 });
  await writeImage(path.join(folder, 'c.png'), { format: 'png', width: 20, height: 20 });
});

afterAll(async () => {
  await t.close();
});

describe('add', () => {
  it('appends each label with a color no other label has', async () => {
    await createProject('quick', ['car']);
    for (const label of ['person', 'dog', 'cat']) await labels().add('bndbox', 'quick', label);
    const list = await labels().list('bndbox', 'quick');
    expect(names(list)).toEqual(['car', 'person', 'dog', 'cat']);
    expect(new Set(list.map((label) => label.color)).size).toBe(4);
    expect((await t.rest.get('/bndbox/projects/quick/loadingstatus')).body.label_list).toEqual(['car', 'person', 'dog', 'cat']);
  });

  it('keeps one entry and its color when a label is added again, and trims the name', async () => {
    await createProject('again', ['car']);
    const [car] = await labels().list('bndbox', 'again');
    expect(await labels().add('bndbox', 'again', ' car ', '#112233')).toEqual([car]);
    expect(await labels().add('bndbox', 'again', 'van', '#112233')).toEqual([car, { name: 'van', color: '#112233' }]);
  });

  it('refuses an empty or multi-line label, or a color that is none, and changes nothing', async () => {
    await createProject('refuse', ['car']);
    const before = await labels().list('bndbox', 'refuse');
    await expect(labels().add('bndbox', 'refuse', '   ')).rejects.toThrow(expect.objectContaining({ code: 'invalid_input' }));
    await expect(labels().add('bndbox', 'refuse', 'a\nb')).rejects.toThrow(expect.objectContaining({ code: 'invalid_input' }));
    await expect(labels().add('bndbox', 'refuse', 'van', 'url(x)')).rejects.toThrow(expect.objectContaining({ code: 'invalid_input' }));
    await expect(labels().add('bndbox', 'nope', 'van')).rejects.toThrow(expect.objectContaining({ code: 'not_found' }));
    expect(await labels().list('bndbox', 'refuse')).toEqual(before);
  });
});

describe('rename', () => {
  it('renames the label on every shape, also of an image missing at the last reload', async () => {
    const [a = '', b = '', c = ''] = await createProject('renamed', ['car', 'bus']);
    await t.core.annotations.update('bndbox', 'renamed', a, { shapes: [box('car', '1'), box('bus', '2')], placement });
    await t.core.annotations.update('bndbox', 'renamed', c, { shapes: [box('car', '3')], placement });
    const [car, bus] = await labels().list('bndbox', 'renamed');
    // c.png is away (an unplugged drive) while the rename happens.
    const cPath = path.join(folder, 'c.png');
    fs.renameSync(cPath, `${cPath}.away`);
    await t.core.projects.reload('bndbox', 'renamed');
    await t.scanSettled('bndbox', 'renamed');

    expect(await labels().rename('bndbox', 'renamed', 'car', 'truck')).toEqual([{ name: 'truck', color: car?.color }, bus]);
    fs.renameSync(`${cPath}.away`, cPath);
    await t.core.projects.reload('bndbox', 'renamed');
    await t.scanSettled('bndbox', 'renamed');
    expect(await shapeLabels('renamed', a)).toEqual(['truck', 'bus']);
    expect(await shapeLabels('renamed', b)).toEqual([]);
    expect(await shapeLabels('renamed', c)).toEqual(['truck']);
  });

  it('refuses a taken name, an unknown label or an empty name, and changes nothing', async () => {
    const [a = ''] = await createProject('rename-refused', ['car', 'bus']);
    await t.core.annotations.update('bndbox', 'rename-refused', a, { shapes: [box('car', '1')], placement });
    const before = await labels().list('bndbox', 'rename-refused');
    await expect(labels().rename('bndbox', 'rename-refused', 'car', 'bus')).rejects.toThrow(expect.objectContaining({ code: 'already_exists' }));
    await expect(labels().rename('bndbox', 'rename-refused', 'boat', 'ship')).rejects.toThrow(expect.objectContaining({ code: 'not_found' }));
    await expect(labels().rename('bndbox', 'rename-refused', 'car', ' ')).rejects.toThrow(expect.objectContaining({ code: 'invalid_input' }));
    expect(await labels().list('bndbox', 'rename-refused')).toEqual(before);
    expect(await shapeLabels('rename-refused', a)).toEqual(['car']);
  });
});

describe('recolor and remove', () => {
  it('recolors one label and leaves the others', async () => {
    await createProject('colors', ['car', 'bus']);
    const [, bus] = await labels().list('bndbox', 'colors');
    expect(await labels().recolor('bndbox', 'colors', 'car', 'rgba(1,2,3,1.0)')).toEqual([{ name: 'car', color: 'rgba(1,2,3,1.0)' }, bus]);
    await expect(labels().recolor('bndbox', 'colors', 'car', 'red; x')).rejects.toThrow(expect.objectContaining({ code: 'invalid_input' }));
    await expect(labels().recolor('bndbox', 'colors', 'boat', '#000000')).rejects.toThrow(expect.objectContaining({ code: 'not_found' }));
    expect((await labels().list('bndbox', 'colors'))[0]?.color).toBe('rgba(1,2,3,1.0)');
  });

  it('takes a used label off the list on confirm while its shapes keep it and the statistics count it', async () => {
    const [a = ''] = await createProject('removed', ['car', 'bus']);
    await t.core.annotations.update('bndbox', 'removed', a, { shapes: [box('car', '1')], placement });
    await expect(labels().remove('bndbox', 'removed', 'car')).rejects.toThrow(expect.objectContaining({ code: 'in_use', message: expect.stringMatching(/^1 shape on 1 image use car/) }));
    expect(names(await labels().remove('bndbox', 'removed', 'car', { confirm: true }))).toEqual(['bus']);
    expect(names(await labels().remove('bndbox', 'removed', 'car'))).toEqual(['bus']);
    expect(await shapeLabels('removed', a)).toEqual(['car']);
    expect((await t.core.projects.statistic('bndbox', 'removed')).perLabel).toEqual([{ label: 'car', count: 1 }, { label: 'bus', count: 0 }]);
    // Added again, it goes to the end of the list.
    expect(names(await labels().add('bndbox', 'removed', 'car'))).toEqual(['bus', 'car']);
  });
});

describe('newlabels (classifai V1)', () => {
  it('still replaces the whole list, keeping the colors of labels that stay', async () => {
    await createProject('v1', ['car', 'bus']);
    const [car] = await labels().list('bndbox', 'v1');
    expect((await t.rest.put('/bndbox/projects/v1/newlabels', { label_list: ['bike', 'car'] })).body).toEqual({ message: 1 });
    const list = await labels().list('bndbox', 'v1');
    expect(names(list)).toEqual(['bike', 'car']);
    expect(list[1]).toEqual(car);
  });

  it('takes a name renamed away since the client read the list as the name it became', async () => {
    const [a = ''] = await createProject('v1-stale', ['car', 'bike']);
    await t.core.annotations.update('bndbox', 'v1-stale', a, { shapes: [box('bike', '1')], placement });
    await labels().rename('bndbox', 'v1-stale', 'bike', 'cycle');
    // The client adds truck to the list it read before the rename.
    expect((await t.rest.put('/bndbox/projects/v1-stale/newlabels', { label_list: ['car', 'bike', 'truck'] })).body).toEqual({ message: 1 });
    expect(names(await labels().list('bndbox', 'v1-stale'))).toEqual(['car', 'cycle', 'truck']);
    expect(await shapeLabels('v1-stale', a)).toEqual(['cycle']);
    // A list that sends the new name too is kept as sent: the old name is a label added again.
    await t.rest.put('/bndbox/projects/v1-stale/newlabels', { label_list: ['car', 'cycle', 'bike'] });
    expect(names(await labels().list('bndbox', 'v1-stale'))).toEqual(['car', 'cycle', 'bike']);
  });
});
