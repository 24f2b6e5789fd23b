// What the services need from storage. SQLite (embedded) or PostgreSQL (team server,
// DATABASE_URL) is built by the runtime and handed in; nothing in the domain knows SQL. Every
// method is async because PostgreSQL answers over a socket; SQLite answers at once.
import type {
  AnnotationChange,
  AnnotationChangeSource,
  AnnotationType,
  DatasetFields,
  ImageAnnotation,
  ImageRecord,
  Project,
  SplitName,
} from './types';
import type { TeamworkRepository } from './teamwork/teamwork-repository';
import type { UserRepository } from './users/user-repository';

export interface ProjectRepository {
  insert(project: Project): Promise<void>;
  findByName(type: AnnotationType, name: string): Promise<Project | undefined>;
  findById(id: string): Promise<Project | undefined>;
  /** Ordered by name, byte order (upper case before lower case), as classifai lists them. */
  listByType(type: AnnotationType): Promise<Project[]>;
  listAll(): Promise<Project[]>;
  setStarred(id: string, starred: boolean): Promise<void>;
  rename(id: string, name: string): Promise<void>;
  markOpened(id: string): Promise<void>;
  touchModified(id: string, at: number): Promise<void>;
  delete(id: string): Promise<void>;
  /** What imported datasets carry for the whole project (COCO info, licenses, subset files). */
  datasetFields(id: string): Promise<DatasetFields>;
  setDatasetFields(id: string, fields: DatasetFields): Promise<void>;
  /** classifai's "loaded" and "open" flags of a project, kept in the store so every process of a team server answers alike. */
  sessionState(id: string): Promise<ProjectSessionState>;
  setSessionState(id: string, state: Partial<ProjectSessionState>): Promise<void>;
  /** Every project not loaded and closed, as classifai after a restart (for a store one process owns). */
  resetSessionStates(): Promise<void>;
}

