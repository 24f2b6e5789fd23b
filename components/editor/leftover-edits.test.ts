import { describe, expect, it } from 'vitest';
import { createEditJournal, memoryStash } from './edit-journal';
import { stashedHeldExits, stashHeldExit, type HeldExit } from './held-exit';
import { deliverLeftovers, type LeftoverPorts, type ProjectRef, type StateClaim } from './leftover-edits';
import type { EditorShape } from './model/types';
import { memoryBackend } from './testing/memory-journal';

const box = (id: string, x: number): EditorShape => ({ id, kind: 'box', x, y: 0, w: 10, h: 10, label: 'car' });
// A drag on a 1000x500 image fitted at scale 1 on a 1048x548 stage: a 200x100 box at 100,100.
const heldDrag = (uuid: string, at: number): HeldExit => ({
  uuid,
  at,
  tool: 'box',
  label: 'car',
  stage: { x: 0, y: 10, width: 1048, height: 548 },
  events: [
    { kind: 'down', at: { x: 124, y: 134 } },
    { kind: 'move', at: { x: 324, y: 234 } },
    { kind: 'up', at: { x: 324, y: 234 } },
  ],
});

/** What the server answers for an image or project that no longer exists. */
class NotFound extends Error {}

/** A server holding each image's shapes and version, refusing saves grown from another version of another client. */
function harness(options: { open?: string[] } = {}) {
  const { backend } = memoryBackend();
  const stash = memoryStash();
  const images = new Map<string, { shapes: EditorShape[]; version: number; client?: string }>();
  const saves: Array<{ project: string; uuid: string; shapes: EditorShape[]; claim: StateClaim }> = [];
  const keyOf = (project: ProjectRef, uuid: string) => `${project.type}/${project.name}:${uuid}`;
  const ports: LeftoverPorts = {
    backend,
    stash,
    clientId: 'leftover-test',
    isGone: (error) => error instanceof NotFound,
    unlessOpen: async (project, work) => {
      if (options.open?.includes(project)) return false;
      await work();
      return true;
    },
    save: async (project, uuid, shapes, claim) => {
      const stored = images.get(keyOf(project, uuid)) ?? { shapes: [], version: 0 };
      if (claim.baseVersion !== undefined && claim.baseVersion !== stored.version && claim.clientId !== stored.client) return null;
      saves.push({ project: `${project.type}/${project.name}`, uuid, shapes, claim });
      images.set(keyOf(project, uuid), { shapes, version: stored.version + 1, client: claim.clientId });
      return stored.version + 1;
    },
    image: async (project, uuid) => {
      const stored = images.get(keyOf(project, uuid)) ?? { shapes: [], version: 0 };
      return { uuid, width: 1000, height: 500, shapes: stored.shapes, version: stored.version };
    },
  };
  const shapesOf = (project: string, uuid: string) => images.get(`${project}:${uuid}`)?.shapes ?? [];
  const setStored = (project: string, uuid: string, shapes: EditorShape[], version: number, client?: string) =>
    images.set(`${project}:${uuid}`, { shapes, version, client });
  return { ports, backend, stash, saves, shapesOf, setStored };
}

/** What a page left as it went: its journal written and stashed, its saves lost on the way. */
function leftBehind(h: ReturnType<typeof harness>, project: string, uuid: string, shapes: EditorShape[], editedAt: number, baseVersion = 0) {
  const journal = createEditJournal(project, h.backend, undefined, h.stash);
  journal.record(uuid, shapes, editedAt, baseVersion, 'tab-gone');
  journal.flush();
}

