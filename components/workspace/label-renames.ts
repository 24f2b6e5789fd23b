// Renames another tab (or another annotator) made, read from two versions of the class table:
// a class keeps its id through a rename, so the same id under another name is one.

export interface NamedClass {
  class_id: number;
  name: string;
}

/**
 * The renames from one table to the next as steps to apply in order. Names may have been
 * swapped (a to b while b became a): applied one by one, the second step would take the first's
 * shapes too, so each goes through a name no label can have first.
 */
export function renamesBetween(before: readonly NamedClass[], after: readonly NamedClass[]): Array<[from: string, to: string]> {
  const nameNow = new Map(after.map((entry) => [entry.class_id, entry.name]));
  const renamed = before.flatMap((entry) => {
    const now = nameNow.get(entry.class_id);
    return now !== undefined && now !== entry.name ? [[entry.name, now] as const] : [];
  });
  if (renamed.length <= 1) return renamed.map(([from, to]) => [from, to]);
  const aside = (index: number) => `\u0000renaming ${index}`;
  return [...renamed.map(([from], index): [string, string] => [from, aside(index)]), ...renamed.map(([, to], index): [string, string] => [aside(index), to])];
}

/**
 * Applies each rename once: this tab's own as the server answers it (the open image follows at
 * once), any other when the class table read again shows it. The table read after an own rename
 * shows it too: applied again, it took the shapes of a label given the old name meanwhile, or of
 * the other name of a swap. A table read before the rename landed still has the old name: the
 * class keeps the one given here until a table shows it.
 */
export function createRenameFollower(apply: (from: string, to: string) => void) {
  let lastRead: readonly NamedClass[] | null = null;
  let known: readonly NamedClass[] | null = null;
  // Own renames no table has shown yet, by class id: its name now and the names it had.
  const ahead = new Map<number, { name: string; was: ReadonlySet<string> }>();
  return {
    /** The class table as read now: true when it changed since the last read. */
    read(table: readonly NamedClass[]): boolean {
      if (table === lastRead) return false;
      lastRead = table;
      const now = table.map((entry) => {
        const own = ahead.get(entry.class_id);
        if (own?.was.has(entry.name)) return { ...entry, name: own.name };
        ahead.delete(entry.class_id);
        return entry;
      });
      const before = known;
      known = now;
      if (!before) return false;
      for (const [from, to] of renamesBetween(before, now)) apply(from, to);
      return true;
    },
    /** A rename of this tab's that the server made. */
    renamedHere(from: string, to: string) {
      const entry = known?.find((candidate) => candidate.name === from);
      // A table read before the server's answer came showed it already, and it was applied then.
      if (!entry && known?.some((candidate) => candidate.name === to)) return;
      if (entry && known) {
        ahead.set(entry.class_id, { name: to, was: new Set([...(ahead.get(entry.class_id)?.was ?? []), from]) });
        known = known.map((candidate) => (candidate === entry ? { ...entry, name: to } : candidate));
      }
      apply(from, to);
    },
  };
}
