import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStash } from '@/components/editor/edit-journal';
import { stashedHeldExits, type HeldExit } from '@/components/editor/held-exit';
import { createHeldExitRunner, HELD_RETRY_MS } from './held-exit-runner';

const PROJECT = 'bndbox/p';
const exitFor = (uuid: string): HeldExit => ({ uuid, events: [], stage: { x: 0, y: 0, width: 100, height: 100 }, tool: 'box', label: 'car', at: 1 });
const gone = Object.assign(new Error('no such image'), { code: 'NOT_FOUND' });

function setup(reads: Array<'down' | 'gone' | 'ok'>) {
  const stash = memoryStash();
  const applied: Array<[string, string | undefined]> = [];
  const waiting: boolean[] = [];
  const runner = createHeldExitRunner<string>({
    stash,
    project: PROJECT,
    read: async (uuid) => {
      const next = reads.shift() ?? 'ok';
      if (next === 'down') throw new Error('fetch failed');
      if (next === 'gone') throw gone;
      return `shapes of ${uuid}`;
    },
    refusedForGood: (error) => error === gone,
    apply: (exit, image) => (applied.push([exit.uuid, image]), image !== undefined),
    onWaiting: (value) => waiting.push(value),
  });
  return { stash, applied, waiting, runner };
}

describe('held input applied once its image can be read', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps input whose read failed (the server down) and tries again every 2 s until it lands', async () => {
    const { stash, applied, waiting, runner } = setup(['down', 'down', 'ok']);
    runner.keep(exitFor('a'));
    expect(await runner.applyStashed()).toBe(0);
    expect(applied).toEqual([]);
    expect(stashedHeldExits(stash, PROJECT)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(HELD_RETRY_MS);
    expect(applied).toEqual([]);
    await vi.advanceTimersByTimeAsync(HELD_RETRY_MS);
    expect(applied).toEqual([['a', 'shapes of a']]);
    expect(stashedHeldExits(stash, PROJECT)).toEqual([]);
    expect(waiting).toEqual([true, true, false]);
  });

  it('forgets input for an image gone for good, and applies the rest', async () => {
    const { stash, applied, runner } = setup(['gone', 'ok']);
    runner.keep(exitFor('a'));
    runner.keep(exitFor('b'));
    expect(await runner.applyStashed()).toBe(1);
    expect(applied).toEqual([['a', undefined], ['b', 'shapes of b']]);
    expect(stashedHeldExits(stash, PROJECT)).toEqual([]);
  });

  it('applies what is held after an apply that threw, whose caller hears the error', async () => {
    const stash = memoryStash();
    const applied: string[] = [];
    let failing = true;
    const runner = createHeldExitRunner<string>({
      stash,
      project: PROJECT,
      read: async (uuid) => `shapes of ${uuid}`,
      refusedForGood: () => false,
      apply: (exit) => {
        if (failing) {
          failing = false;
          throw new Error('apply failed');
        }
        applied.push(exit.uuid);
        return true;
      },
      onWaiting: () => undefined,
    });
    await expect(runner.apply(exitFor('a'))).rejects.toThrow('apply failed');
    // Still stashed, it lands with the next input.
    expect(await runner.apply(exitFor('b'))).toBe(2);
    expect(applied).toEqual(['a', 'b']);
    expect(stashedHeldExits(stash, PROJECT)).toEqual([]);
  });

  it('stops trying once the workspace is closed; the stash waits for its next opening', async () => {
    const { stash, applied, runner } = setup(['down']);
    void runner.apply(exitFor('a'));
    await vi.advanceTimersByTimeAsync(0);
    runner.setWorkspaceOpen(false);
    await vi.advanceTimersByTimeAsync(5 * HELD_RETRY_MS);
    expect(applied).toEqual([]);
    expect(stashedHeldExits(stash, PROJECT)).toHaveLength(1);
  });
});
