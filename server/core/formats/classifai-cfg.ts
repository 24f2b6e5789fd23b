// The classifai project configuration file (reference E.2): written by export `cfg`, read by
// import. Same keys, order and types as the original so either program can read the other's.
import type { AnnotationType, CanvasPlacement, ImageAnnotation, ImageRecord, Project, Shape } from '@/server/core/types';
import { formatVersion, formatVersionList, formatVersionMap, parseVersion, parseVersionList, parseVersionMap, type BracketResult, type VersionRecord } from './classifai-bracket';
import { formatClassifaiDate, parseClassifaiDate } from './classifai-date';
import { expectNumber, expectString, FormatError, shapeFromWire, shapeToConfigWire, type ClassifaiShapeWire } from './classifai-wire';
import { isRecord } from './common';
import { toJacksonJson } from './jackson-json';

export interface ExportImage {
  image: ImageRecord;
  annotation: ImageAnnotation;
  /** Base64 SHA-256 of the file's bytes; null when the file is missing. */
  checksum: string | null;
}

export interface ClassifaiAnnotationData {
  annotation: ClassifaiShapeWire[];
  img_x: number;
  img_y: number;
  img_w: number;
  img_h: number;
}

export interface ClassifaiImageEntry {
  checksum: string | null;
  img_path: string;
  version_list: Array<{ version_uuid: string; annotation_data: ClassifaiAnnotationData }>;
  img_depth: number;
  img_ori_w: number;
  img_ori_h: number;
  file_size: number;
}

export interface ClassifaiConfig {
  content: Record<string, ClassifaiImageEntry>;
  tool: 'classifai';
  tool_version: string;
  updated_date: string;
  project_id: string;
  project_name: string;
  annotation_type: 'boundingbox' | 'segmentation';
  project_path: string;
  is_new: boolean;
  is_starred: boolean;
  project_infra: 'on_premise';
  current_version: string;
  project_version: string;
  uuid_version_list: string;
  label_version_list: string;
}

export interface ParsedClassifaiImage {
  uuid: string;
  /** `/`-separated, inside the project folder. */
  relPath: string;
  checksum: string | null;
  depth: number;
  width: number;
  height: number;
  fileSize: number;
  placement: CanvasPlacement;
  /** Canvas space, as stored: read with placement. */
  shapes: Shape[];
}

export interface ParsedClassifaiProject {
  projectId: string;
  name: string;
  type: AnnotationType;
  isStarred: boolean;
  versionUuid: string;
  /** Current version's labels; empty items and repeats dropped. */
  labels: string[];
  /** Current version's image uuids in their order; repeats dropped. */
  uuids: string[];
  /** content entries in file order. */
  images: ParsedClassifaiImage[];
  toolVersion: string;
  updatedDate: string;
  /** Informational: the original ignores project_path, is_new and the version dates. */
  projectPath: string | null;
  createdAt: number | null;
  lastModifiedAt: number | null;
}

export type ParseClassifaiResult = { ok: true; value: ParsedClassifaiProject } | { ok: false; error: string };

export function buildClassifaiConfig(project: Project, images: readonly ExportImage[], now: Date, toolVersion = '2.0.0-alpha3'): ClassifaiConfig {
  const version: VersionRecord = {
    uuid: project.versionUuid,
    createdDate: formatClassifaiDate(new Date(project.createdAt)),
    lastModifiedDate: formatClassifaiDate(new Date(project.lastModifiedAt)),
    nextVersionUuid: null,
  };
  // No prototype: a key can never turn into a setter such as __proto__.
  const content = Object.create(null) as Record<string, ClassifaiImageEntry>;
  for (const { image, annotation, checksum } of images) {
    const { x, y, w, h } = annotation.placement;
    content[image.uuid] = {
      checksum,
      img_path: image.relPath,
      version_list: [
        {
          version_uuid: project.versionUuid,
          annotation_data: { annotation: annotation.shapes.map(shapeToConfigWire), img_x: x, img_y: y, img_w: w, img_h: h },
        },
      ],
      img_depth: image.depth,
      img_ori_w: image.width,
      img_ori_h: image.height,
      file_size: image.fileSize,
    };
  }
  return {
    content,
    tool: 'classifai',
    tool_version: toolVersion,
    updated_date: formatClassifaiDate(now),
    project_id: project.id,
    project_name: project.name,
    annotation_type: project.type === 'bndbox' ? 'boundingbox' : 'segmentation',
    project_path: project.folder,
    is_new: project.isNew,
    is_starred: project.isStarred,
    project_infra: 'on_premise',
    current_version: formatVersion(version),
    project_version: formatVersionList([version]),
    uuid_version_list: formatVersionMap([[project.versionUuid, images.map(({ image }) => image.uuid)]]),
    label_version_list: formatVersionMap([[project.versionUuid, project.labels]]),
  };
}

