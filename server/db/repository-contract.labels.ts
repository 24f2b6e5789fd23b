// The contract's class table, split and hash cases (repository-contract.ts runs them per store).
import { beforeEach, describe, expect, it } from 'vitest';
import { box, image, type OpenStore, placement, project, useStore } from './repository-contract.fixtures';

export function describeLabelContract(open: OpenStore): void {
  const s = useStore(open);
  beforeEach(async () => {
    await s.repos.projects.insert(project('p'));
    await s.repos.images.insertMany('p', [image('a', 'a.png'), image('b', 'b.png'), image('c', 'c.png')]);
  });

  describe('class table', () => {
    const ids = async () => (await s.repos.labels.table('p')).map((row) => [row.name, row.classId]);

    it('numbers labels once and never hands a removed number to another label', async () => {
      const { labels, projects } = s.repos;
      await labels.replace('p', [{ name: 'cat', color: '#111111' }, { name: 'dog', color: '#222222' }]);
      await labels.append('p', { name: 'cow', color: '#333333', hotkey: 'c', cocoId: 40, yoloIndex: 2 });
      expect(await ids()).toEqual([['cat', 0], ['dog', 1], ['cow', 2]]);
      expect(await labels.remove('p', 'cow')).toBe(1);
      await labels.append('p', { name: 'owl', color: '#444444' });
      // Reordered and recolored: each keeps its number; a name back after removal gets a new one.
      await labels.replace('p', [{ name: 'owl', color: '#444444' }, { name: 'cat', color: '#999999' }, { name: 'cow', color: '#333333' }]);
      expect(await ids()).toEqual([['owl', 3], ['cat', 0], ['cow', 4]]);
      expect(await labels.list('p')).toEqual([
        { name: 'owl', color: '#444444' },
        { name: 'cat', color: '#999999' },
        { name: 'cow', color: '#333333' },
      ]);
      expect((await projects.findById('p'))?.labels).toEqual(['owl', 'cat', 'cow']);
    });

    it('keeps a label\'s numbers through a replace; a repeated name gets a row without them', async () => {
      const { labels } = s.repos;
      await labels.append('p', { name: 'cat', color: '#111111', hotkey: 'k', cocoId: 17, yoloIndex: 5 });
      await labels.replace('p', [{ name: 'cat', color: '#abcdef' }, { name: 'cat', color: '#000000' }]);
      expect(await labels.table('p')).toEqual([
        { name: 'cat', color: '#abcdef', classId: 0, hotkey: 'k', cocoId: 17, yoloIndex: 5 },
        { name: 'cat', color: '#000000', classId: 1, hotkey: null, cocoId: null, yoloIndex: null },
      ]);
    });

    it('renames, recolors and sets numbers, answering how many entries changed', async () => {
      const { labels } = s.repos;
      await labels.replace('p', [{ name: 'cat', color: '#111111' }, { name: 'dog', color: '#222222' }]);
      expect(await labels.rename('p', 'cat', 'lion')).toBe(1);
      expect(await labels.rename('p', 'nope', 'x')).toBe(0);
      expect(await labels.recolor('p', 'dog', '#ffffff')).toBe(1);
      expect(await labels.setNumbers('p', 'dog', { hotkey: 'd', yoloIndex: 0 })).toBe(1);
      expect(await labels.setNumbers('p', 'dog', { hotkey: null })).toBe(1);
      expect(await labels.setNumbers('p', 'dog', {})).toBe(0);
      expect(await labels.setNumbers('p', 'ghost', { cocoId: 3 })).toBe(0);
      expect(await labels.table('p')).toEqual([
        { name: 'lion', color: '#111111', classId: 0, hotkey: null, cocoId: null, yoloIndex: null },
        { name: 'dog', color: '#ffffff', classId: 1, hotkey: null, cocoId: null, yoloIndex: 0 },
      ]);
      await expect(labels.setNumbers('p', 'lion', { yoloIndex: 0 })).rejects.toThrow();
      expect((await labels.table('p'))[0]?.yoloIndex).toBeNull();
    });

    it('keeps each project\'s renames and merges in the order they were made', async () => {
      const { labels, projects } = s.repos;
      await projects.insert(project('q'));
      await labels.recordRename('p', { from: 'bike', to: 'cycle', at: 2_000 });
      await labels.recordRename('q', { from: 'car', to: 'auto', at: 1_500 });
      // Same millisecond, and earlier by a clock set back: still after the one before.
      await labels.recordRename('p', { from: 'cycle', to: 'Bike', at: 1_000 });
      await labels.recordRename('p', { from: 'Bike', to: 'bike', at: 1_000 });
      expect(await labels.renames('p')).toEqual([
        { from: 'bike', to: 'cycle', at: 2_000 },
        { from: 'cycle', to: 'Bike', at: 1_000 },
        { from: 'Bike', to: 'bike', at: 1_000 },
      ]);
      expect(await labels.renames('q')).toEqual([{ from: 'car', to: 'auto', at: 1_500 }]);
      await projects.delete('q');
      expect(await labels.renames('q')).toEqual([]);
    });
  });

  describe('split side on image records', () => {
    it('comes with pages in path and natural order, look-ups and list pages; absent when none', async () => {
      const { splits, images } = s.repos;
      await splits.setSide('p', ['a', 'c'], 'val');
      await splits.setSide('p', ['b'], 'train');
      await splits.setSide('p', ['c'], null);
      const sides = (records: Array<{ uuid: string; split?: string }>) => records.map((record) => [record.uuid, record.split]);
      const expected = [['a', 'val'], ['b', 'train'], ['c', undefined]];
      expect(sides(await images.page('p', 'all', 0, 10))).toEqual(expected);
      expect(sides(await images.naturalPage('p', 'all', 0, 10))).toEqual(expected);
      expect(sides((await images.listPage('p', { filter: 'all' }, 0, 10)).map(({ image }) => image))).toEqual(expected);
      expect((await images.find('p', 'b'))?.split).toBe('train');
      expect('split' in ((await images.find('p', 'c')) ?? {})).toBe(false);
    });

    it('says whether any present image has a side, which lays an export out by the split', async () => {
      const { splits, images } = s.repos;
      expect(await splits.hasSides('p')).toBe(false);
      await splits.setSide('p', ['b'], 'test');
      expect(await splits.hasSides('p')).toBe(true);
      await images.setPresent('p', ['b'], false);
      expect(await splits.hasSides('p')).toBe(false);
    });

    it('refuses a side that is not train, val or test, and keeps the one stored', async () => {
      await s.repos.splits.setSide('p', ['a'], 'val');
      await expect(s.repos.splits.setSide('p', ['a'], 'holdout' as never)).rejects.toThrow(/check/i);
      expect((await s.repos.images.find('p', 'a'))?.split).toBe('val');
    });

    it('keeps the seed and percentages of the last split', async () => {
      const { splits } = s.repos;
      expect(await splits.settings('p')).toEqual({ seed: 1, percentages: { train: 80, val: 20, test: 0 }, splitAt: null });
      await splits.saveSettings('p', { seed: 4_294_967_295, percentages: { train: 70, val: 20, test: 10 }, splitAt: 1_700_000_000_123 });
      expect(await splits.settings('p')).toEqual({ seed: 4_294_967_295, percentages: { train: 70, val: 20, test: 10 }, splitAt: 1_700_000_000_123 });
    });

    it('counts images per side, per label and without shapes', async () => {
      const { splits, annotations } = s.repos;
      await annotations.save('p', 'a', { shapes: [box('cat'), box('dog')], placement }, 1);
      await annotations.save('p', 'c', { shapes: [box('cat')], placement }, 1);
      const keyOf = (entry: { side: string | null; label?: string }) => `${entry.label ?? ''}/${entry.side ?? ''}`;
      const sorted = <T extends { side: string | null; label?: string }>(list: T[]) => [...list].sort((x, y) => keyOf(x).localeCompare(keyOf(y)));
      // Never split: every count is under no side.
      const unsplit = await splits.sideCounts('p');
      expect(unsplit.perSide).toEqual([{ side: null, images: 3 }]);
      expect(sorted(unsplit.perLabel)).toEqual(sorted([{ label: 'cat', side: null, images: 2 }, { label: 'dog', side: null, images: 1 }]));
      expect(unsplit.unlabeled).toEqual([{ side: null, images: 1 }]);
      await splits.setSide('p', ['a', 'b'], 'train');
      const counts = await splits.sideCounts('p');
      expect(sorted(counts.perSide)).toEqual(sorted([{ side: 'train', images: 2 }, { side: null, images: 1 }]));
      expect(sorted(counts.perLabel)).toEqual(
        sorted([
          { label: 'cat', side: 'train', images: 1 },
          { label: 'cat', side: null, images: 1 },
          { label: 'dog', side: 'train', images: 1 },
        ]),
      );
      expect(counts.unlabeled).toEqual([{ side: 'train', images: 1 }]);
      const pairs = (await splits.imageLabels('p')).map(({ uuid, label }) => `${uuid}:${label}`).sort();
      expect(pairs).toEqual(['a:cat', 'a:dog', 'c:cat']);
    });
  });

  describe('image hashes', () => {
    it('are kept by a rename and dropped when the file changes', async () => {
      const { splits, images } = s.repos;
      const hashes = { contentHash: '0123456789abcdef', perceptualHash: 'fedcba9876543210' };
      const made = { ...hashes, fileSize: 100, mtimeMs: 0 };
      await splits.setHashes('p', 'a', made);
      await splits.setHashes('p', 'b', made);
      expect(await splits.countUnhashed('p')).toBe(1);
      expect((await splits.unhashedPage('p', '', 10)).map((record) => record.uuid)).toEqual(['c']);
      await images.rename('p', 'a', 'z.png');
      expect((await splits.candidates('p')).find((candidate) => candidate.uuid === 'a')).toMatchObject({ relPath: 'z.png', ...hashes });
      // Only images with both hashes can be in a duplicate group, in path order.
      await splits.setSide('p', ['a'], 'val');
      expect(await splits.hashedCandidates('p')).toEqual([
        { uuid: 'b', relPath: 'b.png', fileSize: 100, mtimeMs: 0, ...hashes, split: null },
        { uuid: 'a', relPath: 'z.png', fileSize: 100, mtimeMs: 0, ...hashes, split: 'val' },
      ]);
      await splits.setSide('p', ['a'], null);
      // The rename service refreshes the file facts of the same bytes: the hashes stay.
      await images.updateFileFacts('p', 'a', { format: 'png', width: 4, height: 3, depth: 3, fileSize: 100, mtimeMs: 0, orientation: 6 });
      expect((await splits.candidates('p')).find((candidate) => candidate.uuid === 'a')).toMatchObject(hashes);
      expect((await images.find('p', 'a'))?.orientation).toBe(6);
      await images.updateFileFacts('p', 'b', { format: 'png', width: 5, height: 3, depth: 3, fileSize: 120, mtimeMs: 1_700_000_000_000 });
      expect(await images.find('p', 'b')).toEqual({ ...image('b', 'b.png'), projectId: 'p', width: 5, fileSize: 120, mtimeMs: 1_700_000_000_000 });
      expect((await splits.unhashedPage('p', '', 10)).map((record) => record.uuid)).toEqual(['b', 'c']);
      expect((await splits.unhashedPage('p', 'b.png', 10)).map((record) => record.uuid)).toEqual(['c']);
      // Hashes made from the file before it changed arrive late: they are not stored on the new file.
      await splits.setHashes('p', 'b', made);
      expect((await splits.unhashedPage('p', '', 10)).map((record) => record.uuid)).toEqual(['b', 'c']);
      const index = await images.pathIndex('p');
      expect(index.get('z.png')).toEqual({ ...image('a', 'z.png'), orientation: 6, present: true });
    });
  });
}
