// The editor's save and read on a real core: pixel shapes in, classifai canvas space stored.
import { AsyncLocalStorage } from 'node:async_hooks';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeTempDir, writeImage } from '@/server/testing/image-fixtures';
import { createTestCore, type TestCore, type TestCoreOptions } from '@/server/testing/test-core';
import { actAs } from './users/acting-user';
import type { Repositories } from './repositories';
import type { BoxShape } from './types';

let t: TestCore;
let uuids: readonly string[];
let uuid: string;
// What the database saw, in order: a 'commit' per outermost transaction that committed.
const events: string[] = [];
let storage: Repositories;

function watchCommits(repos: Repositories): Repositories {
  storage = repos;
  // Transactions of other requests may run meanwhile: the nesting is the caller's async context's.
  const depth = new AsyncLocalStorage<number>();
  const inTransaction = async <T>(fn: () => Promise<T>): Promise<T> => {
    const outer = depth.getStore() === undefined;
    const result = await repos.inTransaction(() => depth.run((depth.getStore() ?? 0) + 1, fn));
    if (outer) events.push('commit');
    return result;
  };
  return { ...repos, inTransaction };
}

const box = (id: string, x1: number): BoxShape => ({ kind: 'box', x1, y1: 10, x2: x1 + 20, y2: 30, distanceToImg: null, lineWidth: 2, color: null, label: 'cat', id });
const placement = { x: 0, y: 0, w: 400, h: 200 };
const storedShapes = async (uuidOf: string) => (await t.core.annotations.withImages('bndbox', 'shapes', [uuidOf]))[0]?.annotation.shapes;

/** A core with project "shapes" (wide.png and four small images, label cat); sets t, uuids and uuid. */
async function openShapesProject(options: TestCoreOptions): Promise<void> {
  t = await createTestCore({ ...options, wrapRepositories: watchCommits });
  const folder = await makeTempDir('labelport-annotation-service-');
  await writeImage(path.join(folder, 'wide.png'), { format: 'png', width: 400, height: 200 });
  for (const name of ['a', 'b', 'c', 'd']) await writeImage(path.join(folder, `${name}.png`), { format: 'png', width: 40, height: 30 });
  await t.core.projects.create({ source: 'folder', name: 'shapes', type: 'bndbox', folder, labelFilePath: '' });
  await t.scanSettled('bndbox', 'shapes');
  await t.core.labels.add('bndbox', 'shapes', 'cat');
  await t.core.labels.recolor('bndbox', 'shapes', 'cat', 'rgba(1,2,3,1.0)');
  uuids = (await t.core.projects.loadingStatus('bndbox', 'shapes')).uuids;
  uuid = (await t.core.images.page('bndbox', 'shapes', { filter: 'all' }, 0, 10)).items.find(({ image }) => image.relPath === 'wide.png')?.image.uuid ?? '';
}

beforeAll(() => openShapesProject({}), 30_000);

afterAll(() => t.close());

