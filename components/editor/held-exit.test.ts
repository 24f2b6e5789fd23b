import { describe, expect, it } from 'vitest';
import { memoryStash } from './edit-journal';
import { forgetHeldExit, shapesAfterHeld, stashedHeldExits, stashHeldExit, type HeldExit } from './held-exit';
import type { EditorShape } from './model/types';

// A 1000x500 image on a 1048x548 stage 10 px down the page: fitted at scale 1, 24 px in.
const STAGE = { x: 0, y: 10, width: 1048, height: 548 };
const drag = (from: [number, number], to: [number, number]): HeldExit['events'] => [
  { kind: 'down', at: { x: from[0], y: from[1] } },
  { kind: 'move', at: { x: to[0], y: to[1] } },
  { kind: 'up', at: { x: to[0], y: to[1] } },
];
const exitOf = (events: HeldExit['events'], label = 'car'): HeldExit => ({ uuid: 'dog', events, stage: STAGE, tool: 'box', label, at: 1 });
const stored = (shapes: EditorShape[]) => ({ uuid: 'dog', width: 1000, height: 500, shapes });
const KEPT: EditorShape = { id: 'kept', kind: 'box', label: 'tree', x: 500, y: 200, w: 100, h: 100 } as EditorShape;

describe('input held when the page went away', () => {
  it('becomes a box in the image pixels of the stage it was drawn on, after the shapes stored', () => {
    const shapes = shapesAfterHeld(exitOf(drag([124, 134], [324, 234])), stored([KEPT]), 'bndbox');
    expect(shapes).toEqual([KEPT, expect.objectContaining({ kind: 'box', label: 'car', x: 100, y: 100, w: 200, h: 100 })]);
  });

  it('does what the tools do live: a drag on a stored box moves it', () => {
    expect(shapesAfterHeld(exitOf(drag([550, 260], [560, 270])), stored([KEPT]), 'bndbox')).toEqual([{ ...KEPT, x: 510, y: 210 }]);
  });

  it('changes nothing when it makes no shape: a polygon too small to close, or no label chosen', () => {
    const clicks: HeldExit['events'] = [[124, 134], [324, 134]].flatMap(([x = 0, y = 0]) => [
      { kind: 'down' as const, at: { x, y } },
      { kind: 'up' as const, at: { x, y } },
    ]);
    expect(shapesAfterHeld({ ...exitOf(clicks), tool: 'polygon' }, stored([]), 'seg')).toBeNull();
    expect(shapesAfterHeld(exitOf(drag([124, 134], [324, 234]), ''), stored([]), 'bndbox')).toBeNull();
  });

  it('tells how many points a polygon too small to close had, as moving on does with one drawn live', () => {
    const clicks: HeldExit['events'] = [[124, 134], [324, 134]].flatMap(([x = 0, y = 0]) => [
      { kind: 'down' as const, at: { x, y } },
      { kind: 'up' as const, at: { x, y } },
    ]);
    const dropped: number[] = [];
    expect(shapesAfterHeld({ ...exitOf(clicks), tool: 'polygon' }, stored([]), 'seg', (points) => dropped.push(points))).toBeNull();
    expect(dropped).toEqual([2]);
    // One that closes, or a box, drops nothing.
    shapesAfterHeld({ ...exitOf([...clicks, { kind: 'down', at: { x: 324, y: 234 } }, { kind: 'up', at: { x: 324, y: 234 } }]), tool: 'polygon' }, stored([]), 'seg', (points) => dropped.push(points));
    shapesAfterHeld(exitOf(drag([124, 134], [324, 234])), stored([]), 'bndbox', (points) => dropped.push(points));
    expect(dropped).toEqual([2]);
  });

  it('closes a polygon left open that can close, as moving on does with one drawn live', () => {
    const clicks: HeldExit['events'] = [[124, 134], [324, 134], [324, 234]].flatMap(([x = 0, y = 0]) => [
      { kind: 'down' as const, at: { x, y } },
      { kind: 'up' as const, at: { x, y } },
    ]);
    const shapes = shapesAfterHeld({ ...exitOf(clicks), tool: 'polygon' }, stored([KEPT]), 'seg');
    expect(shapes).toEqual([KEPT, expect.objectContaining({ kind: 'polygon', label: 'car', points: [{ x: 100, y: 100 }, { x: 300, y: 100 }, { x: 300, y: 200 }] })]);
  });

  it('closes a polygon whose Enter was held with its clicks', () => {
    const clicks: HeldExit['events'] = [[124, 134], [324, 134], [324, 234]].flatMap(([x = 0, y = 0]) => [
      { kind: 'down' as const, at: { x, y } },
      { kind: 'up' as const, at: { x, y } },
    ]);
    const shapes = shapesAfterHeld({ ...exitOf([...clicks, { kind: 'complete', at: { x: 324, y: 234 } }]), tool: 'polygon' }, stored([]), 'seg');
    expect(shapes).toEqual([expect.objectContaining({ kind: 'polygon', label: 'car', points: [{ x: 100, y: 100 }, { x: 300, y: 100 }, { x: 300, y: 200 }] })]);
  });

  it('changes nothing when a stashed entry cannot be replayed (an event without a place): no throw, so later entries and the editor go on', () => {
    const damaged = [{ kind: 'down' }, { kind: 'up' }] as unknown as HeldExit['events'];
    expect(shapesAfterHeld(exitOf(damaged), stored([KEPT]), 'bndbox')).toBeNull();
  });

  it('is stashed per project and image, read back, and forgotten', () => {
    const stash = memoryStash();
    stashHeldExit(stash, 'bndbox/a', exitOf(drag([1, 1], [9, 9])));
    stashHeldExit(stash, 'bndbox/b', { ...exitOf([]), uuid: 'cat' });
    stash.write('labelport-held\u0000bndbox/a\u0000bad', '{not json');
    expect(stashedHeldExits(stash, 'bndbox/a')).toEqual([exitOf(drag([1, 1], [9, 9]))]);
    forgetHeldExit(stash, 'bndbox/a', 'dog');
    expect(stashedHeldExits(stash, 'bndbox/a')).toEqual([]);
    expect(stashedHeldExits(stash, 'bndbox/b').map((exit) => exit.uuid)).toEqual(['cat']);
  });
});
