import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAutosave, type SaveStatus } from './autosave';
import type { EditorShape } from './model/types';

const box = (id: string, x = 0): EditorShape => ({ id, kind: 'box', x, y: 0, w: 10, h: 10, label: 'car' });

describe('autosave', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves once, shortly after the last of several quick edits', async () => {
    const save = vi.fn(async () => undefined);
    const autosave = createAutosave({ save, delayMs: 300 });
    autosave.markDirty('a', [box('1', 1)]);
    await vi.advanceTimersByTimeAsync(100);
    autosave.markDirty('a', [box('1', 2)]);
    await vi.advanceTimersByTimeAsync(299);
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenLastCalledWith('a', [box('1', 2)]);
    expect(autosave.pending()).toBe(0);
  });

  it('never runs two saves of one image at once, and the last state wins', async () => {
    const stored: EditorShape[][] = [];
    let release: () => void = () => undefined;
    const save = vi.fn((_id: string, shapes: EditorShape[]) => new Promise<void>((resolve) => {
      release = () => {
        stored.push(shapes);
        resolve();
      };
    }));
    const autosave = createAutosave({ save, delayMs: 10 });
    autosave.markDirty('a', [box('1', 1)]);
    await vi.advanceTimersByTimeAsync(10);
    expect(save).toHaveBeenCalledTimes(1);
    autosave.markDirty('a', [box('1', 2)]);
    autosave.markDirty('a', [box('1', 3)]);
    await vi.advanceTimersByTimeAsync(50);
    expect(save).toHaveBeenCalledTimes(1);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(save).toHaveBeenCalledTimes(2);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(stored.at(-1)).toEqual([box('1', 3)]);
    expect(autosave.pending()).toBe(0);
  });

  it('keeps a failed edit and retries with backoff until it is stored', async () => {
    const statuses: SaveStatus[] = [];
    let failures = 2;
    const save = vi.fn(async () => {
      if (failures-- > 0) throw new Error('offline');
    });
    const autosave = createAutosave({ save, delayMs: 10, retryBaseMs: 100, onStatus: (status) => statuses.push(status) });
    autosave.markDirty('a', [box('1')]);
    await vi.advanceTimersByTimeAsync(10);
    expect(autosave.status()).toBe('failed');
    await vi.advanceTimersByTimeAsync(100);
    expect(save).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(200);
    expect(save).toHaveBeenCalledTimes(3);
    expect(autosave.status()).toBe('saved');
    expect(statuses).toEqual(['unsaved', 'saving', 'failed', 'saving', 'failed', 'saving', 'saved']);
  });

  it('flush saves every dirty image at once, without waiting for the delay', async () => {
    const save = vi.fn(async () => undefined);
    const autosave = createAutosave({ save, delayMs: 10_000 });
    autosave.markDirty('a', [box('1')]);
    autosave.markDirty('b', [box('2')]);
    await autosave.flush();
    expect(save).toHaveBeenCalledTimes(2);
    expect(autosave.pending()).toBe(0);
  });

  it('flushes asked for while a save is in flight wait for it and save nothing twice', async () => {
    const save = vi.fn((_id: string, _shapes: EditorShape[]) => new Promise<void>((resolve) => setTimeout(resolve, 50)));
    const autosave = createAutosave({ save, delayMs: 10_000 });
    const shapes = [box('1')];
    autosave.markDirty('a', shapes);
    // An image switch, a blur and a journal replay, all at once.
    await Promise.all([autosave.flush(), autosave.flush(), autosave.flush(), vi.advanceTimersByTimeAsync(1000)]);
    expect(save).toHaveBeenCalledTimes(1);
    expect(autosave.pending()).toBe(0);
    // An edit during the save is saved after it, once.
    const later = [box('1', 5)];
    autosave.markDirty('a', [box('1', 3)]);
    const flushed = autosave.flush();
    autosave.markDirty('a', later);
    await Promise.all([flushed, autosave.flush(), vi.advanceTimersByTimeAsync(1000)]);
    expect(save.mock.calls.map((call) => call[1])).toEqual([shapes, [box('1', 3)], later]);
  });
});

