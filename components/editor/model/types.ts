// The editor's document: shapes in image pixels. No React, no Konva: the rules live here and
// are tested without a canvas.

export interface Point {
  x: number;
  y: number;
}

export interface EditorBox {
  id: string;
  kind: 'box';
  x: number;
  y: number;
  w: number;
  h: number;
  label: string;
}

export interface EditorPolygon {
  id: string;
  kind: 'polygon';
  points: Point[];
  label: string;
}

export type EditorShape = EditorBox | EditorPolygon;

export interface ImageSize {
  width: number;
  height: number;
}

/** Stage transform: screen = image * scale + offset. */
export interface View {
  scale: number;
  x: number;
  y: number;
}

/** A tool's id (tools/index.ts lists them). */
export type Tool = string;

/** What a project stores: boxes (bndbox) or polygons (seg). */
export type ProjectType = 'bndbox' | 'seg';

export type Handle = 'nw' | 'n' | 'ne' | 'e' | 'se' | 's' | 'sw' | 'w';
export const HANDLES: readonly Handle[] = ['nw', 'n', 'ne', 'e', 'se', 's', 'sw', 'w'];