/** Pretty JSON laid out as the original's Jackson writes it. */
export function serializeClassifaiConfig(config: ClassifaiConfig): string {
  return toJacksonJson(config);
}

const TYPES: Record<string, AnnotationType> = { boundingbox: 'bndbox', segmentation: 'seg', bndbox: 'bndbox', seg: 'seg' };

/** Validates a config written by the original or by us; every refusal names its field. */
export function parseClassifaiConfig(text: string): ParseClassifaiResult {
  let root: unknown;
  try {
    root = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `The file is not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  try {
    return { ok: true, value: readProject(root) };
  } catch (error) {
    if (error instanceof FormatError) return { ok: false, error: error.message };
    throw error;
  }
}

function required(root: Record<string, unknown>, key: string): string {
  if (root[key] === undefined || root[key] === null) throw new FormatError(`${key} is missing`);
  return expectString(root[key], key);
}

function nonEmpty(root: Record<string, unknown>, key: string): string {
  const value = required(root, key);
  if (value.trim() === '') throw new FormatError(`${key} must not be empty`);
  return value;
}

function unwrap<T>(result: BracketResult<T>, key: string): T {
  if (!result.ok) throw new FormatError(`${key}: ${result.error}`);
  return result.value;
}

function readProject(root: unknown): ParsedClassifaiProject {
  if (!isRecord(root)) throw new FormatError('The file must hold a JSON object');
  const tool = required(root, 'tool');
  if (tool !== 'classifai') throw new FormatError(`tool is "${tool}", not "classifai"`);
  const toolVersion = required(root, 'tool_version');
  const updatedDate = required(root, 'updated_date');
  const annotationType = required(root, 'annotation_type');
  const type = TYPES[annotationType.toLowerCase()];
  if (!type) throw new FormatError(`annotation_type "${annotationType}" is neither boundingbox nor segmentation`);
  const infra = root.project_infra;
  if (infra !== undefined && infra !== null && expectString(infra, 'project_infra').toLowerCase() !== 'on_premise') {
    throw new FormatError(`project_infra "${String(infra)}" is not supported: only on_premise projects can be imported`);
  }
  if (root.is_starred !== undefined && root.is_starred !== null && typeof root.is_starred !== 'boolean') {
    throw new FormatError('is_starred must be true or false');
  }
  const current = unwrap(parseVersion(required(root, 'current_version')), 'current_version');
  const versions = unwrap(parseVersionList(required(root, 'project_version')), 'project_version');
  if (!versions.some((version) => version.uuid === current.uuid)) {
    throw new FormatError(`current_version ${current.uuid} is not listed in project_version`);
  }
  const listOf = (key: string) => {
    const items = unwrap(parseVersionMap(required(root, key)), key).get(current.uuid);
    if (!items) throw new FormatError(`${key} has no list for the current version ${current.uuid}`);
    return [...new Set(items.filter((item) => item !== ''))];
  };
  const projectPath = root.project_path;
  const timeOf = (date: string | null) => (date === null ? null : (parseClassifaiDate(date)?.getTime() ?? null));
  return {
    projectId: nonEmpty(root, 'project_id'),
    name: nonEmpty(root, 'project_name'),
    type,
    isStarred: root.is_starred === true,
    versionUuid: current.uuid,
    labels: listOf('label_version_list'),
    uuids: listOf('uuid_version_list'),
    images: readContent(root.content, current.uuid),
    toolVersion,
    updatedDate,
    projectPath: typeof projectPath === 'string' ? projectPath : null,
    createdAt: timeOf(current.createdDate),
    lastModifiedAt: timeOf(current.lastModifiedDate),
  };
}

function readContent(content: unknown, versionUuid: string): ParsedClassifaiImage[] {
  if (!isRecord(content)) throw new FormatError('content must be an object of image uuid → image record');
  const byPath = new Map<string, string>();
  return Object.entries(content).map(([uuid, entry]) => {
    const image = readImage(uuid, entry, versionUuid);
    const other = byPath.get(image.relPath);
    if (other !== undefined) throw new FormatError(`content: images ${other} and ${uuid} both have img_path "${image.relPath}"`);
    byPath.set(image.relPath, uuid);
    return image;
  });
}

function count(value: unknown, where: string): number {
  if (value === null || value === undefined) return 0;
  const number = expectNumber(value, where);
  if (!Number.isInteger(number) || number < 0) throw new FormatError(`${where} must be a whole number ≥ 0`);
  return number;
}

// The original joins img_path onto the folder as it is; here it must stay inside it.
function relativePath(value: unknown, where: string): string {
  const raw = expectString(value, where);
  const segments = raw.split(/[/\\]/).filter((segment) => segment !== '' && segment !== '.');
  const escapes = /^([/\\]|[A-Za-z]:)/.test(raw) || segments.includes('..');
  if (segments.length === 0 || escapes) throw new FormatError(`${where} "${raw}" must be a relative path inside the project folder`);
  return segments.join('/');
}

function readImage(uuid: string, entry: unknown, versionUuid: string): ParsedClassifaiImage {
  const where = `content.${uuid}`;
  if (uuid.trim() === '') throw new FormatError('content has an image with an empty uuid');
  if (!isRecord(entry)) throw new FormatError(`${where} must be an object`);
  const checksum = entry.checksum === null || entry.checksum === undefined ? null : expectString(entry.checksum, `${where}.checksum`);
  if (!Array.isArray(entry.version_list)) throw new FormatError(`${where}.version_list must be a list`);
  let placement: CanvasPlacement = { x: 0, y: 0, w: 0, h: 0 };
  let shapes: Shape[] = [];
  entry.version_list.forEach((version: unknown, i) => {
    const at = `${where}.version_list[${i}]`;
    if (!isRecord(version)) throw new FormatError(`${at} must be an object`);
    const uuidOfVersion = expectString(version.version_uuid, `${at}.version_uuid`);
    const data = version.annotation_data;
    if (!isRecord(data)) throw new FormatError(`${at}.annotation_data must be an object`);
    if (!Array.isArray(data.annotation)) throw new FormatError(`${at}.annotation_data.annotation must be a list`);
    const read = data.annotation.map((item: unknown, j) => shapeFromWire(item, `${at}.annotation_data.annotation[${j}]`));
    const number = (key: string) => (data[key] === null || data[key] === undefined ? 0 : expectNumber(data[key], `${at}.annotation_data.${key}`));
    const readPlacement = { x: number('img_x'), y: number('img_y'), w: number('img_w'), h: number('img_h') };
    if (uuidOfVersion === versionUuid) {
      placement = readPlacement;
      shapes = read;
    }
  });
  return {
    uuid,
    relPath: relativePath(entry.img_path, `${where}.img_path`),
    checksum,
    depth: count(entry.img_depth, `${where}.img_depth`),
    width: count(entry.img_ori_w, `${where}.img_ori_w`),
    height: count(entry.img_ori_h, `${where}.img_ori_h`),
    fileSize: count(entry.file_size, `${where}.file_size`),
    placement,
    shapes,
  };
}