export interface ProjectSessionState {
  /** Its uuid list may be read (V1 loadingstatus): set by creation and load. */
  loaded: boolean;
  /** A client holds it open (is_loaded in the project list): set by load, cleared by close. */
  open: boolean;
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

/** A label renamed or merged into another: shapes a client sends later with `from` take the name it became. */
export interface LabelRename {
  from: string;
  to: string;
  at: number;
}

export interface LabelRepository {
  list(projectId: string): Promise<LabelRecord[]>;
  /** The class table in panel order. */
  table(projectId: string): Promise<ClassRecord[]>;
  /** Replaces the list; a label that stays keeps its color, class id and numbers. */
  replace(projectId: string, labels: readonly LabelRecord[]): Promise<void>;
  /** Adds the label after the last one, with the next class id. */
  append(projectId: string, label: LabelRecord & Partial<ClassNumbers>): Promise<void>;
  /** The following four answer how many list entries they changed. */
  rename(projectId: string, from: string, to: string): Promise<number>;
  recolor(projectId: string, name: string, color: string): Promise<number>;
  /** Sets the numbers given (null clears one); callers check uniqueness first. */
  setNumbers(projectId: string, name: string, numbers: Partial<ClassNumbers>): Promise<number>;
  remove(projectId: string, name: string): Promise<number>;
  recordRename(projectId: string, rename: LabelRename): Promise<void>;
  /** The project's renames and merges in the order they were made. */
  renames(projectId: string): Promise<LabelRename[]>;
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
  /** Only the images assigned to this annotator (the label is then ignored). */
  assignee?: string;
}

/** An image and its 0-based place in an ImageList's natural order. */
export interface ImagePosition {
  index: number;
  uuid: string;
}

export interface StoredImagePath extends NewImage {
  present: boolean;
}

/** An image as the workspace strip lists it: its record and how many shapes it has (the row's count, no shapes read). */
export interface ListedImage {
  image: ImageRecord;
  shapeCount: number;
}

export interface ImageRepository {
  insertMany(projectId: string, images: readonly NewImage[]): Promise<void>;
  /**
   * Brings the planner's picture of the images up to date after many rows came or went at once
   * (a big scan): a planner that still believes a project small reads all of its rows and sorts
   * them for every page instead of walking the natural-order index.
   */
  refreshStatistics(): Promise<void>;
  find(projectId: string, uuid: string): Promise<ImageRecord | undefined>;
  /** find and the image's annotation from one read: a thumbnail and the editor's view need both. */
  findWithAnnotation(projectId: string, uuid: string): Promise<{ image: ImageRecord; annotation: ImageAnnotation } | undefined>;
  /** find for many images in one statement; the uuids of no image are left out. */
  findMany(projectId: string, uuids: readonly string[]): Promise<Map<string, ImageRecord>>;
  /** Uuids of the images present on disk, in path order (possibly shared: never changed). */
  listUuids(projectId: string): Promise<readonly string[]>;
  /** Images in path byte order: the order exports and bulk walks use (classifai's). */
  page(projectId: string, filter: ImageFilter, offset: number, limit: number): Promise<ImageRecord[]>;
  /** Present images in path byte order after `afterRelPath` (keyset paging: a walk that outlives removals). */
  pageAfter(projectId: string, afterRelPath: string, limit: number): Promise<ImageRecord[]>;
  /** Images as a person browses them: natural, case-insensitive path order. */
  naturalPage(projectId: string, filter: ImageFilter, offset: number, limit: number): Promise<ImageRecord[]>;
  counts(projectId: string): Promise<ImageCounts>;
  /** A page of the list in natural order (naturalPage when no label narrows it). */
  listPage(projectId: string, list: ImageList, offset: number, limit: number): Promise<ListedImage[]>;
  listCount(projectId: string, list: ImageList): Promise<number>;
  /** The first image of the list, in natural order, whose path matches as `match` says. */
  locate(projectId: string, list: ImageList, text: string, match: 'path' | 'file_name' | 'contains'): Promise<ImagePosition | undefined>;
  /**
   * The first image without shapes after `after`: a position (-1 or past the end: from the
   * start), or an image, whose place in the order counts even when it has left the list; none:
   * undefined.
   */
  nextUnlabeled(projectId: string, list: ImageList, after: number | { uuid: string }): Promise<ImagePosition | undefined>;
  /** The uuids of the list in its order: the workspace keeps a filtered list as it was when opened. */
  uuidsInList(projectId: string, list: ImageList): Promise<string[]>;
  /** These images as the list shows them, in the order given; those not present are left out. */
  listedByUuids(projectId: string, uuids: readonly string[]): Promise<ListedImage[]>;
  /** Every stored image of the project by path (present or not), for reload matching: one query. */
  pathIndex(projectId: string): Promise<Map<string, StoredImagePath>>;
  setPresent(projectId: string, uuids: readonly string[], present: boolean): Promise<void>;
  updateFileFacts(projectId: string, uuid: string, facts: Omit<NewImage, 'uuid' | 'relPath'>): Promise<void>;
  rename(projectId: string, uuid: string, relPath: string): Promise<void>;
  delete(projectId: string, uuid: string): Promise<void>;
}

export interface LabelCount {
  label: string | null;
  count: number;
}

export interface LabelUsage {
  shapes: number;
  images: number;
}

/**
 * A workspace save's claim: the version its state grew from, and the tab that made it. A later
 * version made by the same tab is its own earlier state (a save that landed while the tab
 * closed), not someone else's work. A state grown from the stored version is stored whatever
 * its editedAt: it was made from that version, so it is newer, even when the browser's clock
 * runs behind the server's or the user kept their state over another one in a conflict.
 */
export interface SaveGuard {
  baseVersion: number;
  clientId?: string;
}

/**
 * Who made a save and when, written with it: the change log's entry (its version the saved one,
 * its shape count the annotation's) and the project's last change. One statement on
 * PostgreSQL, where each statement is a round trip to the server.
 */
export interface SaveRecord {
  actor: string;
  at: number;
  source: AnnotationChangeSource;
}

export interface AnnotationRepository {
  get(projectId: string, uuid: string): Promise<ImageAnnotation | undefined>;
  getMany(projectId: string, uuids: readonly string[]): Promise<Map<string, ImageAnnotation>>;
  /** The images' own dataset fields (ImageAnnotation.dataset) without reading their shapes; only images that have any. */
  datasetFields(projectId: string, uuids: readonly string[]): Promise<Map<string, DatasetFields>>;
  /**
   * Replaces the image's shapes and its dataset fields (none when absent) unless, given a guard, the stored version is
   * neither its base nor one its own tab made, or, its base not stored, a newer state is: undefined then (or when there is no such image).
   * edited_at becomes editedAt, when that state was made; the image's annotation version goes up by one and is answered.
   * Given a record, a save that lands is logged (changes) and stamps the project's lastModifiedAt with record.at.
   */
  save(projectId: string, uuid: string, annotation: ImageAnnotation, editedAt: number, guard?: SaveGuard, record?: SaveRecord): Promise<number | undefined>;
  /** The image's latest changes, newest first. */
  changes(projectId: string, uuid: string, limit: number): Promise<AnnotationChange[]>;
  /** Every image of the project with a shape of this label, present on disk or not. */
  withLabel(projectId: string, label: string): Promise<Map<string, ImageAnnotation>>;
  /** Objects per label over the present images. */
  countPerLabel(projectId: string): Promise<LabelCount[]>;
  /** Shapes with this label and the images holding them, present on disk or not. */
  labelUsage(projectId: string, label: string): Promise<LabelUsage>;
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
  /** The file's facts when read: a picture of it is named by them (a replaced file is fetched anew). */
  fileSize: number;
  mtimeMs: number;
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
  settings(projectId: string): Promise<SplitSettings>;
  saveSettings(projectId: string, settings: SplitSettings): Promise<void>;
  /** Every present image, in path byte order. */
  candidates(projectId: string): Promise<SplitCandidate[]>;
  /** The candidates with both hashes (the only ones a duplicate group can hold), in the same order. */
  hashedCandidates(projectId: string): Promise<SplitCandidate[]>;
  /** Each present image's distinct labels, as (uuid, label) pairs. */
  imageLabels(projectId: string): Promise<Array<{ uuid: string; label: string }>>;
  setSide(projectId: string, uuids: readonly string[], side: SplitName | null): Promise<void>;
  /** How many images each side holds: in all, per label, without shapes. */
  sideCounts(projectId: string): Promise<SideCounts>;
  setHashes(projectId: string, uuid: string, hashes: ImageHashes): Promise<void>;
  /** Present images without hashes, in path byte order, after `afterRelPath` (keyset paging). */
  unhashedPage(projectId: string, afterRelPath: string, limit: number): Promise<ImageRecord[]>;
  countUnhashed(projectId: string): Promise<number>;
  /** Some present image has a side of a split (an export is then laid out by it). */
  hasSides(projectId: string): Promise<boolean>;
}

export type JobState = 'running' | 'succeeded' | 'failed';

export interface JobRow<Result = unknown> {
  id: number;
  kind: string;
  key: string;
  state: JobState;
  /** The handler's step while it runs (as last reported by its process); the state once ended. */
  phase: string;
  done: number;
  total: number;
  message: string;
  result: Result | null;
  startedAt: number;
  finishedAt: number | null;
  /** The process running it (see JobRepository.start). */
  owner: string;
  /** When its process last said it still runs it, by the store's clock (see failStale). */
  heartbeatAt: number;
  /** The user whose request started it ('' when not known). */
  startedBy: string;
}

export interface JobProgress {
  phase: string;
  done: number;
  total: number;
  at: number;
}

/**
 * Jobs are rows every process sees: several processes may serve one PostgreSQL database, and a
 * job (scan, export, import...) must run on exactly one of them while its status answers on all.
 */
export interface JobRepository {
  /**
   * Records a running job under key for the process `owner`, unless a job under key is running
   * already (on this or any process): then undefined, and nothing is written. One statement, so
   * two processes asked at once cannot both win.
   */
  start(kind: string, key: string, at: number, owner: string, startedBy?: string): Promise<number | undefined>;
  /**
   * Stores a running job's progress and that its process is alive. False when the row no
   * longer runs: another process found it silent and failed it, so its handler should stop.
   */
  heartbeat(id: number, progress: JobProgress): Promise<boolean>;
  /** Ends a running job; a row another process already failed stays as it is (false). */
  finish(id: number, state: Exclude<JobState, 'running'>, fields: { done: number; total: number; message: string; result: unknown; at: number }): Promise<boolean>;
  /** The result comes back as the job's handler returned it (stored as JSON). */
  latest<Result>(key: string): Promise<JobRow<Result> | undefined>;
  /**
   * Running jobs of other processes (owner other than exceptOwner) whose last heartbeat is older
   * than staleAfterMs (their process was killed) end as failed, so no status spins forever and
   * the job can be started again. Answers how many. Heartbeats are stamped and compared by one
   * clock, the store's: PostgreSQL's own (processes on machines whose clocks differ must not
   * fail each other's live jobs), SQLite's only process's (`at`). staleAfterMs < 0: every
   * running row, for a store one process owns, at its start.
   */
  failStale(staleAfterMs: number, at: number, exceptOwner?: string): Promise<number>;
  /** The processes that have running jobs, each named once (as JobRow.owner). */
  runningOwners(): Promise<string[]>;
  /** The running jobs of owner, a process known to have stopped, end as failed at once. Answers how many. */
  failOwner(owner: string, at: number): Promise<number>;
}

export interface Repositories {
  projects: ProjectRepository;
  labels: LabelRepository;
  images: ImageRepository;
  annotations: AnnotationRepository;
  jobs: JobRepository;
  splits: SplitRepository;
  users: UserRepository;
  teamwork: TeamworkRepository;
  /**
   * Runs fn in one transaction: every repository call made from fn's async context (found with
   * AsyncLocalStorage, so the same `repos` object is used inside and out) is part of it. Called
   * inside another, it is a savepoint: a throw undoes only fn. fn must not run two nested
   * inTransaction calls at once. Calls from other contexts never see or join the open
   * transaction (SQLite's one connection queues them until it ends).
   */
  inTransaction<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * Inside a transaction, takes these projects' write locks now, in one order whatever the
   * order given, so a transaction about to write to several cannot deadlock with another
   * process's (PostgreSQL). SQLite has one writer at a time: nothing to do.
   */
  lockProjects(projectIds: readonly string[]): Promise<void>;
}
