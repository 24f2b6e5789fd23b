// The "after" checks of the per-image formats: each takes one written file as it went into the
// zip (a YOLO label file, a VOC XML, a labelme JSON) and says what its consumers would refuse.
import { isFiniteNumber, isRecord } from '../formats/common';
import { child, childText, parseXml } from '../formats/xml';
import { unspellableLabel } from './label-checks';
import type { RuleId, ValidationEntry } from './rules';

export interface Finding {
  rule: RuleId;
  detail: string;
}

export interface WrittenPlace {
  imageUuid: string;
  relPath: string;
}

export type AddEntry = (entry: ValidationEntry) => void;

const toEntries = (findings: readonly Finding[], place: WrittenPlace, where: string, add: AddEntry) =>
  findings.forEach((finding) => add({ rule: finding.rule, ...place, detail: `${where}: ${finding.detail}` }));

/** One YOLO line: `class cx cy w h [extra]` or `class x1 y1 x2 y2 x3 y3 …`; every value in [0, 1]. */
export function checkYoloLine(line: string): Finding[] {
  const [cls = '', ...rest] = line.trim().split(/\s+/);
  if (cls === '') return [];
  const findings: Finding[] = [];
  if (!/^\d+$/.test(cls)) findings.push({ rule: 'class-index-out-of-range', detail: `class "${cls}" is not a whole number` });
  const isBox = rest.length === 4 || rest.length === 5;
  const values = (isBox ? rest.slice(0, 4) : rest).map(Number);
  const bad = values.filter((value) => !(Number.isFinite(value) && value >= 0 && value <= 1));
  if (bad.length > 0) findings.push({ rule: 'yolo-out-of-range', detail: `${bad.slice(0, 3).join(', ')}${bad.length > 3 ? ', …' : ''} outside [0, 1]` });
  if (isBox) {
    if ((values[2] ?? 0) <= 0 || (values[3] ?? 0) <= 0) findings.push({ rule: 'zero-area', detail: `box of width ${rest[2]} and height ${rest[3]}` });
  } else if (values.length < 6 || values.length % 2 !== 0) {
    findings.push({ rule: 'polygon-few-points', detail: `${values.length} coordinates: a polygon needs at least 3 x y pairs` });
  }
  return findings;
}

/**
 * The label files of one YOLO export. Class indexes are judged once classes.txt is known (it
 * is written last), so the lines naming each index are counted and a few kept until then.
 */
export function createYoloFilesCheck(add: AddEntry, keep = 20) {
  const byClass = new Map<number, { count: number; kept: ValidationEntry[] }>();
  return {
    file(content: string, place: WrittenPlace, path: string) {
      content.split('\n').forEach((line, i) => {
        if (line.trim() === '') return;
        const where = `${path} line ${i + 1}`;
        toEntries(checkYoloLine(line), place, where, add);
        const cls = Number(line.trim().split(/\s+/)[0]);
        if (!Number.isInteger(cls)) return;
        let slot = byClass.get(cls);
        if (!slot) byClass.set(cls, (slot = { count: 0, kept: [] }));
        slot.count += 1;
        if (slot.kept.length < keep) slot.kept.push({ rule: 'class-index-out-of-range', ...place, detail: `${where}: class ${cls}` });
      });
    },
    /** classes.txt as written: one name a line. */
    finish(classesTxt: string) {
      const count = classesTxt.split('\n').filter((line, i, lines) => i < lines.length - 1 || line !== '').length;
      for (const [cls, slot] of [...byClass].sort(([a], [b]) => a - b)) {
        if (cls < count) continue;
        slot.kept.forEach((entry) => add({ ...entry, detail: `${entry.detail}, but classes.txt names ${count} classes` }));
        for (let more = slot.kept.length; more < slot.count; more++) add({ rule: 'class-index-out-of-range', imageUuid: '', relPath: '', detail: `class ${cls}, but classes.txt names ${count} classes` });
      }
    },
  };
}

/** A Pascal VOC annotation: 1-based pixel boxes inside <size>, names a reader keeps whole. */
export function checkVocFile(content: string, place: WrittenPlace, path: string, add: AddEntry): void {
  const parsed = parseXml(content);
  if (!parsed.ok) return add({ rule: 'label-unspellable', ...place, detail: `${path}: not readable XML (${parsed.error})` });
  const size = child(parsed.root, 'size');
  const width = Number(size ? childText(size, 'width') : NaN);
  const height = Number(size ? childText(size, 'height') : NaN);
  parsed.root.children
    .filter((element) => element.name === 'object')
    .forEach((object, i) => {
      const where = `${path} object ${i + 1}`;
      // The untrimmed text: readers trim it, so a name with a line break comes back another name.
      const name = child(object, 'name')?.text ?? '';
      const spelling = unspellableLabel(name, 'voc');
      if (spelling) add({ rule: 'label-unspellable', ...place, detail: `${where}: ${spelling}` });
      const box = child(object, 'bndbox');
      const [xmin = NaN, ymin = NaN, xmax = NaN, ymax = NaN] = ['xmin', 'ymin', 'xmax', 'ymax'].map((key) => Number(box ? childText(box, key) : NaN));
      if (![xmin, ymin, xmax, ymax].every(Number.isFinite)) return add({ rule: 'zero-area', ...place, detail: `${where}: no numeric bndbox` });
      if (xmax < xmin || ymax < ymin) add({ rule: 'zero-area', ...place, detail: `${where}: xmax ${xmax} < xmin ${xmin} or ymax ${ymax} < ymin ${ymin}` });
      if (xmin < 1 || ymin < 1 || (Number.isFinite(width) && xmax > width) || (Number.isFinite(height) && ymax > height)) {
        add({ rule: 'outside-image', ...place, detail: `${where}: (${xmin}, ${ymin})-(${xmax}, ${ymax}) on a ${width} x ${height} image (1-based)` });
      }
    });
}

/** A labelme file: polygons of 3 points or more, rectangles of 2 corners with an area, inside the image. */
export function checkLabelmeFile(content: string, place: WrittenPlace, path: string, add: AddEntry): void {
  let data: unknown;
  try {
    data = JSON.parse(content);
  } catch {
    return add({ rule: 'zero-area', ...place, detail: `${path}: not JSON` });
  }
  if (!isRecord(data) || !Array.isArray(data.shapes)) return;
  const width = isFiniteNumber(data.imageWidth) ? data.imageWidth : Infinity;
  const height = isFiniteNumber(data.imageHeight) ? data.imageHeight : Infinity;
  data.shapes.forEach((shape: unknown, i) => {
    if (!isRecord(shape) || !Array.isArray(shape.points)) return;
    const where = `${path} shape ${i + 1}`;
    const points = shape.points.filter((p): p is [number, number] => Array.isArray(p) && isFiniteNumber(p[0]) && isFiniteNumber(p[1]));
    if (shape.shape_type === 'rectangle') {
      const [a, b] = points;
      if (points.length !== 2 || !a || !b || a[0] === b[0] || a[1] === b[1]) add({ rule: 'zero-area', ...place, detail: `${where}: a rectangle needs 2 corners spanning an area` });
    } else if (shape.shape_type === 'polygon' && points.length < 3) {
      add({ rule: 'polygon-few-points', ...place, detail: `${where}: ${points.length} points` });
    }
    if (points.some(([x, y]) => x < 0 || y < 0 || x > width || y > height)) add({ rule: 'outside-image', ...place, detail: `${where}: a point outside the ${width} x ${height} image` });
  });
}
