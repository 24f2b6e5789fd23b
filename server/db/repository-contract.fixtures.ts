// The stores the contract suite runs on, and the records its cases are made of.
import { afterEach, beforeEach } from 'vitest';
import type { NewImage, Repositories } from '@/server/core/repositories';
import type { BoxShape, Project } from '@/server/core/types';

export interface OpenedStore {
  repos: Repositories;
  close(): Promise<void>;
  /**
   * Another process's repositories on the same database (its own caches and connections), for
   * stores several processes may serve (describeRepositoryContract's multiProcess).
   */
  openAnother?: () => Promise<OpenedStore>;
}

export type OpenStore = () => Promise<OpenedStore>;

export const project = (id: string, overrides: Partial<Project> = {}): Project => ({
  id,
  name: id,
  type: 'bndbox',
  folder: `/images/${id}`,
  isNew: true,
  isStarred: false,
  versionUuid: `${id}-version`,
  createdAt: 0,
  lastModifiedAt: 0,
  labels: [],
  ...overrides,
});
export const image = (uuid: string, relPath: string): NewImage => ({ uuid, relPath, format: 'png', width: 4, height: 3, depth: 3, fileSize: 100, mtimeMs: 0 });
export const box = (label: string | null, id = `${label}`): BoxShape => ({ kind: 'box', x1: 0, y1: 0, x2: 1, y2: 1, distanceToImg: null, lineWidth: 1, color: null, label, id });
export const placement = { x: 0, y: 0, w: 4, h: 3 };

/** A fresh, empty store per test: `open` gives a new database each time. */
export function useStore(open: OpenStore): { readonly repos: Repositories; readonly store: OpenedStore } {
  let store: OpenedStore | undefined;
  beforeEach(async () => {
    store = await open();
  });
  afterEach(async () => {
    await store?.close();
    store = undefined;
  });
  const opened = () => {
    if (!store) throw new Error('The store opens in beforeEach');
    return store;
  };
  return {
    get repos() {
      return opened().repos;
    },
    get store() {
      return opened();
    },
  };
}
