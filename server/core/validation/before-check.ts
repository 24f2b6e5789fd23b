// The "before" checks: the project's stored data as a format will write it, walked through the
// same ExportItem pages the export job reads. Pure; the job and the workspace's check feed it.
import { createClassNumbering, DEFAULT_YOLO_INDEX_BASE, type ExportClass, type ExportOptions } from '../formats/class-numbering';
import type { ExportItem } from '../formats/common';
import { readProjectFields } from '../formats/coco-fields';
import { clipShape, toPixelShapes } from '../formats/geometry';
import { buildYoloLabels } from '../formats/yolo';
import type { AnnotationType, DatasetFields, Shape } from '../types';
import { editorShapeId } from '../editor-shapes';
import { createRuleCollector, type RuleResult } from './collector';
import { geometryFindings } from './geometry-checks';
import { unspellableLabel } from './label-checks';
import { appliesTo, type RuleId, type ValidationFormat } from './rules';
import { checkYoloLine } from './written-checks';

export interface BeforeCheckOptions {
  formats: readonly ValidationFormat[];
  type: AnnotationType;
  /** The class table in class id order. */
  classes: readonly ExportClass[];
  /** The project's label list (the classifai configuration writes it). */
  labels: readonly string[];
  options?: ExportOptions;
  projectFields?: DatasetFields;
}

const NO_PLACE = { imageUuid: '', relPath: '' };

/** How a reader that ignores EXIF sees a picture of orientation 2-4 (5-8: image-size-mismatch). */
const EXIF_TURNS: Partial<Record<number, string>> = { 2: 'mirrored left to right', 3: 'upside down', 4: 'mirrored top to bottom' };

export function createBeforeCheck(options: BeforeCheckOptions) {
  const { formats, type } = options;
  const collector = createRuleCollector(formats);
  const applies = (rule: RuleId) => appliesTo(rule, formats);
  const kind = type === 'bndbox' ? 'box' : 'polygon';
  const yoloNumbering = formats.includes('yolo')
    ? createClassNumbering(options.classes, (entry) => entry.yoloIndex, options.options?.yoloIndexBase ?? DEFAULT_YOLO_INDEX_BASE)
    : null;
  const spelled = new Map<string, Array<[ValidationFormat, string]>>();
  /** Per label, once: each format's reason it cannot write it. */
  const spellingOf = (label: string) => {
    let reasons = spelled.get(label);
    if (!reasons) {
      reasons = formats.flatMap((format) => (applies('label-unspellable') ? [[format, unspellableLabel(label, format)] as const] : [])).filter((pair): pair is [ValidationFormat, string] => pair[1] !== null);
      if (spelled.size < 10_000) spelled.set(label, reasons);
    }
    return reasons;
  };

  if (formats.includes('coco')) {
    for (const file of readProjectFields(options.projectFields).files) {
      const missing = ['info', 'licenses'].filter((key) => !(key in file.top));
      if (missing.length > 0) collector.add({ rule: 'coco-missing-info', ...NO_PLACE, detail: `${file.path} was imported without ${missing.join(' and ')} and is written so` });
    }
  }
  const projectLabels = new Set<string>();
  for (const format of formats) {
    if (format === 'cfg' || format === 'cfgdata') options.labels.forEach((label) => projectLabels.add(label));
    if (format === 'yolo') options.classes.forEach((entry) => projectLabels.add(entry.name));
  }
  for (const label of [...projectLabels].sort()) {
    const reasons = spellingOf(label).filter(([format]) => format === 'cfg' || format === 'cfgdata' || format === 'yolo');
    for (const [format, reason] of reasons) collector.add({ rule: 'label-unspellable', ...NO_PLACE, detail: `${format}: ${reason}` });
  }

  const checkShape = (item: ExportItem, pixel: Shape, stored: Shape | undefined, shapeId: string) => {
    const place = { imageUuid: item.image.uuid, relPath: item.image.relPath, shapeId };
    const label = pixel.label ?? '';
    if (label === '') {
      if (applies('shape-unlabelled')) collector.add({ rule: 'shape-unlabelled', ...place, detail: 'no label' });
    } else {
      for (const [format, reason] of spellingOf(label)) if (format === 'voc') collector.add({ rule: 'label-unspellable', ...place, detail: `${format}: ${reason}` });
    }
    if (stored?.kind === 'box' && (stored.x1 > stored.x2 || stored.y1 > stored.y2) && applies('box-inverted')) {
      collector.add({ rule: 'box-inverted', ...place, detail: 'x2 < x1 or y2 < y1 as stored; written with the corners swapped' });
    }
    for (const finding of geometryFindings(pixel, item.image)) {
      if (!applies(finding.rule)) continue;
      const consequence = finding.rule === 'polygon-few-points' || finding.rule === 'zero-area' ? '; left out of the export' : finding.rule === 'outside-image' ? '; the export cuts it at the edge' : '';
      collector.add({ rule: finding.rule, ...place, detail: `${finding.detail}${consequence}` });
    }
    // Only a line read from a YOLO file is written back verbatim; computed ones come from the
    // clipped shape and stay inside [0, 1], so they need no line built here.
    if (yoloNumbering && label !== '' && pixel.dataset?.yolo) {
      const clipped = clipShape(pixel, item.image);
      if (!clipped) return;
      const line = buildYoloLabels({ image: item.image, stem: '', objects: [{ label, shape: clipped, truncated: false }] }, yoloNumbering, type).trimEnd();
      for (const finding of checkYoloLine(line)) if (finding.rule === 'yolo-out-of-range') collector.add({ rule: finding.rule, ...place, detail: finding.detail });
    }
  };

  return {
    add(item: ExportItem): void {
      // Sizes are stored upright; EXIF orientation 5-8 means the pixels in the file lie sideways,
      // so a reader that ignores EXIF (a bare PIL Image.open) decodes the other size.
      const { orientation, width, height } = item.image;
      if (orientation !== undefined && orientation >= 5 && applies('image-size-mismatch')) {
        const detail = `decodes to ${height} x ${width} without EXIF; ${width} x ${height} once EXIF orientation ${orientation} is applied (the size written)`;
        collector.add({ rule: 'image-size-mismatch', imageUuid: item.image.uuid, relPath: item.image.relPath, detail });
      }
      // Orientation 2-4 keeps the size, so nothing above says it; the picture still lies turned
      // or mirrored in the file, and the shapes (placed on the upright picture) miss it there.
      const turn = orientation === undefined ? undefined : EXIF_TURNS[orientation];
      if (turn && applies('image-exif-turned')) {
        const detail = `EXIF orientation ${orientation ?? ''}: without it the picture is ${turn}, and the shapes, placed on the upright picture, miss it`;
        collector.add({ rule: 'image-exif-turned', imageUuid: item.image.uuid, relPath: item.image.relPath, detail });
      }
      const pixels = toPixelShapes(item.annotation, item.image);
      const seen = new Set<string>();
      pixels.forEach((pixel, index) => {
        const shapeId = editorShapeId(pixel, index);
        if (seen.has(shapeId) && applies('duplicate-id')) {
          collector.add({ rule: 'duplicate-id', imageUuid: item.image.uuid, relPath: item.image.relPath, shapeId, detail: `shape id ${shapeId} is used twice on this image` });
        }
        seen.add(shapeId);
        // Shapes of the other kind are neither shown nor exported.
        if (pixel.kind === kind) checkShape(item, pixel, item.annotation.shapes[index], shapeId);
      });
    },
    results(): RuleResult[] {
      return collector.results();
    },
  };
}
