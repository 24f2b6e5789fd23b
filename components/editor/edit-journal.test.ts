import { describe, expect, it } from 'vitest';
import { createEditJournal, memoryStash, type JournalBackend } from './edit-journal';
import { memoryBackend } from './testing/memory-journal';
import type { EditorShape } from './model/types';

const box = (x: number): EditorShape[] => [{ id: 'b', kind: 'box', x, y: 0, w: 10, h: 10, label: 'car' }];

describe('edit journal', () => {
  it('keeps an edit until the save of that very state is acknowledged', async () => {
    const { backend } = memoryBackend();
    const journal = createEditJournal('bndbox/p', backend);
    const first = box(1);
    const second = box(2);
    journal.record('img', first, 1);
    journal.record('img', second, 2);
    journal.acknowledged('img', first); // an older save landing late must not forget the newer edit
    await Promise.resolve();
    expect(await journal.pending()).toEqual([{ imageId: 'img', shapes: second, editedAt: 2 }]);
    journal.acknowledged('img', second);
    expect(await journal.pending()).toEqual([]);
  });

  it('replays only the entries of its own project, as a new page would read them', async () => {
    const { backend } = memoryBackend();
    for (const [project, x] of [['bndbox/a', 1], ['bndbox/b', 2]] as const) {
      const journal = createEditJournal(project, backend);
      journal.record('img', box(x), x);
      journal.flush(); // the page goes away
    }
    const reopened = createEditJournal('bndbox/a', backend);
    expect(await reopened.pending()).toEqual([{ imageId: 'img', shapes: box(1), editedAt: 1 }]);
  });
});

describe('edit journal writes', () => {
  it('coalesces a drag of many states into one write of the last, and writes at once when flushed', async () => {
    const { backend, rows } = memoryBackend();
    const puts: number[] = [];
    const counting: JournalBackend = { ...backend, put: async (key, value) => (puts.push(value.editedAt), backend.put(key, value)) };
    const journal = createEditJournal('bndbox/p', counting, 60_000);
    for (let x = 1; x <= 20; x += 1) journal.record('img', box(x), x);
    expect(puts).toEqual([]);
    journal.flush();
    expect(puts).toEqual([20]);
    expect([...rows.values()].map((row) => row.editedAt)).toEqual([20]);
  });
});

describe('exit stash', () => {
  it('keeps what the page stashed as it went away even when the IndexedDB write was cut off, until that state is acknowledged', async () => {
    const stash = memoryStash();
    const lostWrites: JournalBackend = { put: async () => undefined, delete: async () => undefined, byProject: async () => [], projects: async () => [] };
    const closing = createEditJournal('bndbox/p', lostWrites, 50, stash);
    closing.record('img', box(3), 3, 7);
    closing.flush(); // pagehide
    const reopened = createEditJournal('bndbox/p', lostWrites, 50, stash);
    const [entry] = await reopened.pending();
    expect(entry).toEqual({ imageId: 'img', shapes: box(3), editedAt: 3, baseVersion: 7 });
    reopened.acknowledged('img', entry?.shapes ?? []);
    expect(await reopened.pending()).toEqual([]);
    // Another project's stash is not this one's.
    expect(await createEditJournal('bndbox/q', lostWrites, 50, stash).pending()).toEqual([]);
  });
});

describe('label renamed while edits wait', () => {
  it('a reopened page replays the waiting edit under the new name, from the version it grew from, until the renamed state is acknowledged', async () => {
    const { backend } = memoryBackend();
    const journal = createEditJournal('bndbox/p', backend);
    journal.record('img', box(1), 1, 4, 'tab-a');
    journal.record('other', [{ id: 'o', kind: 'box', x: 0, y: 0, w: 5, h: 5, label: 'dog' }], 2, 6, 'tab-a');
    const renamed = new Map<EditorShape[], EditorShape[]>();
    journal.rewrite((_, shapes) => {
      if (!shapes.some((shape) => shape.label === 'car')) return shapes;
      const next = shapes.map((shape) => (shape.label === 'car' ? { ...shape, label: 'vehicle' } : shape));
      renamed.set(shapes, next);
      return next;
    }, 10);
    journal.flush(); // the page goes away before any save lands
    const reopened = await createEditJournal('bndbox/p', backend).pending();
    const entry = reopened.find((each) => each.imageId === 'img');
    expect(entry?.shapes.map((shape) => shape.label)).toEqual(['vehicle']);
    expect(entry).toMatchObject({ baseVersion: 4, clientId: 'tab-a', editedAt: 10 });
    // The other image used no renamed label: it stays as it was.
    expect(reopened.find((each) => each.imageId === 'other')).toMatchObject({ editedAt: 2, baseVersion: 6 });
    // The old-named state landing late does not forget the renamed one; the renamed one's does.
    const [renamedState] = [...renamed.values()];
    journal.acknowledged('img', box(1));
    expect((await journal.pending()).map((each) => each.imageId).sort()).toEqual(['img', 'other']);
    journal.acknowledged('img', renamedState ?? []);
    expect((await journal.pending()).map((each) => each.imageId)).toEqual(['other']);
  });
});
