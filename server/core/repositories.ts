// What the services need from storage. The SQLite implementation is built by the runtime
// and handed in; nothing in the domain knows SQL.
import type {
  AnnotationType,
  DatasetFields,
  ImageAnnotation,
  ImageRecord,
  Project,
  SplitName,
} from './types';

export interface ProjectRepository {
  insert(project: Project): void;
  findByName(type: AnnotationType, name: string): Project | undefined;
  findById(id: string): Project | undefined;
  /** Ordered by name, byte order (upper case before lower case), as classifai lists them. */
  listByType(type: AnnotationType): Project[];
  listAll(): Project[];
  setStarred(id: string, starred: boolean): void;
  rename(id: string, name: string): void;
  markOpened(id: string): void;
  touchModified(id: string, at: number): void;
  delete(id: string): void;
  /** What imported datasets carry for the whole project (COCO info, licenses, subset files). */
  datasetFields(id: string): DatasetFields;
  setDatasetFields(id: string, fields: DatasetFields): void;
}

export interface LabelRecord {
  name: string;
  color: string;
}

/** The numbers a class carries besides its name; null: not set. */
export interface ClassNumbers {
  /** One key that picks the label in the editor. */
  hotkey: string | null;
  /** The category id COCO exports write (else one is derived from the class order). */
  cocoId: number | null;
  /** The class number YOLO exports write (else one is derived from the class order). */
  yoloIndex: number | null;
}

/** A row of the project's class table. */
export interface ClassRecord extends LabelRecord, ClassNumbers {
  /** Stable per project: given once at creation, never reused after a removal. */
  classId: number;
}

export interface LabelRepository {
  list(projectId: string): LabelRecord[];
  /** The class table in panel order. */
  table(projectId: string): ClassRecord[];
  /** Replaces the list; a label that stays keeps its color, class id and numbers. */
  replace(projectId: string, labels: readonly LabelRecord[]): void;
  /** Adds the label after the last one, with the next class id. */
  append(projectId: string, label: LabelRecord & Partial<ClassNumbers>): void;
  /** The following four answer how many list entries they changed. */
  rename(projectId: string, from: string, to: string): number;
  recolor(projectId: string, name: string, color: string): number;
  /** Sets the numbers given (null clears one); callers check uniqueness first. */
  setNumbers(projectId: string, name: string, numbers: Partial<ClassNumbers>): number;
  remove(projectId: string, name: string): number;
}

export type ImageFilter = 'all' | 'labeled' | 'unlabeled';

/** An image row before it belongs to a project's list: the record without its project. */
export type NewImage = Omit<ImageRecord, 'projectId'>;

export interface ImageCounts {
  total: number;
  labeled: number;
}

/** The images the workspace's strip shows: a filter, narrowed to one label's images when given. */
export interface ImageList {
  filter: ImageFilter;
  label?: string;
}

/** An image and its 0-based place in an ImageList's natural order. */
export interface ImagePosition {
  index: number;
  uuid: string;
}

export interface StoredImagePath extends NewImage {
  present: boolean;
}

export interface ImageRepository {
  insertMany(projectId: string, images: readonly NewImage[]): void;
  find(projectId: string, uuid: string): ImageRecord | undefined;
  /** Uuids of the images present on disk, in path order (possibly shared: never changed). */
  listUuids(projectId: string): readonly string[];
  /** Images in path byte order: the order exports and bulk walks use (classifai's). */
  page(projectId: string, filter: ImageFilter, offset: number, limit: number): ImageRecord[];
  /** Images as a person browses them: natural, case-insensitive path order. */
  naturalPage(projectId: string, filter: ImageFilter, offset: number, limit: number): ImageRecord[];
  counts(projectId: string): ImageCounts;
  /** A page of the list in natural order (naturalPage when no label narrows it). */
  listPage(projectId: string, list: ImageList, offset: number, limit: number): ImageRecord[];
  listCount(projectId: string, list: ImageList): number;
  /** The first image of the list, in natural order, whose path matches as `match` says. */
  locate(projectId: string, list: ImageList, text: string, match: 'path' | 'file_name' | 'contains'): ImagePosition | undefined;
  /** The first image without shapes after position `after` (-1 or past the end: from the start); none: undefined. */
  nextUnlabeled(projectId: string, list: ImageList, after: number): ImagePosition | undefined;
  /** Every stored image of the project by path (present or not), for reload matching: one query. */
  pathIndex(projectId: string): Map<string, StoredImagePath>;
  setPresent(projectId: string, uuids: readonly string[], present: boolean): void;
  updateFileFacts(projectId: string, uuid: string, facts: Omit<NewImage, 'uuid' | 'relPath'>): void;
  rename(projectId: string, uuid: string, relPath: string): void;
  delete(projectId: string, uuid: string): void;
}