describe('annotation service', () => {
  it('stores an editor box drawn right to left as a normal box, in the label colour, placed as the image itself', async () => {
    await t.core.annotations.saveEditorShapes('bndbox', 'shapes', uuid, [{ id: 'b1', kind: 'box', x: 150, y: 80, w: -100, h: -50, label: 'cat' }]);
    const [stored] = await t.core.annotations.withImages('bndbox', 'shapes', [uuid]);
    expect(stored?.annotation.placement).toEqual({ x: 0, y: 0, w: 400, h: 200 });
    expect(stored?.annotation.shapes).toEqual([expect.objectContaining({ kind: 'box', x1: 50, y1: 30, x2: 150, y2: 80, color: 'rgba(1,2,3,1.0)', label: 'cat', id: 'b1' })]);
    expect((await t.core.annotations.editorImages('bndbox', 'shapes', [uuid]))[0]?.shapes).toEqual([{ id: 'b1', kind: 'box', x: 50, y: 30, w: 100, h: 50, label: 'cat' }]);
  });

  it('gives the editor pixels for shapes a classifai client saved in its canvas space', async () => {
    // The client drew the 400x200 image at (100,50) scaled to 200x100.
    const shapes = [{ kind: 'box' as const, x1: 110, y1: 60, x2: 160, y2: 85, distanceToImg: null, lineWidth: 2, color: null, label: 'cat', id: 'c1' }];
    await t.core.annotations.update('bndbox', 'shapes', uuid, { shapes, placement: { x: 100, y: 50, w: 200, h: 100 } });
    expect((await t.core.annotations.editorImages('bndbox', 'shapes', [uuid]))[0]?.shapes).toEqual([{ id: 'c1', kind: 'box', x: 20, y: 20, w: 100, h: 50, label: 'cat' }]);
  });

  it("reads the project's labels once a save, for the colours and the renamed labels alike (a statement on PostgreSQL)", async () => {
    const reads = vi.spyOn(storage.labels, 'list');
    try {
      await t.core.annotations.saveEditorShapes('bndbox', 'shapes', uuid, [{ id: 'b1', kind: 'box', x: 1, y: 1, w: 5, h: 5, label: 'cat' }]);
      expect(reads).toHaveBeenCalledTimes(1);
    } finally {
      reads.mockRestore();
    }
  });

  it('refuses a save for an unknown image or project and changes nothing', async () => {
    const before = await t.core.annotations.withImages('bndbox', 'shapes', [uuid]);
    await expect(t.core.annotations.saveEditorShapes('bndbox', 'shapes', 'nope', [])).rejects.toMatchObject({ code: 'not_found' });
    await expect(t.core.annotations.saveEditorShapes('bndbox', 'ghost', uuid, [])).rejects.toMatchObject({ code: 'not_found' });
    expect(await t.core.annotations.withImages('bndbox', 'shapes', [uuid])).toEqual(before);
  });
});

describe('the order of states', () => {
  const box = (label: string) => [{ id: 'o1', kind: 'box' as const, x: 1, y: 1, w: 5, h: 5, label }];
  const labelOf = async (image: string) => (await t.core.annotations.editorImages('bndbox', 'shapes', [image]))[0]?.shapes[0]?.label;

  it('keeps the newer state when an older one arrives late (a slow autosave, a replayed journal)', async () => {
    const image = uuids[1] ?? '';
    const now = Date.now();
    await t.core.annotations.saveEditorShapes('bndbox', 'shapes', image, box('newer'), { editedAt: now - 1_000 });
    await t.core.annotations.saveEditorShapes('bndbox', 'shapes', image, box('older'), { editedAt: now - 5_000 });
    expect(await labelOf(image)).toBe('newer');
  });

  it('does not let a late save of a state from before a label rename bring the old name back', async () => {
    const image = uuids[3] ?? '';
    const now = Date.now();
    await t.core.labels.add('bndbox', 'shapes', 'dog');
    await t.core.annotations.saveEditorShapes('bndbox', 'shapes', image, box('dog'), { editedAt: now - 10_000 });
    await t.core.labels.rename('bndbox', 'shapes', 'dog', 'wolf');
    await t.core.annotations.saveEditorShapes('bndbox', 'shapes', image, box('dog'), { editedAt: now - 5_000 });
    expect(await labelOf(image)).toBe('wolf');
  });

  it('does not let a browser clock running ahead outrank the updates that follow', async () => {
    const image = uuids[2] ?? '';
    await t.core.annotations.saveEditorShapes('bndbox', 'shapes', image, box('ahead'), { editedAt: Date.now() + 3_600_000 });
    const shapes = [{ kind: 'box' as const, x1: 1, y1: 1, x2: 6, y2: 6, distanceToImg: null, lineWidth: 2, color: null, label: 'classifai', id: 'o2' }];
    await new Promise((resolve) => setTimeout(resolve, 5));
    await t.core.annotations.update('bndbox', 'shapes', image, { shapes, placement: { x: 0, y: 0, w: 40, h: 30 } });
    expect(await labelOf(image)).toBe('classifai');
  });
});

