// The workspace edits shapes in image pixels; classifai stores them in its canvas space.
// Saving with the identity placement (image drawn at 0,0 in its own size) makes both right.
import { toPixelShapes } from './formats';
import type { ImageAnnotation, ImageRecord, PixelEditorShape, Shape } from './types';

/**
 * The id the editor knows a shape by: its own, or its place for one stored without (classifai
 * clients may send none). The dataset check names shapes the same way, so its entries select them.
 */
export const editorShapeId = (shape: Pick<Shape, 'id'>, index: number): string => shape.id ?? `shape-${index}`;

export function toEditorShapes(annotation: ImageAnnotation, image: ImageRecord): PixelEditorShape[] {
  return toPixelShapes(annotation, image).map((shape, index) => {
    const id = editorShapeId(shape, index);
    const label = shape.label ?? '';
    if (shape.kind === 'box') return { id, kind: 'box', x: shape.x1, y: shape.y1, w: shape.x2 - shape.x1, h: shape.y2 - shape.y1, label };
    return { id, kind: 'polygon', points: shape.points.map(({ x, y }) => ({ x, y })), label };
  });
}

/** A negative width or height (drawn right to left) becomes a normalised box. */
export function fromEditorShapes(shapes: readonly PixelEditorShape[], image: ImageRecord, colorOf: (label: string) => string | null): ImageAnnotation {
  const converted: Shape[] = shapes.map((shape) => {
    const common = { lineWidth: 2, color: colorOf(shape.label), label: shape.label, id: shape.id, region: null, subLabel: null };
    if (shape.kind === 'box') {
      const x1 = Math.min(shape.x, shape.x + shape.w);
      const y1 = Math.min(shape.y, shape.y + shape.h);
      return { kind: 'box', x1, y1, x2: x1 + Math.abs(shape.w), y2: y1 + Math.abs(shape.h), distanceToImg: { x: x1, y: y1 }, ...common };
    }
    return { kind: 'polygon', points: shape.points.map((point) => ({ ...point, distanceToImg: { x: point.x, y: point.y } })), ...common };
  });
  return { shapes: converted, placement: { x: 0, y: 0, w: image.width, h: image.height } };
}
