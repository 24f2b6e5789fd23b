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
}

/** Where entries live: IndexedDB in the browser, a Map in unit tests. */
export interface JournalBackend {
  put(key: string, value: JournalEntry & { project: string }): Promise<void>;
  delete(key: string): Promise<void>;
  byProject(project: string): Promise<JournalEntry[]>;
}

/** How long writes of one image coalesce: a drag changes the document on every pointer move. */
const COALESCE_MS = 50;

export function createEditJournal(project: string, backend: JournalBackend, coalesceMs = COALESCE_MS) {
  const latest = new Map<string, JournalEntry>();
  const unwritten = new Map<string, JournalEntry>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  const keyOf = (imageId: string) => `${project}\u0000${imageId}`;
  const quietly = (work: Promise<void>) => work.catch((error: unknown) => console.warn('Edit journal:', error));
  const writeNow = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    for (const entry of unwritten.values()) void quietly(backend.put(keyOf(entry.imageId), { project, ...entry }));
    unwritten.clear();
  };
  return {
    record(imageId: string, shapes: EditorShape[], editedAt: number, baseVersion?: number) {
      const entry = { imageId, shapes, editedAt, ...(baseVersion === undefined ? {} : { baseVersion }) };
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
      latest.delete(imageId);
      unwritten.delete(imageId);
      void quietly(backend.delete(keyOf(imageId)));
    },
    /** Writes what is still coalescing now (the page is going away). */
    flush: writeNow,
    pending: () => {
      writeNow();
      return backend.byProject(project).catch((): JournalEntry[] => []);
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

/** The browser's IndexedDB; a private window without it gets a journal that keeps nothing. */
export function indexedDbBackend(): JournalBackend {
  if (typeof indexedDB === 'undefined') {
    return { put: async () => undefined, delete: async () => undefined, byProject: async () => [] };
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
        rows.map(({ imageId, shapes, editedAt, baseVersion }) => ({ imageId, shapes, editedAt, ...(baseVersion === undefined ? {} : { baseVersion }) })),
      ),
  };
}
