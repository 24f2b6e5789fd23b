// Pascal VOC: one XML per image under Annotations/, integer pixel boxes in the devkit's
// 1-based convention: xmin 1 is the first pixel column and xmax the last one covered, so the
// box's pixel edges are [xmin - 1, xmax]. VOC has no polygons, so a seg project's polygons
// are written as their bounding boxes.
import type { AnnotationType } from '@/server/core/types';
import {
  addMatched,
  baseName,
  boundsOutline,
  dirName,
  exportAllAtOnce,
  importEachFile,
  importedShape,
  normalisePath,
  stripExtension,
  perImageExporter,
  type ImportFile,
  type ImportOptions,
  type ImportResult,
  type ImportTarget,
  type PreparedImage,
} from './common';
import { shapeBounds } from './geometry';
import { outsideImage } from './outside-image';
import { child, childText, escapeXml, parseXml } from './xml';

export const VOC_FOLDER = 'Annotations';

/**
 * Pixel edges rounded to whole pixels inside the image, written 1-based. An object that
 * rounds to no width or height is left out: most VOC readers reject such boxes.
 */
export function buildVocXml(entry: PreparedImage): string {
  const { image } = entry;
  const tag = (name: string, value: string | number, indent: number) => `${'  '.repeat(indent)}<${name}>${escapeXml(String(value))}</${name}>`;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<annotation>',
    tag('folder', dirName(image.relPath), 1),
    tag('filename', baseName(image.relPath), 1),
    tag('path', image.relPath, 1),
    '  <source>',
    tag('database', 'Unknown', 2),
    '  </source>',
    '  <size>',
    tag('width', image.width, 2),
    tag('height', image.height, 2),
    tag('depth', image.depth, 2),
    '  </size>',
    // 1 would promise SegmentationObject masks, which are not written.
    tag('segmented', 0, 1),
  ];
  for (const { label, shape, truncated } of entry.objects) {
    const bounds = shapeBounds(shape);
    const [xmin, xmax] = [Math.max(0, Math.round(bounds.xMin)) + 1, Math.min(image.width, Math.round(bounds.xMax))];
    const [ymin, ymax] = [Math.max(0, Math.round(bounds.yMin)) + 1, Math.min(image.height, Math.round(bounds.yMax))];
    if (xmax < xmin || ymax < ymin) continue;
    lines.push(
      '  <object>',
      tag('name', label, 2),
      tag('pose', 'Unspecified', 2),
      tag('truncated', truncated ? 1 : 0, 2),
      tag('difficult', 0, 2),
      '    <bndbox>',
      tag('xmin', xmin, 3),
      tag('ymin', ymin, 3),
      tag('xmax', xmax, 3),
      tag('ymax', ymax, 3),
      '    </bndbox>',
      '  </object>',
    );
  }
  lines.push('</annotation>');
  return `${lines.join('\n')}\n`;
}

/** `Annotations/<relPath without extension>.xml` for every image, objects or not. */
export const exportVocPages = perImageExporter((entry) => ({ path: `${VOC_FOLDER}/${entry.stem}.xml`, content: buildVocXml(entry) }));
export const exportVoc = exportAllAtOnce(exportVocPages);

/**
 * Every `.xml` file given is read as one VOC annotation. `<path>` and `<filename>` find the
 * image (LabelImg's absolute paths, Roboflow's extension-less names) when they agree with the
 * file's own name. When `<filename>` names another image, the devkit and MMDetection pair
 * `Annotations/<id>.xml` with the image `<id>` whatever it says: the file's name wins when it
 * names an image of the project, and the disagreement is reported.
 */
export function importVoc(files: readonly ImportFile[], images: readonly ImportTarget[], type: AnnotationType, options?: ImportOptions): ImportResult {
  return importEachFile(files, images, options, '.xml', ({ file, result, matcher, nextId, error }) => {
    const parsed = parseXml(file.content);
    if (!parsed.ok) {
      error(`not readable XML (${parsed.error})`);
      return;
    }
    const { root } = parsed;
    if (root.name !== 'annotation') {
      error(`the root element is <${root.name}>, not <annotation>`);
      return;
    }
    const filename = childText(root, 'filename') ?? '';
    const folder = childText(root, 'folder') ?? '';
    const names = [childText(root, 'path') ?? '', folder && filename ? `${folder}/${filename}` : filename].filter((n) => n !== '');
    const stem = file.path.slice(0, -'.xml'.length);
    const named = filename || baseName(normalisePath(childText(root, 'path') ?? ''));
    const target = sameImageName(named, stem) ? matcher.match(names, [stem]) : (matcher.match([], [stem]) ?? matcher.match(names, []));
    if (!target) {
      result.unmatched.push(filename || file.path);
      return;
    }
    const byName = sameImageName(named, stem) ? null : matcher.match(names, []);
    if (byName && byName !== target) error(`<filename> ${named} names ${byName.relPath}, but the file's own name pairs it with ${target.relPath}, where its objects went`);
    addMatched(result, target.relPath, []);
    root.children
      .filter((element) => element.name === 'object')
      .forEach((object, i) => {
        const label = childText(object, 'name') ?? '';
        const box = child(object, 'bndbox');
        const values = ['xmin', 'ymin', 'xmax', 'ymax'].map((key) => readNumber(box ? childText(box, key) : undefined));
        const [xmin = NaN, ymin = NaN, xmax = NaN, ymax = NaN] = values;
        if (label === '') return error(`object ${i + 1} has no name`);
        if (!values.every(Number.isFinite)) return error(`object ${i + 1} (${label}) has no numeric bndbox`);
        const shape = importedShape(vocOutline(xmin, ymin, xmax, ymax), label, type, target, nextId());
        if (!shape) return error(`object ${i + 1} (${label}) has no area inside ${target.relPath} and was skipped`);
        // 0 is read as the first column without a word: tools counting from 0 write it.
        const outside = outsideImage({ xMin: Math.min(xmin, xmax), yMin: Math.min(ymin, ymax), xMax: Math.max(xmin, xmax), yMax: Math.max(ymin, ymax) }, target);
        if (outside) error(`object ${i + 1} (${label}) reaches outside the ${target.width}×${target.height} image (${outside}) and was cut at its edge`);
        addMatched(result, target.relPath, [shape]);
      });
  });
}

/** No name, or the same base name as the XML file's (extension and case aside). */
function sameImageName(named: string, xmlStem: string): boolean {
  const ownName = baseName(normalisePath(xmlStem)).toLowerCase();
  const name = named.toLowerCase();
  return name === '' || name === ownName || stripExtension(name) === ownName;
}

/** The pixel edges of a devkit box: 1-based inclusive indices, so only the minimum moves. */
export const vocOutline = (xmin: number, ymin: number, xmax: number, ymax: number) =>
  boundsOutline(Math.min(xmin, xmax) - 1, Math.min(ymin, ymax) - 1, Math.max(xmin, xmax), Math.max(ymin, ymax));

const readNumber = (text: string | undefined) => (text === undefined || text === '' ? NaN : Number(text));
