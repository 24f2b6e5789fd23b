// Editor shapes (image pixels, x/y/w/h) ↔ classifai shapes. Saved with the identity placement
// (image drawn at 0,0 in its own size) so classifai clients place them right too.
import { toPixelShapes } from '@/server/core/formats';
import type { ImageAnnotation, ImageRecord, Shape } from '@/server/core/types';
import type { EditorShapeWire } from '../schemas/editor.schema';

export function toEditorShapes(annotation: ImageAnnotation, image: ImageRecord): EditorShapeWire[] {
  return toPixelShapes(annotation, image).map((shape, index) => {
    const id = shape.id ?? `shape-${index}`;
    const label = shape.label ?? '';
    if (shape.kind === 'box') return { id, kind: 'box', x: shape.x1, y: shape.y1, w: shape.x2 - shape.x1, h: shape.y2 - shape.y1, label };
    return { id, kind: 'polygon', points: shape.points.map(({ x, y }) => ({ x, y })), label };
  });
}

export function fromEditorShapes(shapes: readonly EditorShapeWire[], image: ImageRecord, colorOf: (label: string) => string | null): ImageAnnotation {
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
