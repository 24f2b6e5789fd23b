// A client that read the label list before a rename or merge (a tab between its re-reads, a
// classifai client) still sends the old name. The rename relabelled only the shapes stored then:
// a shape saved later with the old name would keep a label the project no longer has.
import type { LabelRename } from './repositories';
import type { Shape } from './types';

/**
 * The name a label that is not current became: through the rename or merge that last took it
 * away, then every later one of the names it became (a -> b -> c). Undefined when there is none,
 * or when the name at the end is not current either (renamed away and removed).
 */
export function renamedLabel(label: string, current: ReadonlySet<string>, renames: readonly LabelRename[]): string | undefined {
  if (current.has(label)) return undefined;
  const last = renames.findLastIndex((rename) => rename.from === label);
  if (last < 0) return undefined;
  let name = label;
  for (const rename of renames.slice(last)) if (rename.from === name) name = rename.to;
  return current.has(name) ? name : undefined;
}

/** The shapes, each label renamed or merged away as what it became (renamedLabel). */
export function followRenames(shapes: readonly Shape[], current: ReadonlySet<string>, renames: readonly LabelRename[]): Shape[] {
  return shapes.map((shape) => {
    const to = shape.label === null ? undefined : renamedLabel(shape.label, current, renames);
    return to === undefined ? shape : { ...shape, label: to };
  });
}
