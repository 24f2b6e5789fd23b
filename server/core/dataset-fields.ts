// Dataset fields (ids, iscrowd, attributes, flags: what Labelport does not edit) outlive
// edits: neither the workspace nor a classifai client sends them, so a save takes them over
// from the stored shape of the same id, and the image's own fields stay as they were.
import type { DatasetFields, ImageAnnotation, Shape } from './types';

export function carryDatasetFields(next: ImageAnnotation, stored: ImageAnnotation | undefined): ImageAnnotation {
  if (!stored) return next;
  const byId = new Map<string, DatasetFields>();
  for (const shape of stored.shapes) if (shape.id !== null && shape.dataset) byId.set(shape.id, shape.dataset);
  const dataset = next.dataset ?? stored.dataset;
  if (byId.size === 0) return dataset === undefined ? next : { ...next, dataset };
  const shapes = next.shapes.map((shape): Shape => {
    const kept = shape.dataset === undefined && shape.id !== null ? byId.get(shape.id) : undefined;
    return kept ? { ...shape, dataset: kept } : shape;
  });
  return { ...next, shapes, ...(dataset === undefined ? {} : { dataset }) };
}

/** The stored fields with each format's part replaced by the one given (an import of that format). */
export function mergeDatasetFields(stored: DatasetFields | undefined, incoming: DatasetFields | undefined): DatasetFields | undefined {
  if (!incoming || Object.keys(incoming).length === 0) return stored;
  return { ...stored, ...incoming };
}