describe('a label renamed or merged after the client read the labels', () => {
  const shapes = (...labels: string[]) => labels.map((label, index) => ({ id: `r${index}`, kind: 'box' as const, x: 1, y: 1, w: 5, h: 5, label }));
  const labelsOf = async (image: string) => (await t.core.annotations.editorImages('bndbox', 'shapes', [image]))[0]?.shapes.map((shape) => shape.label);
  const versionOf = async (image: string) => (await t.core.annotations.editorImages('bndbox', 'shapes', [image]))[0]?.version ?? -1;
  const labels = () => t.core.labels;

  it('stores a shape sent with the old name as the name it became, through every later rename and merge', async () => {
    const image = uuids[0] ?? '';
    for (const label of ['bike', 'moped']) await labels().add('bndbox', 'shapes', label);
    // The image had no bike: the rename changed nothing on it, and the save grew from its version.
    await labels().rename('bndbox', 'shapes', 'bike', 'cycle');
    const saved = await t.core.annotations.saveEditorShapes('bndbox', 'shapes', image, shapes('bike', 'cat'), { baseVersion: await versionOf(image) });
    expect(saved.saved).toBe(true);
    expect(await labelsOf(image)).toEqual(['cycle', 'cat']);
    // In the colour of the label it became, as a shape drawn with that label is.
    const cycle = (await labels().list('bndbox', 'shapes')).find((label) => label.name === 'cycle');
    expect((await storedShapes(image))?.[0]?.color).toBe(cycle?.color);
    await labels().rename('bndbox', 'shapes', 'cycle', 'velo');
    await labels().merge('bndbox', 'shapes', 'velo', 'moped');
    const classifai = (label: string, id: string) => ({ kind: 'box' as const, x1: 1, y1: 1, x2: 6, y2: 6, distanceToImg: null, lineWidth: 2, color: null, label, id });
    await t.core.annotations.update('bndbox', 'shapes', image, { shapes: [classifai('bike', 'k1'), classifai('cycle', 'k2')], placement });
    expect(await labelsOf(image)).toEqual(['moped', 'moped']);
  });

  it('keeps the label as sent when the name it became is gone, or when the old name is a label again', async () => {
    const image = uuids[0] ?? '';
    await labels().add('bndbox', 'shapes', 'van');
    await labels().rename('bndbox', 'shapes', 'van', 'lorry');
    await labels().remove('bndbox', 'shapes', 'lorry', { confirm: true });
    await labels().add('bndbox', 'shapes', 'scooter');
    await labels().rename('bndbox', 'shapes', 'scooter', 'kickboard');
    await labels().add('bndbox', 'shapes', 'scooter');
    await t.core.annotations.saveEditorShapes('bndbox', 'shapes', image, shapes('van', 'scooter'));
    expect(await labelsOf(image)).toEqual(['van', 'scooter']);
  });
});

// Group commit shares SQLite's one fsync among the saves that reach it in the same event-loop
// turn. On PostgreSQL it runs too, but each save first looks its project up over its own pooled
// connection, so saves sent at once reach it a few turns apart and may form two groups (each
// server process commits concurrently there anyway): these tests run on SQLite in every run.
describe('saves arriving together (group commit, SQLite store)', () => {
  beforeAll(async () => {
    await t.close();
    await openShapesProject({ store: 'sqlite' });
  }, 30_000);

  it('commits saves sent at once in one transaction and answers each only after that commit', async () => {
    events.length = 0;
    const saves = uuids.map((each, index) =>
      t.core.annotations.update('bndbox', 'shapes', each, { shapes: [box(`g${index}`, index)], placement }).then(() => events.push(`answered ${index}`)),
    );
    await Promise.all(saves);
    expect(events).toEqual(['commit', ...uuids.map((_, index) => `answered ${index}`)]);
    for (const [index, each] of uuids.entries()) expect(await storedShapes(each)).toEqual([box(`g${index}`, index)]);
  });

  it('fails a save whose image went away while it waited, alone: the others of its group are stored', async () => {
    const [first = '', second = '', third = ''] = uuids;
    events.length = 0;
    const saved = t.core.annotations.update('bndbox', 'shapes', first, { shapes: [box('kept-1', 1)], placement });
    const lost = t.core.annotations.update('bndbox', 'shapes', second, { shapes: [box('lost', 2)], placement });
    const alsoSaved = t.core.annotations.saveEditorShapes('bndbox', 'shapes', third, [{ id: 'kept-3', kind: 'box', x: 1, y: 2, w: 3, h: 4, label: 'cat' }]);
    const refused = t.core.annotations.update('bndbox', 'shapes', 'no-such-image', { shapes: [box('never', 3)], placement });
    // The image leaves the project after its save was accepted, before the group is applied.
    await storage.images.delete((await t.core.projects.get('bndbox', 'shapes')).id, second);

    await expect(refused).rejects.toMatchObject({ code: 'not_found' });
    await expect(lost).rejects.toMatchObject({ code: 'not_found' });
    await saved;
    await alsoSaved;
    expect(events.filter((event) => event === 'commit')).toHaveLength(1);
    expect(await storedShapes(first)).toEqual([box('kept-1', 1)]);
    expect(await storedShapes(third)).toEqual([expect.objectContaining({ id: 'kept-3', label: 'cat' })]);
  });
});

