// Domain records. camelCase and free of wire quirks; server/api/mappers is the only bridge
// to classifai's snake_case shapes.

export type AnnotationType = 'bndbox' | 'seg';
export const ANNOTATION_TYPES: readonly AnnotationType[] = ['bndbox', 'seg'];

export type ImageFormat = 'jpeg' | 'png' | 'bmp' | 'webp';

export interface Project {
  id: string;
  name: string;
  type: AnnotationType;
  /** Absolute path of the image folder. */
  folder: string;
  isNew: boolean;
  isStarred: boolean;
  /** The single classifai "version" of the project (uuid). */
  versionUuid: string;
  /** Milliseconds since the epoch. */
  createdAt: number;
  lastModifiedAt: number;
  labels: string[];
}

export interface ImageRecord {
  uuid: string;
  projectId: string;
  /** Path relative to the project folder, with `/` separators. */
  relPath: string;
  format: ImageFormat;
  /** Upright size: EXIF orientation 5-8 swaps the stored pixel width and height. */
  width: number;
  height: number;
  depth: number;
  fileSize: number;
  /** File modification time in ms, to notice a changed file. */
  mtimeMs: number;
  /** EXIF orientation 1-8 of the file's header; absent when not read yet (a project from before it was stored). */
  orientation?: number;
  /** The image's side of the project's train/val/test split; absent when it has none. */
  split?: SplitName;
}

/** The sides of a dataset split, in the order exports and the workspace list them. */
export const SPLIT_NAMES = ['train', 'val', 'test'] as const;
export type SplitName = (typeof SPLIT_NAMES)[number];

export interface OffsetToImage {
  x: number;
  y: number;
}

/**
 * What a dataset format carries that Labelport does not edit (ids, iscrowd, attributes, flags,
 * unknown fields), each format under its own key and verbatim where possible, so exporting
 * the same format again gives the same file. docs/datasets.md says what each format keeps.
 */
export type DatasetFields = Partial<Record<DatasetFormat, Record<string, unknown>>>;
export type DatasetFormat = 'coco' | 'voc' | 'yolo' | 'labelme';

/** Extra classifai fields a client may send; kept verbatim so its next read matches. */
export interface ShapeExtras {
  lineWidth: number | null;
  color: string | null;
  label: string | null;
  id: string | null;
  region?: string | null;
  subLabel?: unknown[] | null;
  /** Never sent to classifai clients; carried over when a shape of the same id is saved again. */
  dataset?: DatasetFields;
}

export interface BoxShape extends ShapeExtras {
  kind: 'box';
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  distanceToImg: OffsetToImage | null;
}

export interface PolygonPoint {
  x: number;
  y: number;
  distanceToImg: OffsetToImage | null;
}

export interface PolygonShape extends ShapeExtras {
  kind: 'polygon';
  points: PolygonPoint[];
}

export type Shape = BoxShape | PolygonShape;

/**
 * Where the client drew the image when it saved the shapes. classifai stores shapes in its
 * canvas space: pixel = (coordinate - x) * originalWidth / w. All zero = never saved.
 */
export interface CanvasPlacement {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface ImageAnnotation {
  shapes: Shape[];
  placement: CanvasPlacement;
  /** The image's own dataset fields (COCO image record, labelme file flags); kept by edits. */
  dataset?: DatasetFields;
  /** As read: how many stored changes the image's shapes have had (ignored when saving). */
  version?: number;
  /** As read: the workspace tab whose save made that version, if one did (ignored when saving). */
  client?: string | null;
}

/** One stored change of an image's shapes: who, when, through what. */
export interface AnnotationChange {
  version: number;
  actor: string;
  at: number;
  source: AnnotationChangeSource;
  shapeCount: number;
}

export type AnnotationChangeSource = 'workspace' | 'classifai' | 'import' | 'labels';

export const EMPTY_PLACEMENT: CanvasPlacement = { x: 0, y: 0, w: 0, h: 0 };

/** A shape as the workspace edits it: in pixels of the upright image, boxes as x/y/w/h. */
export type PixelEditorShape =
  | { id: string; kind: 'box'; x: number; y: number; w: number; h: number; label: string }
  | { id: string; kind: 'polygon'; points: Array<{ x: number; y: number }>; label: string };
