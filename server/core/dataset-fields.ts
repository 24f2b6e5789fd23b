// Dataset fields (ids, iscrowd, attributes, flags: what Labelport does not edit) outlive
// edits: neither the workspace nor a classifai client sends them, so a save takes them over
// from the stored shape of the same id, and the image's own fields stay as they were. A
// classifai client's region and sub-labels outlive workspace saves the same way.
import { editorShapeId } from './editor-shapes';
import type { DatasetFields, ImageAnnotation, Shape } from './types';

/** What the workspace does not show or edit, kept from the stored shape the editor knew. */
type ClassifaiFields = Pick<Shape, 'region' | 'subLabel'>;

/**
 * fromEditor: a workspace save, whose shapes carry no classifai region or sub-labels (the editor
 * neither shows nor edits them); each takes them from the stored shape it was loaded from, found
 * by the id the editor knew it by (editorShapeId). A classifai client sends its own.
 */
export function carryDatasetFields(next: ImageAnnotation, stored: ImageAnnotation | undefined, { fromEditor = false } = {}): ImageAnnotation {
  if (!stored) return next;
  const byId = new Map<string, DatasetFields>();
  for (const shape of stored.shapes) if (shape.id !== null && shape.dataset) byId.set(shape.id, shape.dataset);
  const classifai = new Map<string, ClassifaiFields>();
  if (fromEditor) {
    stored.shapes.forEach((shape, index) => {
      if (shape.region != null || shape.subLabel != null) classifai.set(editorShapeId(shape, index), { region: shape.region ?? null, subLabel: shape.subLabel ?? null });
    });
  }
  const dataset = next.dataset ?? stored.dataset;
  if (byId.size === 0 && classifai.size === 0) return dataset === undefined ? next : { ...next, dataset };
  const shapes = next.shapes.map((shape): Shape => {
    const kept = shape.dataset === undefined && shape.id !== null ? byId.get(shape.id) : undefined;
    const fields = shape.id !== null && shape.region == null && shape.subLabel == null ? classifai.get(shape.id) : undefined;
    return kept || fields ? { ...shape, ...fields, ...(kept ? { dataset: kept } : {}) } : shape;
  });
  return { ...next, shapes, ...(dataset === undefined ? {} : { dataset }) };
}

/** The stored fields with each format's part replaced by the one given (an import of that format). */
export function mergeDatasetFields(stored: DatasetFields | undefined, incoming: DatasetFields | undefined): DatasetFields | undefined {
  if (!incoming || Object.keys(incoming).length === 0) return stored;
  return { ...stored, ...incoming };
}
