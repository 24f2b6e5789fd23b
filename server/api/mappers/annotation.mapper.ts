// classifai's annotation wire shapes ↔ domain shapes. Quirks handled here: ids arrive as
// numbers and go back as strings; the body carries both arrays and only the project type's
// counts. The written form (nulls omitted as the original's Jackson config does) is the one
// the configuration file uses too: formats/classifai-wire.ts.
import type { EditorImage, EditorSaveOutcome } from '@/server/core/annotation.service';
import { invalidInput } from '@/server/core/errors';
import { shapeToWire, type ClassifaiBoxWire, type ClassifaiPolygonWire } from '@/server/core/formats/classifai-wire';
import type { AnnotationChange, AnnotationType, BoxShape, CanvasPlacement, OffsetToImage, PolygonShape, Shape } from '@/server/core/types';
import type { BoxWire, PolygonWire, UpdateAnnotationInput } from '../schemas/annotation.schema';
import type { AnnotationChangeOutput, EditorImageOutput, EditorSaveOutput } from '../schemas/editor.schema';

const text = (value: string | number | null | undefined): string | null =>
  value === null || value === undefined ? null : String(value);

const offset = (value: OffsetToImage | null | undefined): OffsetToImage | null => (value ? { x: value.x, y: value.y } : null);

function extras(wire: BoxWire | PolygonWire) {
  return {
    lineWidth: wire.lineWidth ?? null,
    color: wire.color ?? null,
    label: wire.label ?? null,
    id: text(wire.id),
    region: text(wire.region),
    subLabel: wire.subLabel ?? null,
  };
}

export function toBoxShape(wire: BoxWire): BoxShape {
  return { kind: 'box', x1: wire.x1, y1: wire.y1, x2: wire.x2, y2: wire.y2, distanceToImg: offset(wire.distancetoImg), ...extras(wire) };
}

export function toPolygonShape(wire: PolygonWire): PolygonShape {
  return {
    kind: 'polygon',
    points: wire.coorPt.map((point) => ({ x: point.x, y: point.y, distanceToImg: offset(point.distancetoImg) })),
    ...extras(wire),
  };
}

export function toShapes(type: AnnotationType, input: UpdateAnnotationInput): Shape[] {
  if (type === 'bndbox') {
    if (!input.bnd_box) throw invalidInput('bnd_box must be an array for a bndbox project');
    return input.bnd_box.map(toBoxShape);
  }
  if (!input.polygons) throw invalidInput('polygons must be an array for a seg project');
  return input.polygons.map(toPolygonShape);
}

export function toPlacement(input: UpdateAnnotationInput): CanvasPlacement {
  return { x: input.img_x ?? 0, y: input.img_y ?? 0, w: input.img_w ?? 0, h: input.img_h ?? 0 };
}

/** bnd_box for bndbox projects, polygons for seg; shapes of the other kind are not shown. */
export function toShapeField(type: AnnotationType, shapes: readonly Shape[]) {
  if (type === 'bndbox') {
    return { bnd_box: shapes.filter((shape): shape is BoxShape => shape.kind === 'box').map((shape) => shapeToWire(shape) as ClassifaiBoxWire) };
  }
  return {
    polygons: shapes.filter((shape): shape is PolygonShape => shape.kind === 'polygon').map((shape) => shapeToWire(shape) as ClassifaiPolygonWire),
  };
}

/** The workspace's batch read: editor shapes are already the wire shape (image pixels). */
export function toEditorImageOutput({ image, shapes, version }: EditorImage): EditorImageOutput {
  return { uuid: image.uuid, img_path: image.relPath, width: image.width, height: image.height, shapes, version };
}

const toChangeOutput = (change: AnnotationChange): AnnotationChangeOutput => ({
  version: change.version,
  actor: change.actor,
  at: change.at,
  source: change.source,
  shape_count: change.shapeCount,
});

export function toEditorSaveOutput(outcome: EditorSaveOutcome): EditorSaveOutput {
  if (outcome.saved) return { message: 1, version: outcome.version };
  const { version, shapes, change } = outcome.conflict;
  return { message: 0, conflict: { version, shapes, change: change ? toChangeOutput(change) : null } };
}

export const toAnnotationHistoryOutput = (changes: AnnotationChange[]): AnnotationChangeOutput[] => changes.map(toChangeOutput);
