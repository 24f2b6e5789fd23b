// Unacknowledged edits kept in IndexedDB until the server has them: a tab closed, reloaded or
// crashed before its save landed replays them on the next load of the project. An entry is
// removed only when the save of exactly that state is acknowledged, so a newer edit made
// while an older save was in flight is never dropped.
import type { EditorShape } from './model/types';

export interface JournalEntry {
  imageId: string;
  shapes: EditorShape[];
  /** When the state was made: the server keeps a newer stored state over a late replay. */
  editedAt: number;
  /** The stored version the state grew from: a replay over another version is a conflict to show, not to overwrite. */
  baseVersion?: number;
  /** The tab that made the state: a version that tab stored since is its own, not a conflict. */
  clientId?: string;
}

/** Where entries live: IndexedDB in the browser, a Map in unit tests. */
export interface JournalBackend {
  put(key: string, value: JournalEntry & { project: string }): Promise<void>;
  delete(key: string): Promise<void>;
  byProject(project: string): Promise<JournalEntry[]>;
  /** Every project with an entry. */
  projects(): Promise<string[]>;
}

/**
 * A store the page can still write synchronously while it goes away (localStorage): an
 * IndexedDB write begun in pagehide may be cut off with the page. It holds the unacknowledged
 * entries from the moment the page leaves until their saves are acknowledged.
 */
export interface ExitStash {
  write(key: string, value: string): void;
  remove(key: string): void;
  /** Every value whose key starts with the prefix. */
  read(prefix: string): string[];
  /** Every key that starts with the prefix. */
  keys(prefix: string): string[];
}

/** How long writes of one image coalesce: a drag changes the document on every pointer move. */
const COALESCE_MS = 50;

const STASH_PREFIX = 'labelport-journal\u0000';

/** The projects (`type/name`) named by the stash's keys `<prefix><project>\0<image>`, each once. */
export const stashedProjects = (stash: ExitStash, prefix: string): string[] => [
  ...new Set(stash.keys(prefix).map((key) => key.slice(prefix.length).split('\u0000')[0] ?? '')),
].filter(Boolean);

/** The projects (`type/name`) with unacknowledged edits, in IndexedDB or the stash. */
export async function journalProjects(backend: JournalBackend, stash: ExitStash): Promise<string[]> {
  const stored = await backend.projects().catch((): string[] => []);
  return [...new Set([...stored, ...stashedProjects(stash, STASH_PREFIX)])];
}

export function createEditJournal(project: string, backend: JournalBackend, coalesceMs = COALESCE_MS, stash?: ExitStash) {
  const latest = new Map<string, JournalEntry>();
  const unwritten = new Map<string, JournalEntry>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  const keyOf = (imageId: string) => `${project}\u0000${imageId}`;
  const stashPrefix = `${STASH_PREFIX}${project}\u0000`;
  const stashAway = () => {
    for (const entry of latest.values()) {
      try {
        stash?.write(stashPrefix + entry.imageId, JSON.stringify(entry));
      } catch {
        // Full (a huge polygon set): the IndexedDB write is still under way.
      }
    }
  };
  const stashed = (): JournalEntry[] => {
    const found: JournalEntry[] = [];
    for (const text of stash?.read(stashPrefix) ?? []) {
      try {
        found.push(JSON.parse(text) as JournalEntry);
      } catch {
        // A damaged entry helps nobody.
      }
    }
    return found;
  };
  const quietly = (work: Promise<void>) => work.catch((error: unknown) => console.warn('Edit journal:', error));
  const writeNow = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    for (const entry of unwritten.values()) void quietly(backend.put(keyOf(entry.imageId), { project, ...entry }));
    unwritten.clear();
  };
  const forget = (imageId: string) => {
    latest.delete(imageId);
    unwritten.delete(imageId);
    stash?.remove(stashPrefix + imageId);
    void quietly(backend.delete(keyOf(imageId)));
  };
  return {
    record(imageId: string, shapes: EditorShape[], editedAt: number, baseVersion?: number, clientId?: string) {
      const entry = { imageId, shapes, editedAt, ...(baseVersion === undefined ? {} : { baseVersion }), ...(clientId === undefined ? {} : { clientId }) };
      latest.set(imageId, entry);
      unwritten.set(imageId, entry);
      timer ??= setTimeout(writeNow, coalesceMs);
    },
    /**
     * The server has this state (as `version`): forget it unless a newer one was recorded
     * since, which from now on grows from that version.
     */
    acknowledged(imageId: string, shapes: EditorShape[], version?: number) {
      const newer = latest.get(imageId);
      if (newer && newer.shapes !== shapes) {
        if (version !== undefined && newer.baseVersion !== version) {
          const rebased = { ...newer, baseVersion: version };
          latest.set(imageId, rebased);
          unwritten.set(imageId, rebased);
          timer ??= setTimeout(writeNow, coalesceMs);
        }
        return;
      }
      forget(imageId);
    },
    /**
     * Replaces each entry's state by rewrite's answer (a label renamed on the server), keeping the
     * version it grew from and the tab that made it. Made at editedAt, not before: a state carrying
     * the rename is not older than the rename, which the server would keep over it.
     */
    rewrite(rewrite: (imageId: string, shapes: EditorShape[]) => EditorShape[], editedAt: number) {
      for (const entry of latest.values()) {
        const shapes = rewrite(entry.imageId, entry.shapes);
        if (shapes === entry.shapes) continue;
        const rewritten = { ...entry, shapes, editedAt: Math.max(editedAt, entry.editedAt) };
        latest.set(entry.imageId, rewritten);
        unwritten.set(entry.imageId, rewritten);
        timer ??= setTimeout(writeNow, coalesceMs);
      }
    },
    /** Drops the image's entry: there is nothing left to store it in (its image or project is gone). */
    forget,
    /** Writes what is still coalescing now, and stashes every unacknowledged entry synchronously (the page is going away). */
    flush: () => {
      writeNow();
      stashAway();
    },
    /** What an earlier page left: per image the newest of what IndexedDB and the stash hold. */
    pending: async () => {
      writeNow();
      const stored = await backend.byProject(project).catch((): JournalEntry[] => []);
      const newest = new Map<string, JournalEntry>();
      for (const entry of [...stored, ...stashed()]) {
        const known = newest.get(entry.imageId);
        if (!known || entry.editedAt > known.editedAt) newest.set(entry.imageId, entry);
      }
      return [...newest.values()];
    },
  };
}

