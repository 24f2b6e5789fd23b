// Nearly every request names a project (a thumbnail, a page, a save, the project list), and
// reading one was two statements (the row and its labels); a save reads the labels once more. In the server those statements run
// with the CPU's caches cold from the request around them: 100 µs and more each, measured in a
// profile of cached thumbnails, against 7 µs in a loop. On SQLite this process is the only
// writer of projects and labels (a second server cannot open DATA_DIR, and the users command
// writes users only), so what was read is kept until any write through these repositories.
import type { LabelRepository, ProjectRepository } from '@/server/core/repositories';
import type { Project } from '@/server/core/types';
import type { Synchronous } from './synchronous';

/** The reads kept; every method of either repository not named here drops all that is kept. */
const KEPT_PROJECT_READS = ['findByName', 'findById', 'listByType', 'listAll', 'sessionState'] as const;
const PROJECT_READS = new Set<string>([...KEPT_PROJECT_READS, 'datasetFields']);
const KEPT_LABEL_READS = ['list'] as const;
const LABEL_READS = new Set<string>([...KEPT_LABEL_READS, 'table', 'renames']);

type ProjectReads = Pick<Synchronous<ProjectRepository>, (typeof KEPT_PROJECT_READS)[number]>;
type LabelReads = Pick<Synchronous<LabelRepository>, (typeof KEPT_LABEL_READS)[number]>;

// Callers get their own copies: a service may change what it was handed.
const copyOf = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(copyOf);
  if (value && typeof value === 'object') {
    const project = value as Partial<Project>;
    return Array.isArray(project.labels) ? { ...project, labels: [...project.labels] } : { ...value };
  }
  return value;
};

export function cachingProjectReads(projects: Synchronous<ProjectRepository>, labels: Synchronous<LabelRepository>) {
  const kept = new Map<string, unknown>();
  const forget = () => kept.clear();

  const dropsKeptOnWrite = <T extends object>(repository: T, reads: ReadonlySet<string>): T =>
    Object.fromEntries(
      Object.entries(repository).map(([name, method]: [string, (...args: unknown[]) => unknown]) => [
        name,
        reads.has(name)
          ? method
          : (...args: unknown[]) => {
              // Before the write, not after: one that throws halfway must not leave a stale
              // copy kept. The write is synchronous, so no read runs between the two; a read
              // later in a transaction that rolls back is dropped by forget().
              forget();
              return method(...args);
            },
      ]),
    ) as T;

  /** The reads named, each answer kept by its arguments until a write. */
  const keptReads = <T extends object>(repository: T, names: readonly string[], scope: string) =>
    Object.fromEntries(
      names.map((name) => {
        const read = repository[name as keyof T] as (...args: unknown[]) => unknown;
        return [
          name,
          (...args: unknown[]) => {
            const key = `${scope}.${name}${JSON.stringify(args)}`;
            if (!kept.has(key)) {
              const found = read(...args);
              // A project not found is not kept: the next request may be the one creating it.
              if (found === undefined) return undefined;
              kept.set(key, found);
            }
            return copyOf(kept.get(key));
          },
        ];
      }),
    );
  const reads = keptReads(projects, KEPT_PROJECT_READS, 'projects') as ProjectReads;

  // Every group of saves stamps its project's last change: the kept copies are stamped too,
  // not dropped, or each save would cost the next request both statements again.
  const touchModified = (id: string, at: number) => {
    projects.touchModified(id, at);
    for (const value of kept.values()) {
      for (const project of [value].flat() as Array<Partial<Project>>) if (project.id === id) project.lastModifiedAt = at;
    }
  };

  return {
    projects: { ...dropsKeptOnWrite(projects, PROJECT_READS), ...reads, touchModified },
    // A save reads the labels to take a name renamed away to the one it became (annotation.service.ts).
    labels: { ...dropsKeptOnWrite(labels, LABEL_READS), ...(keptReads(labels, KEPT_LABEL_READS, 'labels') as LabelReads) },
    /** Drops what is kept: a transaction that read inside itself rolled back. */
    forget,
  };
}