describe('two annotators on one image', () => {
  const shapes = (label: string, id = 'v1') => [{ id, kind: 'box' as const, x: 2, y: 2, w: 8, h: 8, label }];
  const versionOf = async (image: string) => (await t.core.annotations.editorImages('bndbox', 'shapes', [image]))[0]?.version ?? -1;

  it("refuses a save grown from an older version, answering what is stored and who stored it; nothing of either is lost", async () => {
    const image = uuids[4] ?? '';
    const base = await versionOf(image);
    const alice = await actAs('alice', () => t.core.annotations.saveEditorShapes('bndbox', 'shapes', image, shapes('alice-box'), { baseVersion: base }));
    expect(alice).toEqual({ saved: true, version: base + 1 });
    // Bob loaded the image before Alice's save.
    const bob = await actAs('bob', () => t.core.annotations.saveEditorShapes('bndbox', 'shapes', image, shapes('bob-box', 'v2'), { baseVersion: base }));
    expect(bob).toMatchObject({ saved: false, conflict: { version: base + 1, shapes: shapes('alice-box'), change: { actor: 'alice', source: 'workspace', version: base + 1 } } });
    expect((await t.core.annotations.editorImages('bndbox', 'shapes', [image]))[0]?.shapes).toEqual(shapes('alice-box'));
    // Keep mine: saved over the version the conflict named.
    const kept = await actAs('bob', () => t.core.annotations.saveEditorShapes('bndbox', 'shapes', image, shapes('bob-box', 'v2'), { baseVersion: base + 1 }));
    expect(kept).toEqual({ saved: true, version: base + 2 });
    const history = await t.core.annotations.history('bndbox', 'shapes', image);
    expect(history.slice(0, 2).map(({ actor, version, source }) => ({ actor, version, source }))).toEqual([
      { actor: 'bob', version: base + 2, source: 'workspace' },
      { actor: 'alice', version: base + 1, source: 'workspace' },
    ]);
  });

  it("takes this tab's own save replayed after a reload (same shapes, older base) as a success", async () => {
    const image = uuids[4] ?? '';
    const base = await versionOf(image);
    expect(await t.core.annotations.saveEditorShapes('bndbox', 'shapes', image, shapes('mine'), { baseVersion: base })).toEqual({ saved: true, version: base + 1 });
    expect(await t.core.annotations.saveEditorShapes('bndbox', 'shapes', image, shapes('mine'), { baseVersion: base })).toEqual({ saved: true, version: base + 1 });
  });

  it("takes a closing tab's last state, grown from a base its own earlier save has since moved on, as a save, not a conflict", async () => {
    const image = uuids[4] ?? '';
    const base = await versionOf(image);
    const tab = { baseVersion: base, clientId: 'tab-closing-1' };
    expect(await t.core.annotations.saveEditorShapes('bndbox', 'shapes', image, shapes('first'), tab)).toEqual({ saved: true, version: base + 1 });
    // Its next state left as the tab closed, still claiming the old base.
    expect(await t.core.annotations.saveEditorShapes('bndbox', 'shapes', image, [...shapes('first'), ...shapes('second', 'v3')], tab)).toEqual({ saved: true, version: base + 2 });
    // Another tab with that old base is someone else.
    const other = await t.core.annotations.saveEditorShapes('bndbox', 'shapes', image, shapes('other'), { baseVersion: base, clientId: 'tab-other-1' });
    expect(other.saved).toBe(false);
  });

  it('keeps the state the user kept in a conflict, though it was drawn before the version it is kept over', async () => {
    const image = uuids[4] ?? '';
    const base = await versionOf(image);
    const drawnAt = Date.now() - 5_000;
    const bobsTab = { editedAt: drawnAt, clientId: 'tab-bob-keep' };
    await actAs('alice', () => t.core.annotations.saveEditorShapes('bndbox', 'shapes', image, shapes('alice-first'), { baseVersion: base, clientId: 'tab-alice-keep' }));
    const bob = await actAs('bob', () => t.core.annotations.saveEditorShapes('bndbox', 'shapes', image, shapes('bob-kept', 'v2'), { ...bobsTab, baseVersion: base }));
    expect(bob.saved).toBe(false);
    // Keep mine: the same state, its time still when it was drawn, over the version the conflict named.
    const kept = await actAs('bob', () => t.core.annotations.saveEditorShapes('bndbox', 'shapes', image, shapes('bob-kept', 'v2'), { ...bobsTab, baseVersion: base + 1 }));
    expect(kept).toEqual({ saved: true, version: base + 2 });
    expect((await t.core.annotations.editorImages('bndbox', 'shapes', [image]))[0]?.shapes).toEqual(shapes('bob-kept', 'v2'));
  });

  it("stores a state grown from the stored version though the browser's clock runs behind the server's", async () => {
    const image = uuids[4] ?? '';
    const classifaiShapes = [{ kind: 'box' as const, x1: 1, y1: 1, x2: 6, y2: 6, distanceToImg: null, lineWidth: 2, color: null, label: 'cat', id: 'k0' }];
    await t.core.annotations.update('bndbox', 'shapes', image, { shapes: classifaiShapes, placement: { x: 0, y: 0, w: 40, h: 30 } });
    const loaded = await versionOf(image);
    const behind = Date.now() - 120_000;
    const saved = await t.core.annotations.saveEditorShapes('bndbox', 'shapes', image, shapes('drawn-behind'), { editedAt: behind, baseVersion: loaded, clientId: 'tab-behind' });
    expect(saved).toEqual({ saved: true, version: loaded + 1 });
    expect((await t.core.annotations.editorImages('bndbox', 'shapes', [image]))[0]?.shapes).toEqual(shapes('drawn-behind'));
  });

  it('takes a state that follows a label rename made since its base as a save; one with the old name stays a conflict', async () => {
    const image = uuids[4] ?? '';
    await t.core.labels.add('bndbox', 'shapes', 'fox');
    const base = await versionOf(image);
    const renamer = { clientId: 'tab-renamer' };
    expect(await t.core.annotations.saveEditorShapes('bndbox', 'shapes', image, shapes('fox'), { ...renamer, baseVersion: base })).toEqual({ saved: true, version: base + 1 });
    await t.core.labels.rename('bndbox', 'shapes', 'fox', 'vixen');
    expect(await versionOf(image)).toBe(base + 2);
    // Another tab that still has the old name would write it back: a conflict, nothing stored.
    const stale = await t.core.annotations.saveEditorShapes('bndbox', 'shapes', image, [...shapes('fox'), ...shapes('cat', 'v7')], { baseVersion: base + 1, clientId: 'tab-stale' });
    expect(stale).toMatchObject({ saved: false, conflict: { version: base + 2, shapes: shapes('vixen') } });
    // The tab that renamed it draws on with the new name, its cached version still the one before the rename.
    const next = await t.core.annotations.saveEditorShapes('bndbox', 'shapes', image, [...shapes('vixen'), ...shapes('cat', 'v8')], { ...renamer, baseVersion: base + 1 });
    expect(next).toEqual({ saved: true, version: base + 3 });
    expect((await t.core.annotations.editorImages('bndbox', 'shapes', [image]))[0]?.shapes).toEqual([...shapes('vixen'), ...shapes('cat', 'v8')]);
  });

  it('lets a classifai update win over anything (its clients expect that), counting a version and logging it', async () => {
    const image = uuids[4] ?? '';
    const base = await versionOf(image);
    const classifaiShapes = [{ kind: 'box' as const, x1: 1, y1: 1, x2: 6, y2: 6, distanceToImg: null, lineWidth: 2, color: null, label: 'cat', id: 'k1' }];
    await actAs('carol', () => t.core.annotations.update('bndbox', 'shapes', image, { shapes: classifaiShapes, placement: { x: 0, y: 0, w: 40, h: 30 } }));
    expect(await versionOf(image)).toBe(base + 1);
    expect((await t.core.annotations.history('bndbox', 'shapes', image))[0]).toMatchObject({ actor: 'carol', source: 'classifai', shapeCount: 1 });
    // A workspace that loaded before it now meets a conflict instead of overwriting it.
    const late = await t.core.annotations.saveEditorShapes('bndbox', 'shapes', image, shapes('late'), { baseVersion: base });
    expect(late.saved).toBe(false);
  });
});
