// The journal's storage in memory, for unit tests: rows as IndexedDB would hold them.
import type { JournalBackend, JournalEntry } from '../edit-journal';

export function memoryBackend() {
  const rows = new Map<string, JournalEntry & { project: string }>();
  const backend: JournalBackend = {
    put: async (key, value) => void rows.set(key, value),
    delete: async (key) => void rows.delete(key),
    byProject: async (project) =>
      [...rows.values()].filter((row) => row.project === project).map(({ project: _, ...entry }) => entry),
    projects: async () => [...new Set([...rows.values()].map((row) => row.project))],
  };
  return { backend, rows };
}