export interface LabelCount {
  label: string | null;
  count: number;
}

export interface LabelUsage {
  shapes: number;
  images: number;
}

export interface AnnotationRepository {
  get(projectId: string, uuid: string): ImageAnnotation | undefined;
  getMany(projectId: string, uuids: readonly string[]): Map<string, ImageAnnotation>;
  /**
   * Replaces the image's shapes and its dataset fields (none when absent) unless a newer state is stored (false then, or when there is
   * no such image): the stored version becomes editedAt, when that state was made.
   */
  save(projectId: string, uuid: string, annotation: ImageAnnotation, editedAt: number): boolean;
  /** Every image of the project with a shape of this label, present on disk or not. */
  withLabel(projectId: string, label: string): Map<string, ImageAnnotation>;
  /** Objects per label over the present images. */
  countPerLabel(projectId: string): LabelCount[];
  /** Shapes with this label and the images holding them, present on disk or not. */
  labelUsage(projectId: string, label: string): LabelUsage;
}

/** The seed and percentages a project's split is made with; splitAt null: never split. */
export interface SplitSettings {
  seed: number;
  percentages: Record<SplitName, number>;
  splitAt: number | null;
}

/** What finds an image's duplicates: 16 hex digits each, null until its pixels were decoded. */
export interface ImageHashes {
  contentHash: string;
  perceptualHash: string;
  /** The file they were made from: a row whose file changed since keeps its NULLs. */
  fileSize: number;
  mtimeMs: number;
}

/** A present image as splitting and duplicate grouping see it. */
export interface SplitCandidate {
  uuid: string;
  relPath: string;
  contentHash: string | null;
  perceptualHash: string | null;
  split: SplitName | null;
}

export interface SideCount {
  /** null: images without a side. */
  side: SplitName | null;
  images: number;
}

export interface SideCounts {
  /** Every present image. */
  perSide: SideCount[];
  /** The images with a shape of each label. */
  perLabel: Array<SideCount & { label: string }>;
  /** The images without shapes. */
  unlabeled: SideCount[];
}

/** The project's split and the images' hashes (every query over present images only). */
export interface SplitRepository {
  settings(projectId: string): SplitSettings;
  saveSettings(projectId: string, settings: SplitSettings): void;
  /** Every present image, in path byte order. */
  candidates(projectId: string): SplitCandidate[];
  /** Each present image's distinct labels, as (uuid, label) pairs. */
  imageLabels(projectId: string): Array<{ uuid: string; label: string }>;
  setSide(projectId: string, uuids: readonly string[], side: SplitName | null): void;
  /** How many images each side holds: in all, per label, without shapes. */
  sideCounts(projectId: string): SideCounts;
  setHashes(projectId: string, uuid: string, hashes: ImageHashes): void;
  /** Present images without hashes, in path byte order, after `afterRelPath` (keyset paging). */
  unhashedPage(projectId: string, afterRelPath: string, limit: number): ImageRecord[];
  countUnhashed(projectId: string): number;
  /** Some present image has a side of a split (an export is then laid out by it). */
  hasSides(projectId: string): boolean;
}

export type JobState = 'running' | 'succeeded' | 'failed';

export interface JobRow<Result = unknown> {
  id: number;
  kind: string;
  key: string;
  state: JobState;
  done: number;
  total: number;
  message: string;
  result: Result | null;
  startedAt: number;
  finishedAt: number | null;
}

export interface JobRepository {
  start(kind: string, key: string, at: number): number;
  finish(id: number, state: Exclude<JobState, 'running'>, fields: { done: number; total: number; message: string; result: unknown; at: number }): void;
  /** The result comes back as the job's handler returned it (stored as JSON). */
  latest<Result>(key: string): JobRow<Result> | undefined;
  /** Jobs a killed process left "running" end as failed, so no status spins forever. */
  failInterrupted(at: number): number;
}

export interface Repositories {
  projects: ProjectRepository;
  labels: LabelRepository;
  images: ImageRepository;
  annotations: AnnotationRepository;
  jobs: JobRepository;
  splits: SplitRepository;
  /** fn runs in one transaction; called inside another, it is a savepoint (a throw undoes only fn). */
  inTransaction<T>(fn: () => T): T;
}