describe('edits pages left undelivered', () => {
  it('are stored for every project no workspace has open, once, and forgotten', async () => {
    const h = harness({ open: ['bndbox/open'] });
    leftBehind(h, 'bndbox/a', 'img1', [box('a', 1)], 10);
    leftBehind(h, 'seg/b', 'img2', [box('b', 2)], 11);
    leftBehind(h, 'bndbox/open', 'img3', [box('c', 3)], 12);
    await Promise.resolve();

    expect(await deliverLeftovers(h.ports)).toBe(2);
    expect(h.shapesOf('bndbox/a', 'img1')).toEqual([box('a', 1)]);
    expect(h.shapesOf('seg/b', 'img2')).toEqual([box('b', 2)]);
    expect(h.saves.map((save) => save.claim)).toEqual([expect.objectContaining({ editedAt: 10, baseVersion: 0, clientId: 'tab-gone' }), expect.objectContaining({ editedAt: 11 })]);
    // The open workspace delivers its own.
    expect(h.shapesOf('bndbox/open', 'img3')).toEqual([]);
    expect(await createEditJournal('bndbox/open', h.backend, undefined, h.stash).pending()).toHaveLength(1);
    // A second page delivers nothing again.
    expect(await deliverLeftovers(h.ports)).toBe(0);
    expect(h.saves).toHaveLength(2);
  });

  it('leave a state that conflicts with what is stored for the workspace to show, and held input for that image with it', async () => {
    const h = harness();
    h.setStored('bndbox/a', 'img1', [box('theirs', 5)], 4, 'someone-else');
    leftBehind(h, 'bndbox/a', 'img1', [box('mine', 1)], 10, 3);
    stashHeldExit(h.stash, 'bndbox/a', heldDrag('img1', 20));
    await Promise.resolve();

    expect(await deliverLeftovers(h.ports)).toBe(0);
    expect(h.shapesOf('bndbox/a', 'img1')).toEqual([box('theirs', 5)]);
    expect(await createEditJournal('bndbox/a', h.backend, undefined, h.stash).pending()).toEqual([expect.objectContaining({ shapes: [box('mine', 1)] })]);
    expect(stashedHeldExits(h.stash, 'bndbox/a')).toHaveLength(1);
  });

  it('apply input held for an image over its stored shapes, as drawn, save it as made when it was taken, and forget it', async () => {
    const h = harness();
    h.setStored('bndbox/a', 'dog', [box('kept', 700)], 2);
    stashHeldExit(h.stash, 'bndbox/a', heldDrag('dog', 42));

    expect(await deliverLeftovers(h.ports)).toBe(1);
    expect(h.shapesOf('bndbox/a', 'dog')).toEqual([box('kept', 700), expect.objectContaining({ kind: 'box', label: 'car', x: 100, y: 100, w: 200, h: 100 })]);
    expect(h.saves[0]?.claim).toEqual({ editedAt: 42, baseVersion: 2, clientId: 'leftover-test' });
    expect(stashedHeldExits(h.stash, 'bndbox/a')).toEqual([]);
    expect(await deliverLeftovers(h.ports)).toBe(0);
    expect(h.shapesOf('bndbox/a', 'dog')).toHaveLength(2);
  });

  it('are dropped when their image or project no longer exists: no page sends them again', async () => {
    const h = harness();
    leftBehind(h, 'bndbox/a', 'deleted', [box('a', 1)], 10);
    leftBehind(h, 'bndbox/gone', 'img1', [box('b', 2)], 11);
    stashHeldExit(h.stash, 'bndbox/a', heldDrag('deleted', 42));
    stashHeldExit(h.stash, 'bndbox/a', heldDrag('moved-away', 43));
    await Promise.resolve();
    const asked: string[] = [];
    const missing: LeftoverPorts = {
      ...h.ports,
      save: async (project, uuid) => {
        asked.push(`save ${project.name}/${uuid}`);
        throw new NotFound();
      },
      image: async (project, uuid) => {
        asked.push(`image ${project.name}/${uuid}`);
        if (uuid === 'deleted') throw new NotFound();
        return undefined;
      },
    };

    expect(await deliverLeftovers(missing)).toBe(0);
    expect(asked).toHaveLength(4);
    expect(await createEditJournal('bndbox/a', h.backend, undefined, h.stash).pending()).toEqual([]);
    expect(await createEditJournal('bndbox/gone', h.backend, undefined, h.stash).pending()).toEqual([]);
    expect(stashedHeldExits(h.stash, 'bndbox/a')).toEqual([]);
    expect(await deliverLeftovers(missing)).toBe(0);
    expect(asked).toHaveLength(4);
  });

  it('keep what could not be saved (the server unreachable) for the next page', async () => {
    const h = harness();
    leftBehind(h, 'bndbox/a', 'img1', [box('a', 1)], 10);
    stashHeldExit(h.stash, 'bndbox/a', heldDrag('dog', 42));
    await Promise.resolve();
    const unreachable: LeftoverPorts = { ...h.ports, save: async () => Promise.reject(new Error('offline')), image: async () => Promise.reject(new Error('offline')) };

    expect(await deliverLeftovers(unreachable)).toBe(0);
    expect(await deliverLeftovers(h.ports)).toBe(2);
    expect(h.shapesOf('bndbox/a', 'img1')).toEqual([box('a', 1)]);
    expect(h.shapesOf('bndbox/a', 'dog')).toHaveLength(1);
  });

  it('ignore stashed keys that name no project of a known type', async () => {
    const h = harness();
    h.stash.write('labelport-journal\u0000nonsense\u0000img', JSON.stringify({ imageId: 'img', shapes: [], editedAt: 1 }));
    h.stash.write('labelport-held\u0000video/clip\u0000img', JSON.stringify(heldDrag('img', 1)));
    expect(await deliverLeftovers(h.ports)).toBe(0);
    expect(h.saves).toEqual([]);
  });
});