describe('autosave when the page goes away', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('hands every unacknowledged state, in flight or waiting, to the exit sender', async () => {
    const sent: Array<[string, EditorShape[]]> = [];
    const save = vi.fn(() => new Promise<void>(() => undefined)); // never answers: the page dies first
    const autosave = createAutosave({ save, delayMs: 300, sendOnExit: (id, shapes) => sent.push([id, shapes]) > 0 });
    autosave.markDirty('a', [box('1', 1)]);
    await vi.advanceTimersByTimeAsync(300);
    autosave.markDirty('a', [box('1', 2)]);
    autosave.markDirty('b', [box('2', 5)]);
    autosave.flushOnExit();
    expect(sent).toEqual([['a', [box('1', 2)]], ['b', [box('2', 5)]]]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(save).toHaveBeenCalledTimes(1); // the exit send replaced the waiting timers
  });

  it('reports each acknowledged state and stops retrying a state the server refuses for good', async () => {
    const acknowledged: EditorShape[][] = [];
    const save = vi.fn(async (_id: string, shapes: EditorShape[]) => {
      if (shapes[0]?.kind === 'box' && shapes[0].x < 0) throw new Error('gone');
    });
    const autosave = createAutosave({ save, delayMs: 10, onSaved: (_id, shapes) => acknowledged.push(shapes), isPermanent: () => true });
    autosave.markDirty('a', [box('1', 1)]);
    await vi.advanceTimersByTimeAsync(10);
    expect(acknowledged).toEqual([[box('1', 1)]]);
    autosave.markDirty('a', [box('1', -1)]);
    await vi.advanceTimersByTimeAsync(10);
    expect(autosave.pending()).toBe(0);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(save).toHaveBeenCalledTimes(2);
  });

  it('logs a state refused for good as a failure, but not one refused with a question for the user (a conflict)', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const conflict = new Error('another change was saved first');
    const gone = new Error('image gone');
    const save = vi.fn(async (id: string) => {
      throw id === 'conflicting' ? conflict : gone;
    });
    const asked: string[] = [];
    const autosave = createAutosave({
      save,
      delayMs: 10,
      isPermanent: () => true,
      asksUser: (error) => error === conflict,
      onRefused: (id) => asked.push(id),
    });
    autosave.markDirty('conflicting', [box('1')]);
    await vi.advanceTimersByTimeAsync(10);
    expect(asked).toEqual(['conflicting']);
    expect(errors).not.toHaveBeenCalled();
    autosave.markDirty('deleted', [box('2')]);
    await vi.advanceTimersByTimeAsync(10);
    expect(errors).toHaveBeenCalledTimes(1);
    expect(String(errors.mock.calls[0]?.[0])).toContain('deleted');
    errors.mockRestore();
  });

  it('says an edit refused for good is not saved until a later save lands', async () => {
    const reports: Array<[SaveStatus, unknown]> = [];
    const refused: string[] = [];
    const gone = new Error('image gone');
    const save = vi.fn(async (id: string) => {
      if (id === 'deleted') throw gone;
    });
    const autosave = createAutosave({
      save,
      delayMs: 10,
      isPermanent: (error) => error === gone,
      onRefused: (id) => refused.push(id),
      onStatus: (status, refusal) => reports.push([status, refusal]),
    });
    autosave.markDirty('deleted', [box('1')]);
    await vi.advanceTimersByTimeAsync(10);
    expect(autosave.status()).toBe('refused');
    expect(refused).toEqual(['deleted']);
    expect(reports.at(-1)).toEqual(['refused', gone]);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(save).toHaveBeenCalledTimes(1);

    autosave.markDirty('kept', [box('2')]);
    await vi.advanceTimersByTimeAsync(10);
    expect(autosave.status()).toBe('saved');
    expect(reports.map(([status]) => status)).toEqual(['unsaved', 'saving', 'refused', 'unsaved', 'saving', 'saved']);
  });
});
