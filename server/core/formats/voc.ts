// Pascal VOC: one XML per image under Annotations/, integer pixel boxes in the devkit's
// 1-based convention: xmin 1 is the first pixel column and xmax the last one covered, so the
// box's pixel edges are [xmin - 1, xmax]. VOC has no polygons, so a seg project's polygons
// are written as their bounding boxes.
import type { AnnotationType, ImageRecord } from '@/server/core/types';
import {
  addMatched,
  baseName,
  dirName,
  exportAllAtOnce,
  importEachFile,
  importedShape,
  createExportPreparer,
  createUniquePaths,
  archivePath,
  EXPORT_REPORT_JSON,
  EXPORT_REPORT_MD,
  type DatasetExporter,
  type ImportFile,
  type ImportOptions,
  type ImportResult,
  type ImportTarget,
  type PixelObject,
  type PreparedImage,
  renamedBeside,
} from './common';
import { classListFile, withClassList } from './class-list';
import { boundsCorners, shapeBounds } from './geometry';
import { EXPORT_SIDES, exportSide, type ExportSide } from './export-layout';
import { outsideImage } from './outside-image';
import {
  imageElement,
  readVocImageFields,
  readVocObjectFields,
  sameImageName,
  unchangedBndbox,
  vocEdges,
  vocImageFields,
  vocObjectFields,
} from './voc-fields';
import { child, childText, parseXml, xmlLines, type XmlNode } from './xml';

export const VOC_FOLDER = 'Annotations';
export const VOC_SETS_FOLDER = 'ImageSets/Main';

/**
 * An image imported from VOC is written as its file was (voc-fields.ts), the objects updated;
 * any other in the default layout. New or moved boxes are pixel edges rounded to whole pixels
 * inside the image, written 1-based; one that rounds to no width or height is left out: most
 * VOC readers reject such boxes.
 */
export function buildVocXml(entry: PreparedImage): string {
  const { image } = entry;
  const objects = entry.objects.flatMap((object) => {
    const node = objectNode(object, image);
    return node ? [node] : [];
  });
  const stored = readVocImageFields(entry.dataset);
  const root: XmlNode = stored
    ? {
        name: 'annotation',
        ...(stored.attributes ? { attributes: stored.attributes } : {}),
        children: [...stored.elements.slice(0, stored.objectsAt), ...objects, ...stored.elements.slice(stored.objectsAt)].map((node) =>
          node.name === 'object' ? node : imageElement(node, image),
        ),
      }
    : { name: 'annotation', children: [...defaultImageElements(image), ...objects] };
  return `${xmlLines(root, 0, ['<?xml version="1.0" encoding="UTF-8"?>']).join('\n')}\n`;
}

const leaf = (name: string, value: string | number): XmlNode => ({ name, text: String(value) });

function defaultImageElements(image: ImageRecord): XmlNode[] {
  return [
    leaf('folder', dirName(image.relPath)),
    leaf('filename', baseName(image.relPath)),
    leaf('path', image.relPath),
    { name: 'source', children: [leaf('database', 'Unknown')] },
    { name: 'size', children: [leaf('width', image.width), leaf('height', image.height), leaf('depth', image.depth)] },
    // 1 would promise SegmentationObject masks, which are not written.
    leaf('segmented', 0),
  ];
}

function objectNode({ label, shape, truncated }: PixelObject, image: ImageRecord): XmlNode | null {
  const bounds = shapeBounds(shape);
  const stored = readVocObjectFields(shape.dataset);
  let bndbox = stored ? unchangedBndbox(stored, bounds, image) : null;
  if (!bndbox) {
    const [xmin, xmax] = [Math.max(0, Math.round(bounds.xMin)) + 1, Math.min(image.width, Math.round(bounds.xMax))];
    const [ymin, ymax] = [Math.max(0, Math.round(bounds.yMin)) + 1, Math.min(image.height, Math.round(bounds.yMax))];
    if (xmax < xmin || ymax < ymin) return null;
    bndbox = { name: 'bndbox', children: [leaf('xmin', xmin), leaf('ymin', ymin), leaf('xmax', xmax), leaf('ymax', ymax)] };
  }
  const box = bndbox;
  if (stored) {
    // Everything else as the file had it: truncated is the annotator's word, not our clipping.
    const children = stored.elements.map((node) => (node.name === 'name' ? leaf('name', label) : node.name === 'bndbox' ? box : node));
    return { name: 'object', ...(stored.attributes ? { attributes: stored.attributes } : {}), children };
  }
  return { name: 'object', children: [leaf('name', label), leaf('pose', 'Unspecified'), leaf('truncated', truncated ? 1 : 0), leaf('difficult', 0), box] };
}

/**
 * The imported file's path; named after its image, it follows the image's rename: the import
 * pairs a file with the image of its own name first, so the old name would take the objects
 * to another image of that name (`x/a.png` renamed, `y/a.png`) or to none.
 */
function keptXmlFile(entry: PreparedImage): string | null {
  const stored = readVocImageFields(entry.dataset);
  const file = stored?.file;
  if (!file) return null;
  const stem = file.slice(0, -'.xml'.length);
  const filename = stored.elements.find((node) => node.name === 'filename')?.text ?? '';
  const renamed = sameImageName(filename, stem) && !sameImageName(entry.image.relPath, stem);
  return renamed ? renamedBeside(file, entry.stem, '.xml') : file;
}

