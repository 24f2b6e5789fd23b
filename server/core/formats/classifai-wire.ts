// classifai's annotation elements as they appear in the config file ↔ domain shapes.
// Written like the thumbnail API writes them: region, subLabel and a box's distancetoImg
// are left out when null, ids are strings. Read tolerantly: ids and regions may be numbers.
import type { BoxShape, OffsetToImage, PolygonShape, Shape } from '@/server/core/types';
import { isFiniteNumber, isRecord } from './common';

export interface ClassifaiOffsetWire {
  x: number;
  y: number;
}

export interface ClassifaiBoxWire {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  lineWidth: number | null;
  color: string | null;
  region?: string;
  subLabel?: unknown[];
  distancetoImg?: ClassifaiOffsetWire;
  label: string | null;
  id: string | null;
}

export interface ClassifaiPointWire {
  x: number;
  y: number;
  distancetoImg: ClassifaiOffsetWire | null;
}

export interface ClassifaiPolygonWire {
  coorPt: ClassifaiPointWire[];
  lineWidth: number | null;
  color: string | null;
  region?: string;
  subLabel?: unknown[];
  label: string | null;
  id: string | null;
}

export type ClassifaiShapeWire = ClassifaiBoxWire | ClassifaiPolygonWire;

const offsetWire = (offset: OffsetToImage | null) => (offset ? { x: offset.x, y: offset.y } : null);

function optionalWire(shape: Shape) {
  return {
    ...(shape.region !== null && shape.region !== undefined ? { region: shape.region } : {}),
    ...(shape.subLabel !== null && shape.subLabel !== undefined ? { subLabel: shape.subLabel } : {}),
  };
}

export function shapeToWire(shape: Shape): ClassifaiShapeWire {
  if (shape.kind === 'box') {
    const offset = offsetWire(shape.distanceToImg);
    return {
      x1: shape.x1,
      y1: shape.y1,
      x2: shape.x2,
      y2: shape.y2,
      lineWidth: shape.lineWidth,
      color: shape.color,
      ...optionalWire(shape),
      ...(offset ? { distancetoImg: offset } : {}),
      label: shape.label,
      id: shape.id,
    };
  }
  return {
    coorPt: shape.points.map((point) => ({ x: point.x, y: point.y, distancetoImg: offsetWire(point.distanceToImg) })),
    lineWidth: shape.lineWidth,
    color: shape.color,
    ...optionalWire(shape),
    label: shape.label,
    id: shape.id,
  };
}

// A client may store a sub-label as a {label, region} object; classifai's config file holds
// strings only (its importer refuses anything else), so the file keeps the object's label.
const subLabelText = (entry: unknown) => (typeof entry === 'string' ? entry : isRecord(entry) && typeof entry.label === 'string' ? entry.label : null);

/** An element of the config file: as shapeToWire, with sub-labels as strings. */
export function shapeToConfigWire(shape: Shape): ClassifaiShapeWire {
  const wire = shapeToWire(shape);
  if (!wire.subLabel) return wire;
  return { ...wire, subLabel: wire.subLabel.map(subLabelText).filter((text): text is string => text !== null) };
}

/** A readable reason, with the place in the file, for refusing an input. */
export class FormatError extends Error {}

export function expectNumber(value: unknown, where: string): number {
  if (!isFiniteNumber(value)) throw new FormatError(`${where} must be a number`);
  return value;
}

function nullable<T>(value: unknown, where: string, read: (value: unknown, where: string) => T): T | null {
  return value === null || value === undefined ? null : read(value, where);
}

export function expectString(value: unknown, where: string): string {
  if (typeof value !== 'string') throw new FormatError(`${where} must be a string`);
  return value;
}

const stringOrNumber = (value: unknown, where: string): string => {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return expectString(value, where);
};

function offset(value: unknown, where: string): OffsetToImage | null {
  if (value === null || value === undefined) return null;
  if (!isRecord(value)) throw new FormatError(`${where} must be an object {x, y}`);
  return { x: expectNumber(value.x, `${where}.x`), y: expectNumber(value.y, `${where}.y`) };
}

function extras(wire: Record<string, unknown>, where: string) {
  const subLabel = wire.subLabel;
  if (subLabel !== null && subLabel !== undefined && !Array.isArray(subLabel)) throw new FormatError(`${where}.subLabel must be a list`);
  return {
    lineWidth: nullable(wire.lineWidth, `${where}.lineWidth`, expectNumber),
    color: nullable(wire.color, `${where}.color`, expectString),
    label: nullable(wire.label, `${where}.label`, expectString),
    id: nullable(wire.id, `${where}.id`, stringOrNumber),
    region: nullable(wire.region, `${where}.region`, stringOrNumber),
    subLabel: Array.isArray(subLabel) ? (subLabel as unknown[]) : null,
  };
}

/** One element of `annotation`: a polygon when it has coorPt, a box otherwise. */
export function shapeFromWire(value: unknown, where: string): Shape {
  if (!isRecord(value)) throw new FormatError(`${where} must be an object`);
  if ('coorPt' in value) {
    if (!Array.isArray(value.coorPt)) throw new FormatError(`${where}.coorPt must be a list`);
    if (value.coorPt.length < 3) throw new FormatError(`${where}.coorPt has ${value.coorPt.length} points; a polygon needs at least 3`);
    const points = value.coorPt.map((point: unknown, i) => {
      const at = `${where}.coorPt[${i}]`;
      if (!isRecord(point)) throw new FormatError(`${at} must be an object {x, y}`);
      return { x: expectNumber(point.x, `${at}.x`), y: expectNumber(point.y, `${at}.y`), distanceToImg: offset(point.distancetoImg, `${at}.distancetoImg`) };
    });
    const polygon: PolygonShape = { kind: 'polygon', points, ...extras(value, where) };
    return polygon;
  }
  const box: BoxShape = {
    kind: 'box',
    x1: expectNumber(value.x1, `${where}.x1`),
    y1: expectNumber(value.y1, `${where}.y1`),
    x2: expectNumber(value.x2, `${where}.x2`),
    y2: expectNumber(value.y2, `${where}.y2`),
    distanceToImg: offset(value.distancetoImg, `${where}.distancetoImg`),
    ...extras(value, where),
  };
  return box;
}
