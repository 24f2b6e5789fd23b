// What a VOC file carries beyond label and box, kept verbatim as element trees so a same-format
// export writes it back: per object `pose`, `truncated`, `difficult`, `occluded`, `part`,
// `actions`, attributes and unknown elements (the original `bndbox` too, written back while the
// box is unchanged); per image `folder`, `filename`, `path`, `source`, `owner`, `size`,
// `segmented` and unknown elements, with the place the objects stood among them, and the
// path of the file itself.
import type { DatasetFields } from '@/server/core/types';
import { archivePath, baseName, normalisePath, stripExtension } from './common';
import { clipBounds, type Bounds, type PixelSize } from './geometry';
import { asXmlNodes, child, childText, toXmlNode, type XmlElement, type XmlNode } from './xml';

export interface VocImageFields {
  /** The root's children other than objects, in file order. */
  elements: XmlNode[];
  /** How many of them came before the first object. */
  objectsAt: number;
  attributes?: Record<string, string>;
  /** The XML file's path in the import, where the export writes it again. */
  file?: string;
}

export interface VocObjectFields {
  /** Every child of the object in file order, `name` and `bndbox` included. */
  elements: XmlNode[];
  attributes?: Record<string, string>;
}

export function vocImageFields(root: XmlElement, file: string): DatasetFields {
  const firstObject = root.children.findIndex((element) => element.name === 'object');
  const elements = root.children.filter((element) => element.name !== 'object').map(toXmlNode);
  const objectsAt = firstObject < 0 ? elements.length : root.children.slice(0, firstObject).filter((element) => element.name !== 'object').length;
  return { voc: { elements, objectsAt, ...(root.attributes ? { attributes: root.attributes } : {}), ...(file.endsWith('.xml') ? { file } : {}) } };
}

export function vocObjectFields(object: XmlElement): DatasetFields {
  return { voc: { elements: object.children.map(toXmlNode), ...(object.attributes ? { attributes: object.attributes } : {}) } };
}

const asAttributes = (value: unknown) => {
  const [node] = asXmlNodes([{ name: 'a', attributes: value }]) ?? [];
  return node?.attributes;
};

export function readVocImageFields(dataset: DatasetFields | undefined): VocImageFields | null {
  const voc = dataset?.voc;
  const elements = asXmlNodes(voc?.elements);
  if (!voc || !elements) return null;
  const at = typeof voc.objectsAt === 'number' && Number.isInteger(voc.objectsAt) ? Math.min(Math.max(voc.objectsAt, 0), elements.length) : elements.length;
  const attributes = voc.attributes === undefined ? undefined : asAttributes(voc.attributes);
  // Kept from whoever sent the import: written only while it stays inside the archive.
  const file = typeof voc.file === 'string' && voc.file.toLowerCase().endsWith('.xml') && archivePath(voc.file) === voc.file ? voc.file : undefined;
  return { elements, objectsAt: at, ...(attributes ? { attributes } : {}), ...(file ? { file } : {}) };
}

export function readVocObjectFields(dataset: DatasetFields | undefined): VocObjectFields | null {
  const voc = dataset?.voc;
  const elements = asXmlNodes(voc?.elements);
  if (!voc || !elements) return null;
  const attributes = voc.attributes === undefined ? undefined : asAttributes(voc.attributes);
  return { elements, ...(attributes ? { attributes } : {}) };
}

/** The pixel edges of a devkit box: 1-based inclusive indices, so only the minimum moves. */
export const vocEdges = (xmin: number, ymin: number, xmax: number, ymax: number): Bounds => ({
  xMin: Math.min(xmin, xmax) - 1,
  yMin: Math.min(ymin, ymax) - 1,
  xMax: Math.max(xmin, xmax),
  yMax: Math.max(ymin, ymax),
});

// Far below a pixel, above the float noise of canvas-to-pixel scaling.
const SAME_PX = 1e-3;

/**
 * The stored `bndbox` when the shape still has the box it was imported with (so `540.0`,
 * a 0 written by a tool counting from 0, or a box past the edge come back as written).
 */
export function unchangedBndbox(fields: VocObjectFields, bounds: Bounds, size: PixelSize): XmlNode | null {
  const stored = fields.elements.find((node) => node.name === 'bndbox');
  const values = ['xmin', 'ymin', 'xmax', 'ymax'].map((key) => Number(stored?.children?.find((c) => c.name === key)?.text ?? NaN));
  const [xmin = NaN, ymin = NaN, xmax = NaN, ymax = NaN] = values;
  if (!stored || !values.every(Number.isFinite)) return null;
  const imported = clipBounds(vocEdges(xmin, ymin, xmax, ymax), size);
  if (!imported) return null;
  const same = [imported.xMin - bounds.xMin, imported.yMin - bounds.yMin, imported.xMax - bounds.xMax, imported.yMax - bounds.yMax].every((d) => Math.abs(d) < SAME_PX);
  return same ? stored : null;
}

/** No name, or the same base name as the XML file's (extension and case aside). */
export function sameImageName(named: string, xmlStem: string): boolean {
  const ownName = baseName(normalisePath(xmlStem)).toLowerCase();
  // `a.png~2.xml`: the export's name for the third image whose names meet, case aside (exportStems).
  const ownNames = [ownName, ownName.replace(/~\d+$/, '')];
  const name = baseName(normalisePath(named)).toLowerCase();
  return name === '' || ownNames.includes(name) || ownNames.includes(stripExtension(name));
}

/** The stored image-level element, or what the image is now when the stored one no longer describes it. */
export function imageElement(node: XmlNode, image: { relPath: string; width: number; height: number; depth: number }): XmlNode {
  const stem = stripExtension(image.relPath);
  switch (node.name) {
    case 'filename':
      return sameImageName(node.text ?? '', stem) ? node : { name: 'filename', text: baseName(image.relPath) };
    case 'path':
      return sameImageName(node.text ?? '', stem) ? node : { name: 'path', text: image.relPath };
    case 'size': {
      const element: XmlElement = { name: 'size', text: '', children: (node.children ?? []).map((c) => ({ name: c.name, text: c.text ?? '', children: [] })) };
      const same = Number(childText(element, 'width')) === image.width && Number(childText(element, 'height')) === image.height && child(element, 'width') !== undefined;
      return same ? node : { name: 'size', children: [{ name: 'width', text: String(image.width) }, { name: 'height', text: String(image.height) }, { name: 'depth', text: String(image.depth) }] };
    }
    default:
      return node;
  }
}