const DB_NAME = 'labelport';
const STORE = 'unsaved-edits';

function request<T>(run: (store: IDBObjectStore) => IDBRequest<T>, mode: IDBTransactionMode, db: Promise<IDBDatabase>): Promise<T> {
  return db.then(
    (opened) =>
      new Promise<T>((resolve, reject) => {
        // Relaxed: the write must outlive the tab, not a power cut, and it must be quick
        // enough to land in the moments before a tab closes.
        const transaction = opened.transaction(STORE, mode, { durability: 'relaxed' });
        const pending = run(transaction.objectStore(STORE));
        transaction.oncomplete = () => resolve(pending.result);
        transaction.onerror = () => reject(transaction.error);
        transaction.onabort = () => reject(transaction.error);
      }),
  );
}

let pageBackend: JournalBackend | undefined;

/**
 * The browser's IndexedDB, one connection per page (the workspace and the leftover delivery
 * share it); a private window without it gets a journal that keeps nothing.
 */
export function indexedDbBackend(): JournalBackend {
  pageBackend ??= openIndexedDbBackend();
  return pageBackend;
}

function openIndexedDbBackend(): JournalBackend {
  if (typeof indexedDB === 'undefined') {
    return { put: async () => undefined, delete: async () => undefined, byProject: async () => [], projects: async () => [] };
  }
  const db = new Promise<IDBDatabase>((resolve, reject) => {
    const open = indexedDB.open(DB_NAME, 1);
    open.onupgradeneeded = () => open.result.createObjectStore(STORE).createIndex('project', 'project');
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  return {
    put: (key, value) => request((store) => store.put(value, key), 'readwrite', db).then(() => undefined),
    delete: (key) => request((store) => store.delete(key), 'readwrite', db).then(() => undefined),
    byProject: (project) =>
      request((store) => store.index('project').getAll(project) as IDBRequest<Array<JournalEntry & { project: string }>>, 'readonly', db).then((rows) =>
        rows.map(({ imageId, shapes, editedAt, baseVersion, clientId }) => ({
          imageId,
          shapes,
          editedAt,
          ...(baseVersion === undefined ? {} : { baseVersion }),
          ...(clientId === undefined ? {} : { clientId }),
        })),
      ),
    // One step per project, not per entry: the index walked with unique keys only.
    projects: () =>
      db.then(
        (opened) =>
          new Promise<string[]>((resolve, reject) => {
            const transaction = opened.transaction(STORE, 'readonly');
            const found: string[] = [];
            const cursor = transaction.objectStore(STORE).index('project').openKeyCursor(null, 'nextunique');
            cursor.onsuccess = () => {
              if (!cursor.result) return;
              found.push(String(cursor.result.key));
              cursor.result.continue();
            };
            transaction.oncomplete = () => resolve(found);
            transaction.onerror = () => reject(transaction.error);
          }),
      ),
  };
}

/** A stash in memory: gone with the page, but held input still reaches its image while the page lives. */
export function memoryStash(): ExitStash {
  const values = new Map<string, string>();
  return {
    write: (key, value) => void values.set(key, value),
    remove: (key) => void values.delete(key),
    read: (prefix) => [...values].filter(([key]) => key.startsWith(prefix)).map(([, value]) => value),
    keys: (prefix) => [...values.keys()].filter((key) => key.startsWith(prefix)),
  };
}

/** localStorage as the exit stash; none where it cannot be used (a private window may refuse it). */
export function localStorageStash(): ExitStash | undefined {
  try {
    const storage = window.localStorage;
    const keys = (prefix: string) => {
      const found: string[] = [];
      for (let index = 0; index < storage.length; index += 1) {
        const key = storage.key(index);
        if (key?.startsWith(prefix)) found.push(key);
      }
      return found;
    };
    return {
      write: (key, value) => storage.setItem(key, value),
      remove: (key) => storage.removeItem(key),
      read: (prefix) => keys(prefix).flatMap((key) => storage.getItem(key) ?? []),
      keys,
    };
  } catch {
    return undefined;
  }
}
