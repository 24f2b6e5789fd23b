// Builders for the format tests: small records with only the fields a test cares about.
import type { BoxShape, CanvasPlacement, ImageAnnotation, ImageRecord, PolygonShape, Project, Shape } from '@/server/core/types';
import type { ExportItem } from './common';

export const PIXELS: CanvasPlacement = { x: 0, y: 0, w: 0, h: 0 };

export function imageRecord(relPath: string, width = 1000, height = 500, uuid = `uuid-${relPath}`): ImageRecord {
  return { uuid, projectId: 'p1', relPath, format: 'jpeg', width, height, depth: 3, fileSize: 1234, mtimeMs: 0 };
}

export function box(x1: number, y1: number, x2: number, y2: number, label: string | null = 'cat', id = '1'): BoxShape {
  return { kind: 'box', x1, y1, x2, y2, distanceToImg: null, lineWidth: 2, color: 'rgba(255,0,0,1.0)', label, id, region: null, subLabel: null };
}

export function polygon(points: Array<[number, number]>, label: string | null = 'cat', id = '1'): PolygonShape {
  return {
    kind: 'polygon',
    points: points.map(([x, y]) => ({ x, y, distanceToImg: null })),
    lineWidth: 2,
    color: 'rgba(0,255,0,1.0)',
    label,
    id,
    region: null,
    subLabel: null,
  };
}

export function annotation(shapes: Shape[], placement: CanvasPlacement = PIXELS): ImageAnnotation {
  return { shapes, placement };
}

export function item(relPath: string, shapes: Shape[], placement: CanvasPlacement = PIXELS, width = 1000, height = 500): ExportItem {
  return { image: imageRecord(relPath, width, height), annotation: annotation(shapes, placement) };
}

export function project(overrides: Partial<Project> = {}): Project {
  return {
    id: '0f9e8d7c-6b5a-4f3e-9d2c-1b0a9f8e7d6c',
    name: 'pets',
    type: 'bndbox',
    folder: '/home/alice/pets',
    isNew: false,
    isStarred: true,
    versionUuid: '8d1e2f3a-4b5c-4d6e-8f90-a1b2c3d4e5f6',
    createdAt: new Date(2021, 11, 20, 15, 1, 0).getTime(),
    lastModifiedAt: new Date(2021, 11, 20, 15, 14, 55).getTime(),
    labels: ['cat', 'dog'],
    ...overrides,
  };
}

/** Pixel shapes compared with a tolerance: what survives an export's rounding. */
export function roughly(shape: Shape, digits = 0) {
  const r = (v: number) => Number(v.toFixed(digits));
  return shape.kind === 'box'
    ? { kind: shape.kind, label: shape.label, x1: r(shape.x1), y1: r(shape.y1), x2: r(shape.x2), y2: r(shape.y2) }
    : { kind: shape.kind, label: shape.label, points: shape.points.map((p) => [r(p.x), r(p.y)]) };
}
