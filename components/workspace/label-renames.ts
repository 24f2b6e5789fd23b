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
