// What every store (SQLite embedded, PostgreSQL for teams) must answer alike: one suite, run
// by each store's test file against a real database. Cases use only the Repositories interface.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Project } from '@/server/core/types';
import { box, image, type OpenStore, placement, project, useStore } from './repository-contract.fixtures';
import { describeLabelContract } from './repository-contract.labels';
import { describeSharingContract } from './repository-contract.sharing';
import { describeUserContract } from './repository-contract.users';

export type { OpenedStore, OpenStore } from './repository-contract.fixtures';

/** multiProcess: several processes may serve one database; each opened store gives openAnother. */
export function describeRepositoryContract(storeName: string, open: OpenStore, options: { multiProcess?: boolean } = {}): void {
  describe(`${storeName} repositories`, () => {
    // Each group opens its own fresh store per test.
    describe('images and annotations', () => describeImageContract(open));
    describe('class table, split and hashes', () => describeLabelContract(open));
    describe('transactions, jobs and other processes', () => describeSharingContract(open, { multiProcess: options.multiProcess ?? false }));
    describe('users, sessions and tokens', () => describeUserContract(open, { multiProcess: options.multiProcess ?? false }));
  });
}

function describeImageContract(open: OpenStore): void {
  const s = useStore(open);
  beforeEach(async () => {
    for (const id of ['p', 'other']) await s.repos.projects.insert(project(id));
    await s.repos.images.insertMany('p', [image('b', 'b.png'), image('a', 'a.png'), image('c', 'c.png')]);
    await s.repos.images.insertMany('other', [image('x', 'x.png')]);
  });

  describe('uuid list of a project', () => {
    it("follows every change of the project's images, in path order", async () => {
      const { images, projects } = s.repos;
      expect(await images.listUuids('p')).toEqual(['a', 'b', 'c']);
      await images.insertMany('p', [image('d', '0.png')]);
      expect(await images.listUuids('p')).toEqual(['d', 'a', 'b', 'c']);
      await images.rename('p', 'a', 'z.png');
      expect(await images.listUuids('p')).toEqual(['d', 'b', 'c', 'a']);
      await images.setPresent('p', ['b'], false);
      expect(await images.listUuids('p')).toEqual(['d', 'c', 'a']);
      expect(await images.counts('p')).toEqual({ total: 3, labeled: 0 });
      await images.setPresent('p', ['b'], true);
      expect(await images.listUuids('p')).toEqual(['d', 'b', 'c', 'a']);
      await images.delete('p', 'c');
      expect(await images.listUuids('p')).toEqual(['d', 'b', 'a']);
      expect(await images.counts('p')).toEqual({ total: 3, labeled: 0 });
      await projects.delete('p');
      expect(await images.listUuids('p')).toEqual([]);
      expect(await images.counts('p')).toEqual({ total: 0, labeled: 0 });
      expect(await images.listUuids('other')).toEqual(['x']);
    });

    it("keeps a change of one project out of another project's list", async () => {
      const { images } = s.repos;
      expect(await images.listUuids('other')).toEqual(['x']);
      await images.delete('p', 'a');
      await images.insertMany('other', [image('y', 'y.png')]);
      expect(await images.listUuids('p')).toEqual(['b', 'c']);
      expect(await images.listUuids('other')).toEqual(['x', 'y']);
    });

    it('is read once while only shapes change, and the counts still see the new shapes', async () => {
      const { images, annotations } = s.repos;
      const list = await images.listUuids('p');
      expect(await images.counts('p')).toEqual({ total: 3, labeled: 0 });
      await annotations.save('p', 'a', { shapes: [box('cat')], placement }, 1);
      expect(await images.listUuids('p')).toBe(list);
      expect(await images.counts('p')).toEqual({ total: 3, labeled: 1 });
      await annotations.save('p', 'a', { shapes: [], placement }, 2);
      expect(await images.counts('p')).toEqual({ total: 3, labeled: 0 });
    });

    it('takes thousands of images in one call (past any batch size), every one listed in path order', async () => {
      const many = Array.from({ length: 6_001 }, (_, index) => image(`u${index}`, `many/${String(index).padStart(5, '0')}.png`));
      await s.repos.images.insertMany('other', many);
      const uuids = await s.repos.images.listUuids('other');
      expect(uuids).toHaveLength(6_002);
      expect(uuids.slice(0, 3)).toEqual(['u0', 'u1', 'u2']);
      expect(uuids.at(-2)).toBe('u6000');
      expect(await s.repos.images.counts('other')).toEqual({ total: 6_002, labeled: 0 });
    });
  });

  describe('projects', () => {
    it('are found by type and name, and keep every change made to them', async () => {
      const { projects, labels } = s.repos;
      await projects.insert(project('s', { name: 'Same', type: 'seg', createdAt: 1_700_000_000_001, lastModifiedAt: 1_700_000_000_002 }));
      await projects.insert(project('b', { name: 'Same' }));
      await expect(projects.insert(project('b2', { name: 'Same' }))).rejects.toThrow();
      await labels.replace('s', [{ name: 'cat', color: '#111111' }]);
      expect(await projects.findByName('seg', 'Same')).toEqual(
        project('s', { name: 'Same', type: 'seg', createdAt: 1_700_000_000_001, lastModifiedAt: 1_700_000_000_002, labels: ['cat'] }),
      );
      await projects.setStarred('s', true);
      await projects.markOpened('s');
      await projects.rename('s', 'Renamed');
      await projects.touchModified('s', 1_700_000_000_999);
      expect(await projects.findById('s')).toMatchObject({ name: 'Renamed', isStarred: true, isNew: false, lastModifiedAt: 1_700_000_000_999 });
      expect(await projects.findByName('seg', 'Same')).toBeUndefined();
      expect((await projects.findByName('bndbox', 'Same'))?.id).toBe('b');
      await projects.delete('s');
      expect(await projects.findById('s')).toBeUndefined();
      expect(await labels.list('s')).toEqual([]);
    });

    // A store may keep what it read of a project (SQLite does): each change must still show.
    it('show every change in the next read, however they were read before it', async () => {
      const { projects, labels } = s.repos;
      await projects.insert(project('kept', { name: 'Kept' }));
      const readEveryWay = async (name: string) => [
        await projects.findByName('bndbox', name),
        await projects.findById('kept'),
        (await projects.listByType('bndbox')).find((found) => found.id === 'kept'),
        (await projects.listAll()).find((found) => found.id === 'kept'),
      ];
      const expectEveryWay = async (expected: Partial<Project>, name = 'Kept') => {
        for (const found of await readEveryWay(name)) expect(found).toMatchObject(expected);
      };
      await readEveryWay('Kept');
      await labels.append('kept', { name: 'car', color: '#111111' });
      await expectEveryWay({ labels: ['car'] });
      await labels.rename('kept', 'car', 'auto');
      await expectEveryWay({ labels: ['auto'] });
      await labels.replace('kept', [{ name: 'bike', color: '#222222' }, { name: 'auto', color: '#111111' }]);
      await expectEveryWay({ labels: ['bike', 'auto'] });
      await labels.remove('kept', 'bike');
      await projects.setStarred('kept', true);
      await projects.markOpened('kept');
      await expectEveryWay({ labels: ['auto'], isStarred: true, isNew: false, lastModifiedAt: 0 });
      await projects.touchModified('kept', 5);
      await expectEveryWay({ labels: ['auto'], isStarred: true, isNew: false, lastModifiedAt: 5 });
      expect(await projects.sessionState('kept')).toEqual({ loaded: false, open: false });
      await projects.setSessionState('kept', { loaded: true, open: true });
      expect(await projects.sessionState('kept')).toEqual({ loaded: true, open: true });
      await projects.resetSessionStates();
      expect(await projects.sessionState('kept')).toEqual({ loaded: false, open: false });

      // What a caller does to a project it was handed is not what the next caller reads.
      const handed = await projects.findById('kept');
      handed?.labels.push('changed');
      if (handed) handed.name = 'changed';
      await expectEveryWay({ name: 'Kept', labels: ['auto'] });

      await projects.rename('kept', 'Moved');
      expect(await projects.findByName('bndbox', 'Kept')).toBeUndefined();
      await expectEveryWay({ name: 'Moved' }, 'Moved');
      await projects.delete('kept');
      expect(await readEveryWay('Moved')).toEqual([undefined, undefined, undefined, undefined]);
    });

    it('read inside a transaction that rolls back are read again as they were', async () => {
      const { projects, labels } = s.repos;
      await projects.insert(project('undone', { name: 'Before' }));
      await expect(
        s.repos.inTransaction(async () => {
          await projects.rename('undone', 'During');
          await labels.append('undone', { name: 'car', color: '#111111' });
          expect(await projects.findByName('bndbox', 'During')).toMatchObject({ labels: ['car'] });
          expect(await projects.findById('undone')).toMatchObject({ name: 'During' });
          throw new Error('undone');
        }),
      ).rejects.toThrow('undone');
      expect(await projects.findByName('bndbox', 'During')).toBeUndefined();
      expect(await projects.findByName('bndbox', 'Before')).toMatchObject({ id: 'undone', labels: [] });
      expect(await projects.findById('undone')).toMatchObject({ name: 'Before', labels: [] });
    });
  });

  describe('order', () => {
    beforeEach(async () => {
      await s.repos.images.insertMany('other', [image('img10', 'img10.png'), image('B', 'B.png'), image('img2', 'img2.png'), image('e', 'é.png'), image('sub', 'img2/a.png')]);
    });
    const uuidsOf = (records: Array<{ uuid: string }>) => records.map((record) => record.uuid);

    it('is path byte order for exports and classifai (upper case before lower, digits as text)', async () => {
      const expected = ['B', 'img10', 'img2', 'sub', 'x', 'e'];
      expect(uuidsOf(await s.repos.images.page('other', 'all', 0, 10))).toEqual(expected);
      expect(await s.repos.images.listUuids('other')).toEqual(expected);
      expect(uuidsOf(await s.repos.images.page('other', 'all', 2, 2))).toEqual(['img2', 'sub']);
      expect((await s.repos.splits.candidates('other')).map((candidate) => candidate.uuid)).toEqual(expected);
    });

    it('is natural and case-insensitive in the workspace, a folder\'s images together', async () => {
      const expected = ['B', 'sub', 'img2', 'img10', 'x', 'e'];
      expect(uuidsOf(await s.repos.images.naturalPage('other', 'all', 0, 10))).toEqual(expected);
      expect(uuidsOf((await s.repos.images.listPage('other', { filter: 'all' }, 0, 10)).map(({ image }) => image))).toEqual(expected);
      expect(uuidsOf((await s.repos.images.listPage('other', { filter: 'all' }, 3, 2)).map(({ image }) => image))).toEqual(['img10', 'x']);
      expect(await s.repos.images.locate('other', { filter: 'all' }, 'IMG10.PNG', 'file_name')).toEqual({ uuid: 'img10', index: 3 });
      expect(await s.repos.images.locate('other', { filter: 'all' }, 'a.png', 'file_name')).toEqual({ uuid: 'sub', index: 1 });
      expect(await s.repos.images.locate('other', { filter: 'all' }, 'G10', 'contains')).toEqual({ uuid: 'img10', index: 3 });
      expect(await s.repos.images.locate('other', { filter: 'all' }, 'img2.png', 'path')).toEqual({ uuid: 'img2', index: 2 });
      // lower() folds ASCII only, as SQLite's: É is not é.
      expect(await s.repos.images.locate('other', { filter: 'all' }, 'É.png', 'file_name')).toBeUndefined();
    });

    it('lists projects by name in byte order', async () => {
      for (const name of ['beta', 'Zeta', 'alpha', 'Émile']) await s.repos.projects.insert(project(`id-${name}`, { name }));
      await s.repos.projects.insert(project('seg-one', { name: 'A', type: 'seg' }));
      expect((await s.repos.projects.listByType('bndbox')).map((p) => p.name)).toEqual(['Zeta', 'alpha', 'beta', 'other', 'p', 'Émile']);
      expect((await s.repos.projects.listAll()).map((p) => p.name)).toEqual(['Zeta', 'alpha', 'beta', 'other', 'p', 'Émile', 'A']);
    });
  });

  describe('deep pages of the workspace list', () => {
    const uuidsOf = (listed: Array<{ image: { uuid: string } }>) => listed.map(({ image }) => image.uuid);
    const pages = async (projectId: string, offsets: number[]) =>
      Promise.all(offsets.map(async (offset) => uuidsOf(await s.repos.images.listPage(projectId, { filter: 'all' }, offset, 7))));
    // Offsets around the positions whose keys the SQLite store remembers (every 256th).
    const offsets = [0, 250, 255, 256, 257, 511, 512, 600, 1020, 1100, 1198, 1200, 5000];
    const expectPagesOfTheWholeList = async (projectId: string) => {
      const whole = uuidsOf(await s.repos.images.listPage(projectId, { filter: 'all' }, 0, 10_000));
      expect(await pages(projectId, offsets)).toEqual(offsets.map((offset) => whole.slice(offset, offset + 7)));
      return whole;
    };

    it('are the slices of the whole list, also after images come, go and are renamed', async () => {
      const { images } = s.repos;
      await s.repos.projects.insert(project('big'));
      await images.insertMany('big', Array.from({ length: 1200 }, (_, i) => image(`u${i}`, `img${i}.png`)));
      const before = await expectPagesOfTheWholeList('big');
      expect(before.slice(0, 3)).toEqual(['u0', 'u1', 'u2']);
      expect(before.slice(-1)).toEqual(['u1199']);
      // Each change moves the images after it: a page read from positions known before it would be off.
      await images.insertMany('big', [image('first', 'a.png')]);
      expect((await expectPagesOfTheWholeList('big'))[300]).toBe('u299');
      await images.rename('big', 'u5', 'zz.png');
      expect((await expectPagesOfTheWholeList('big'))[300]).toBe('u300');
      await images.setPresent('big', ['u0', 'u1'], false);
      expect((await expectPagesOfTheWholeList('big'))[300]).toBe('u302');
      await images.delete('big', 'u2');
      expect((await expectPagesOfTheWholeList('big'))[300]).toBe('u303');
      // A save changes neither which images are listed nor their order.
      await s.repos.annotations.save('big', 'u400', { shapes: [box('cat')], placement }, 1);
      expect((await expectPagesOfTheWholeList('big'))[300]).toBe('u303');
      await s.repos.projects.delete('big');
      expect(await pages('big', [600])).toEqual([[]]);
    });
  });

  describe('strip lists', () => {
    beforeEach(async () => {
      await s.repos.annotations.save('p', 'b', { shapes: [box('cat'), box('cat', '2'), box('dog')], placement }, 1);
      await s.repos.annotations.save('p', 'c', { shapes: [box('dog')], placement }, 1);
    });

    it('filters by shapes and by label, counts and finds the next image without shapes', async () => {
      const { images } = s.repos;
      expect(await images.counts('p')).toEqual({ total: 3, labeled: 2 });
      expect((await images.naturalPage('p', 'labeled', 0, 10)).map((r) => r.uuid)).toEqual(['b', 'c']);
      expect((await images.page('p', 'unlabeled', 0, 10)).map((r) => r.uuid)).toEqual(['a']);
      expect((await images.listPage('p', { filter: 'all', label: 'dog' }, 0, 10)).map(({ image }) => image.uuid)).toEqual(['b', 'c']);
      // Each listed image carries its shape count, as saved.
      expect((await images.listPage('p', { filter: 'all' }, 0, 10)).map(({ image, shapeCount }) => [image.uuid, shapeCount])).toEqual([['a', 0], ['b', 3], ['c', 1]]);
      expect(await images.listCount('p', { filter: 'all', label: 'cat' })).toBe(1);
      expect(await images.listCount('p', { filter: 'unlabeled', label: 'cat' })).toBe(0);
      expect(await images.locate('p', { filter: 'labeled', label: 'dog' }, 'c.png', 'path')).toEqual({ uuid: 'c', index: 1 });
      expect(await images.nextUnlabeled('p', { filter: 'all' }, 0)).toBeUndefined();
      expect(await images.nextUnlabeled('p', { filter: 'all' }, 5)).toEqual({ uuid: 'a', index: 0 });
      expect(await images.nextUnlabeled('p', { filter: 'unlabeled' }, -1)).toEqual({ uuid: 'a', index: 0 });
      await images.rename('p', 'c', 'a0.png');
      expect((await images.listPage('p', { filter: 'all', label: 'dog' }, 0, 10)).map(({ image }) => image.relPath)).toEqual(['a0.png', 'b.png']);
      await images.setPresent('p', ['b'], false);
      expect(await images.listCount('p', { filter: 'all', label: 'dog' })).toBe(1);
      await images.delete('p', 'c');
      expect(await images.listCount('p', { filter: 'all', label: 'dog' })).toBe(0);
    });

    it('counts shapes per label and where a label is used', async () => {
      const { annotations } = s.repos;
      await annotations.save('p', 'a', { shapes: [box(null, 'n')], placement }, 1);
      expect(await annotations.countPerLabel('p')).toEqual([
        { label: null, count: 1 },
        { label: 'cat', count: 2 },
        { label: 'dog', count: 2 },
      ]);
      expect(await annotations.labelUsage('p', 'cat')).toEqual({ shapes: 2, images: 1 });
      expect(await annotations.labelUsage('p', 'bird')).toEqual({ shapes: 0, images: 0 });
      expect([...(await annotations.withLabel('p', 'dog')).keys()].sort()).toEqual(['b', 'c']);
    });
  });

  describe('annotations', () => {
    it('keeps the newer state: a save of an older editedAt changes nothing', async () => {
      const { annotations, images } = s.repos;
      const dataset = { coco: { id: 7, extra: { b: 1, a: [2.5, 'x'] } } };
      expect(await annotations.save('p', 'a', { shapes: [box('cat')], placement: { x: 1.5, y: 2, w: 3.25, h: 4 }, dataset }, 10)).toBe(1);
      expect(await annotations.save('p', 'a', { shapes: [box('dog')], placement }, 9)).toBeUndefined();
      expect(await annotations.get('p', 'a')).toEqual({ shapes: [box('cat')], placement: { x: 1.5, y: 2, w: 3.25, h: 4 }, dataset, version: 1, client: null });
      // The same moment again is the same editor state saved twice: it lands.
      expect(await annotations.save('p', 'a', { shapes: [box('cow')], placement }, 10)).toBe(2);
      expect((await annotations.get('p', 'a'))?.shapes).toEqual([box('cow')]);
      expect(await annotations.save('p', 'missing', { shapes: [], placement }, 11)).toBeUndefined();
      expect(await images.counts('p')).toEqual({ total: 3, labeled: 1 });
    });

    it('writes over a base version only while it is the stored one; a save without a record logs nothing', async () => {
      const { annotations } = s.repos;
      expect(await annotations.save('p', 'b', { shapes: [box('cat')], placement }, 1, { baseVersion: 0 })).toBe(1);
      // Two saves grown from version 1 at once: exactly one lands.
      const both = await Promise.all([
        annotations.save('p', 'b', { shapes: [box('dog')], placement }, 2, { baseVersion: 1 }),
        annotations.save('p', 'b', { shapes: [box('cow')], placement }, 2, { baseVersion: 1 }),
      ]);
      expect(both.filter((version) => version === 2)).toHaveLength(1);
      expect(both.filter((version) => version === undefined)).toHaveLength(1);
      // Without a base (classifai's update), the last write wins and still counts a version.
      expect(await annotations.save('p', 'b', { shapes: [box('emu')], placement }, 3)).toBe(3);
      expect((await annotations.get('p', 'b'))?.version).toBe(3);
      // A tab's own later version is not someone else's: its state grown from an older base still lands over it.
      expect(await annotations.save('p', 'b', { shapes: [box('fox')], placement }, 4, { baseVersion: 3, clientId: 'tab-one' })).toBe(4);
      expect(await annotations.save('p', 'b', { shapes: [box('gnu')], placement }, 5, { baseVersion: 3, clientId: 'tab-two' })).toBeUndefined();
      expect(await annotations.save('p', 'b', { shapes: [box('gnu')], placement }, 5, { baseVersion: 3, clientId: 'tab-one' })).toBe(5);
      expect((await annotations.get('p', 'b'))?.client).toBe('tab-one');
      // None of these carried a record.
      expect(await annotations.changes('p', 'b', 5)).toEqual([]);
    });

    it("logs a recorded save that lands and stamps its project's last change; one that does not land, neither", async () => {
      const { annotations, projects } = s.repos;
      const stampedBefore = (await projects.findById('p'))?.lastModifiedAt;
      expect(await annotations.save('p', 'b', { shapes: [box('cat')], placement }, 1, undefined, { actor: 'ann', at: 5_000, source: 'workspace' })).toBe(1);
      expect(await annotations.save('p', 'b', { shapes: [box('cat'), box('dog')], placement }, 2, { baseVersion: 1 }, { actor: 'bob', at: 7_000, source: 'classifai' })).toBe(2);
      expect(await annotations.changes('p', 'b', 1)).toEqual([{ version: 2, actor: 'bob', at: 7_000, source: 'classifai', shapeCount: 2 }]);
      expect(await annotations.changes('p', 'b', 5)).toEqual([
        { version: 2, actor: 'bob', at: 7_000, source: 'classifai', shapeCount: 2 },
        { version: 1, actor: 'ann', at: 5_000, source: 'workspace', shapeCount: 1 },
      ]);
      expect((await projects.findById('p'))?.lastModifiedAt).toBe(7_000);
      // Grown from a version no longer stored, or older than the stored state: not written, not logged, not stamped.
      expect(await annotations.save('p', 'b', { shapes: [box('emu')], placement }, 3, { baseVersion: 1 }, { actor: 'cy', at: 9_000, source: 'workspace' })).toBeUndefined();
      expect(await annotations.save('p', 'b', { shapes: [box('emu')], placement }, 1, undefined, { actor: 'cy', at: 9_000, source: 'classifai' })).toBeUndefined();
      expect(await annotations.save('p', 'missing', { shapes: [], placement }, 9, undefined, { actor: 'cy', at: 9_000, source: 'classifai' })).toBeUndefined();
      expect((await annotations.changes('p', 'b', 5)).map((change) => change.version)).toEqual([2, 1]);
      expect((await projects.findById('p'))?.lastModifiedAt).toBe(7_000);
      expect(stampedBefore).not.toBe(7_000);
    });

    it('answers stored shapes and dataset fields as they were given, key order included', async () => {
      const { annotations } = s.repos;
      const shape = { ...box('cat'), dataset: { voc: { z: 1, a: null, pose: 'Left' } } };
      await annotations.save('p', 'b', { shapes: [shape], placement }, 1);
      const found = await annotations.getMany('p', ['b', 'c', 'nope']);
      expect([...found.keys()].sort()).toEqual(['b', 'c']);
      expect(JSON.stringify(found.get('b')?.shapes)).toBe(JSON.stringify([shape]));
      expect(found.get('c')).toEqual({ shapes: [], placement: { x: 0, y: 0, w: 0, h: 0 }, version: 0, client: null });
    });

    it("reads many images' records and their own dataset fields by uuid, in one project only", async () => {
      const { annotations, images } = s.repos;
      const dataset = { voc: { file: 'b.xml', kept: { z: 1, a: [2, 'x'] } } };
      await annotations.save('p', 'b', { shapes: [box('cat')], placement, dataset }, 1);
      await annotations.save('p', 'c', { shapes: [box('dog')], placement }, 1);
      const found = await images.findMany('p', ['c', 'b', 'x', 'nope']);
      expect([...found.keys()].sort()).toEqual(['b', 'c']);
      expect(found.get('b')).toEqual(await images.find('p', 'b'));
      expect(await images.findMany('p', [])).toEqual(new Map());
      const fields = await annotations.datasetFields('p', ['b', 'c', 'x']);
      expect([...fields.keys()]).toEqual(['b']);
      expect(JSON.stringify(fields.get('b'))).toBe(JSON.stringify(dataset));
      expect(await s.repos.projects.datasetFields('p')).toEqual({});
      await s.repos.projects.setDatasetFields('p', { coco: { info: { year: 2024 } } });
      expect(await s.repos.projects.datasetFields('p')).toEqual({ coco: { info: { year: 2024 } } });
    });

    it('read with their image in one go, as each is read alone', async () => {
      const { annotations, images } = s.repos;
      const dataset = { voc: { file: 'b.xml' } };
      await annotations.save('p', 'b', { shapes: [box('cat'), box('dog')], placement: { x: 1, y: 2, w: 3, h: 4 }, dataset }, 1);
      for (const uuid of ['a', 'b']) {
        const both = await images.findWithAnnotation('p', uuid);
        expect(both?.image).toEqual(await images.find('p', uuid));
        expect(both?.annotation).toEqual(await annotations.get('p', uuid));
      }
      expect((await images.findWithAnnotation('p', 'b'))?.annotation.shapes.map((shape) => shape.label)).toEqual(['cat', 'dog']);
      expect(await images.findWithAnnotation('p', 'x')).toBeUndefined();
      expect(await images.findWithAnnotation('p', 'nope')).toBeUndefined();
    });
  });
}