/**
 * One XML per image, objects or not: at the path its file had in the import (Roboflow keeps
 * them beside the images), else `Annotations/<relPath without extension>.xml`. With a split,
 * always the latter, and `ImageSets/Main/<side>.txt` list each side's image ids (the XML
 * paths under Annotations/ without `.xml`, as the devkit reads them), sorted.
 */
export const exportVocPages: DatasetExporter = (labels, type, _options, project, layout) => {
  const preparer = createExportPreparer(labels, type);
  const { claimIfFree: claim, claim: claimNumbered } = createUniquePaths([EXPORT_REPORT_JSON, EXPORT_REPORT_MD]);
  const sets = layout?.bySplit ? new Map<ExportSide, string[]>() : null;
  // A kept path wins only when free; the default one is unique as stems are, unless a kept path took it.
  const pathOf = (entry: PreparedImage) => {
    const fallback = `${VOC_FOLDER}/${entry.stem}.xml`;
    const kept = sets ? null : keptXmlFile(entry);
    const path = claim(kept) ?? claim(fallback) ?? claimNumbered(`${VOC_FOLDER}/${entry.image.relPath}.xml`);
    if (sets) {
      const side = exportSide(entry.image);
      const ids = sets.get(side) ?? [];
      ids.push(path.slice(VOC_FOLDER.length + 1, -'.xml'.length));
      sets.set(side, ids);
    }
    return path;
  };
  return {
    add: (items) => preparer.prepare(items).map((entry) => ({ path: pathOf(entry), content: buildVocXml(entry) })),
    finish: () => [
      // VOC has none of its own: an import met the labels in file order, and lost those no box used.
      ...classListFile('class_names.txt', preparer.labels, project, 'voc'),
      ...EXPORT_SIDES.flatMap((side) => {
        const ids = sets?.get(side);
        // Code-unit order, the same on every machine (a locale's collation is not).
        return ids ? [{ path: `${VOC_SETS_FOLDER}/${side}.txt`, content: ids.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).map((id) => `${id}\n`).join('') }] : [];
      }),
    ],
  };
};
export const exportVoc = exportAllAtOnce(exportVocPages);

/**
 * Every `.xml` file given is read as one VOC annotation. `<path>` and `<filename>` find the
 * image (LabelImg's absolute paths, Roboflow's extension-less names) when they agree with the
 * file's own name. When `<filename>` names another image, the devkit and MMDetection pair
 * `Annotations/<id>.xml` with the image `<id>` whatever it says: the file's name wins when it
 * names an image of the project, and the disagreement is reported. A class list beside them
 * (`class_names.txt`, `classes.txt`) gives the labels their order.
 */
export function importVoc(files: readonly ImportFile[], images: readonly ImportTarget[], type: AnnotationType, options?: ImportOptions): ImportResult {
  const result = importEachFile(files, images, options, '.xml', ({ file, result, matcher, nextId, error }) => {
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
    const named = filename || (childText(root, 'path') ?? '');
    const target = sameImageName(named, stem) ? matcher.match(names, [stem]) : (matcher.match([], [stem]) ?? matcher.match(names, []));
    if (!target) {
      result.unmatched.push(filename || file.path);
      return;
    }
    const byName = sameImageName(named, stem) ? null : matcher.match(names, []);
    if (byName && byName !== target) error(`<filename> ${named} names ${byName.relPath}, but the file's own name pairs it with ${target.relPath}, where its objects went`);
    addMatched(result, target.relPath, []);
    // As COCO and labelme: a size that is not the image's (boxes drawn on a resized copy) is said, not guessed at.
    const size = child(root, 'size');
    const [width, height] = ['width', 'height'].map((key) => readNumber(size ? childText(size, key) : undefined));
    if (width !== undefined && height !== undefined && width > 0 && height > 0 && (width !== target.width || height !== target.height)) {
      error(`the image is ${width}x${height} in the file but ${target.width}x${target.height} in the project; coordinates used as they are`);
    }
    (result.imageFields ??= new Map()).set(target.relPath, vocImageFields(root, archivePath(file.path)));
    root.children
      .filter((element) => element.name === 'object')
      .forEach((object, i) => {
        const label = childText(object, 'name') ?? '';
        const box = child(object, 'bndbox');
        const values = ['xmin', 'ymin', 'xmax', 'ymax'].map((key) => readNumber(box ? childText(box, key) : undefined));
        const [xmin = NaN, ymin = NaN, xmax = NaN, ymax = NaN] = values;
        if (label === '') return error(`object ${i + 1} has no name`);
        if (!values.every(Number.isFinite)) return error(`object ${i + 1} (${label}) has no numeric bndbox`);
        const shape = importedShape(boundsCorners(vocEdges(xmin, ymin, xmax, ymax)), label, type, target, nextId(), vocObjectFields(object));
        if (!shape) return error(`object ${i + 1} (${label}) has no area inside ${target.relPath} and was skipped`);
        // 0 is read as the first column without a word: tools counting from 0 write it.
        const outside = outsideImage({ xMin: Math.min(xmin, xmax), yMin: Math.min(ymin, ymax), xMax: Math.max(xmin, xmax), yMax: Math.max(ymin, ymax) }, target);
        if (outside) error(`object ${i + 1} (${label}) reaches outside the ${target.width}×${target.height} image (${outside}) and was cut at its edge`);
        addMatched(result, target.relPath, [shape]);
      });
  });
  return withClassList(result, files, 'voc');
}

const readNumber = (text: string | undefined) => (text === undefined || text === '' ? NaN : Number(text));
