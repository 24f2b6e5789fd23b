// COCO's JSON written as it streams out, never whole in memory: a 100,000-image project with a
// million boxes would be a few hundred MB of objects and text. The pages the export job reads
// are first walked once (the job's progress) to learn each file's largest kept id and counts;
// each file is then written from further passes over the pages: images, then annotations,
// each record turned into its JSON text by cocoRecordText. The text is what JSON.stringify
// would give for the whole dataset, byte for byte.
//
// Order and ids are coco.ts's: imported records in their file's order (a place in the file),
// then what was drawn here, in the project's order, with the next free ids of its file. A kept
// id stays with the first record of its kind in that order that has it; a record that finds
// its id taken (two imports of one path, subsets merged into one split file, a file that
// repeats an id) gets the next free one: pycocotools keys images and annotations by id. Those
// two groups come from separate passes, so neither is held; imported records the project
// reads out of their file's order are sorted in memory, which only an import can cause and
// which is as big as that import was.
import type { AnnotationType, DatasetFields } from '@/server/core/types';
import type { ExportLabel, ExportOptions } from './class-numbering';
import { createClassNumbering, DEFAULT_COCO_ID_BASE, exportClass } from './class-numbering';
import { archivePath, createExportPreparer, type CocoRecordObserver, type DatasetWriter, type ExportItem, type ExportPages, type PreparedImage, type WrittenRecordObservers } from './common';
import { EXPORT_SIDES, exportSide, type ExportLayout } from './export-layout';
import { readImageFields, readProjectFields, type CocoFileFields } from './coco-fields';

export const COCO_PATH = 'annotations/instances.json';
export const cocoSplitPath = (side: string) => `annotations/instances_${side}.json`;

type CocoRecord = Record<string, unknown>;

/** The one place a written image or annotation record becomes text (a per-record check goes here). */
export const cocoRecordText = (record: CocoRecord): string => JSON.stringify(record);

/** A record before its id is settled: where it goes, its place in its imported file, its kept id. */
interface PendingRecord {
  record: CocoRecord;
  /** Place in the imported file; Infinity for what was drawn here. */
  order: number;
  /** Reading position among its file's records of its kind, the same in planning and in every pass. */
  seq: number;
}

interface PendingImage extends PendingRecord {
  file: string;
  annotations: PendingRecord[];
}

/** Reading positions per file, of its images and of its annotations. */
type Positions = Map<string, { image: number; annotation: number }>;

/** How to build the records of one image: coco.ts's record builders. */
export interface CocoRecordBuilder {
  image(entry: PreparedImage): { record: CocoRecord; order: number };
  annotations(entry: PreparedImage, categoryOf: (label: string) => number): Array<{ record: CocoRecord; order: number }>;
  /** The same records' kept ids (the record holds only its id) and places: all that planning reads. */
  annotationKeys(entry: PreparedImage): Array<{ record: CocoRecord; order: number }>;
}

/** What a pass needs of each image's annotations: nothing, what planning reads, or the records. */
type AnnotationsWanted = 'none' | 'keys' | 'records';

interface KindPlan {
  maxId: number;
  imported: number;
  drawn: number;
  /** Imported records come in their file's order as the pages are read: no sorting needed. */
  inOrder: boolean;
  lastOrder: number;
  /** Imported records without a usable id (none, or one an earlier record in the file's order keeps), numbered first. */
  unnumbered: Array<{ order: number; seq: number }>;
  /** seq → id for those, once the plan is complete. */
  given: Map<number, number>;
  /** Kept id → seq of the record keeping it so far; emptied once the plan is complete. */
  holders: Map<number, number>;
  /** seq → place in the file, for when a later-read record comes first in the file's order. */
  places: number[];
}

interface FilePlan {
  path: string;
  images: KindPlan;
  annotations: KindPlan;
}

const keptId = (record: CocoRecord): number | null => (typeof record.id === 'number' && Number.isFinite(record.id) ? record.id : null);

const newKindPlan = (): KindPlan => ({ maxId: 0, imported: 0, drawn: 0, inOrder: true, lastOrder: -Infinity, unnumbered: [], given: new Map(), holders: new Map(), places: [] });

function planRecord(plan: KindPlan, { record, order, seq }: PendingRecord) {
  plan.places[seq] = order;
  if (order === Infinity) {
    plan.drawn += 1;
    return;
  }
  plan.imported += 1;
  if (order < plan.lastOrder) plan.inOrder = false;
  plan.lastOrder = order;
  const id = keptId(record);
  if (id === null) {
    plan.unnumbered.push({ order, seq });
    return;
  }
  plan.maxId = Math.max(plan.maxId, id);
  const holder = plan.holders.get(id);
  if (holder === undefined) {
    plan.holders.set(id, seq);
    return;
  }
  // Read after its holder, so written before it only from an earlier place (an import of the
  // same path read later, its first records ahead of the earlier import's later ones).
  const holderOrder = plan.places[holder] ?? Infinity;
  if (order < holderOrder) {
    plan.holders.set(id, seq);
    plan.unnumbered.push({ order: holderOrder, seq: holder });
  } else plan.unnumbered.push({ order, seq });
}

function settlePlan(plan: KindPlan) {
  plan.unnumbered.sort((a, b) => a.order - b.order || a.seq - b.seq);
  plan.unnumbered.forEach(({ seq }, rank) => plan.given.set(seq, plan.maxId + 1 + rank));
  plan.holders = new Map();
  plan.places = [];
}

/** Ids as coco.ts always gave them: kept ones stay, the rest count on from the file's largest. */
function createIdGiver(plan: KindPlan) {
  let drawn = 0;
  return ({ record, order, seq }: PendingRecord): number => {
    if (order === Infinity) return plan.maxId + plan.unnumbered.length + 1 + drawn++;
    return plan.given.get(seq) ?? keptId(record) ?? 0;
  };
}

export function createCocoWriter(
  labels: readonly ExportLabel[],
  type: AnnotationType,
  options: ExportOptions | undefined,
  project: DatasetFields,
  layout: ExportLayout,
  build: CocoRecordBuilder,
): DatasetWriter {
  const classes = labels.map(exportClass).filter((entry) => entry.name !== '');
  const numbering = createClassNumbering(classes, (entry) => entry.cocoId, options?.cocoIdBase ?? DEFAULT_COCO_ID_BASE);
  const stored = readProjectFields(project).files;
  const files = new Map<string, FilePlan>();
  const fileOf = (path: string) => {
    let file = files.get(path);
    if (!file) files.set(path, (file = { path, images: newKindPlan(), annotations: newKindPlan() }));
    return file;
  };
  if (!layout.bySplit) {
    for (const file of stored) if (archivePath(file.path)) fileOf(archivePath(file.path));
    if (stored.length === 0) fileOf(COCO_PATH);
  }

  /**
   * Reading positions per file. Planning counts on over every add (the job adds one image at a
   * time); a pass counts afresh, over the one file it writes (a split file's pass reads only its
   * side), so a record has the same position in both.
   */
  const positionsIn = (positions: Positions, file: string) => {
    let seq = positions.get(file);
    if (!seq) positions.set(file, (seq = { image: 0, annotation: 0 }));
    return seq;
  };
  const planned: Positions = new Map();

  /** Every image's records in reading order, without ids; annotations as wanted. */
  function* pending(
    pages: Iterable<readonly ExportItem[]>,
    wanted: AnnotationsWanted,
    positions: Positions,
    preparer = createExportPreparer(labels, type),
  ): Generator<PendingImage> {
    for (const page of pages) {
      // The images pass needs no shapes: preparing them (to pixels, clipped) is most of a pass's work.
      const prepared = wanted !== 'none' ? preparer.prepare(page) : page.map(({ image, annotation }): PreparedImage => ({ image, stem: image.relPath, objects: [], ...(annotation.dataset ? { dataset: annotation.dataset } : {}) }));
      for (const item of prepared) {
        const fields = readImageFields(item.dataset);
        const file = layout.bySplit ? cocoSplitPath(exportSide(item.image)) : (fields && archivePath(fields.file)) || COCO_PATH;
        const image = build.image(item);
        // Planning numbers every label: a split file is written before labels first seen on a
        // later side's shapes, and each file lists every category.
        if (wanted === 'keys') for (const object of item.objects) numbering.numberOf(object.label);
        const made = wanted === 'records' ? build.annotations(item, numbering.numberOf) : wanted === 'keys' ? build.annotationKeys(item) : [];
        // Literals, not spreads: two million of these per pass of a big export.
        const seq = positionsIn(positions, file);
        const annotations = made.map(({ record, order }): PendingRecord => ({ record, order, seq: seq.annotation++ }));
        yield { record: image.record, order: image.order, seq: seq.image++, file, annotations };
      }
    }
  }

  /** pending() over pages read as the file is written (from the database, one page at a time). */
  async function* pendingOf(pages: AsyncIterable<readonly ExportItem[]>, wanted: AnnotationsWanted): AsyncGenerator<PendingImage> {
    const preparer = createExportPreparer(labels, type);
    const positions: Positions = new Map();
    for await (const page of pages) yield* pending([page], wanted, positions, preparer);
  }

  /** The side a split layout's file holds, so its passes read only that side's images. */
  const sideOf = (path: string) => (layout.bySplit ? EXPORT_SIDES.find((side) => cocoSplitPath(side) === path) : undefined);

  async function* fileText(plan: FilePlan, pages: ExportPages, observer: CocoRecordObserver | undefined): AsyncGenerator<string> {
    const own = stored.find((candidate) => archivePath(candidate.path) === plan.path) ?? (layout.bySplit ? stored[0] : undefined);
    const { images: _images, annotations: _annotations, categories: _categories, ...top } = own ? { ...own.top } : { ...DEFAULT_TOP };
    // Categories are written last but known now (every page was planned): the check needs them first.
    observer?.start(top, categories(own));
    const head = JSON.stringify(top).slice(0, -1);
    yield `${head}${head.length > 1 ? ',' : ''}"images":[`;
    let first = true;
    const separated = (text: string) => {
      const out = first ? text : `,${text}`;
      first = false;
      return out;
    };
    for (const imported of [true, false]) {
      const kind = imported ? plan.images.imported : plan.images.drawn;
      if (kind === 0) continue;
      const giveId = createIdGiver(plan.images);
      const sorted: Array<{ order: number; seq: number; text: string }> = [];
      for await (const entry of pendingOf(pages(sideOf(plan.path), { shapes: false }), 'none')) {
        if (entry.file !== plan.path) continue;
        const id = giveId(entry);
        if ((entry.order !== Infinity) !== imported) continue;
        const text = cocoRecordText(Object.assign(entry.record, { id }));
        observer?.image(entry.record);
        if (imported && !plan.images.inOrder) sorted.push({ order: entry.order, seq: entry.seq, text });
        else yield separated(text);
      }
      for (const { text } of sorted.sort(byPlace)) yield separated(text);
    }
    yield '],"annotations":[';
    first = true;
    for (const imported of [true, false]) {
      const kind = imported ? plan.annotations.imported : plan.annotations.drawn;
      if (kind === 0) continue;
      const imageId = createIdGiver(plan.images);
      const giveId = createIdGiver(plan.annotations);
      const sorted: Array<{ order: number; seq: number; text: string }> = [];
      for await (const entry of pendingOf(pages(sideOf(plan.path)), 'records')) {
        if (entry.file !== plan.path) continue;
        const image_id = imageId(entry);
        for (const annotation of entry.annotations) {
          const id = giveId(annotation);
          if ((annotation.order !== Infinity) !== imported) continue;
          const record = Object.assign(annotation.record, { image_id });
          const text = cocoRecordText(Object.assign(record, { id }));
          observer?.annotation(record);
          if (imported && !plan.annotations.inOrder) sorted.push({ order: annotation.order, seq: annotation.seq, text });
          else yield separated(text);
        }
      }
      for (const { text } of sorted.sort(byPlace)) yield separated(text);
    }
    yield `],"categories":${JSON.stringify(categories(own))}}`;
  }

  const categories = (own: CocoFileFields | undefined) =>
    numbering.entries().map(({ name, number }) => {
      const kept = own?.categories.find((category) => category.name === name);
      return kept ? { ...kept, id: number, name } : { id: number, name, supercategory: '' };
    });

  return {
    laterPasses: 2,
    add(items) {
      for (const entry of pending([items], 'keys', planned)) {
        const plan = fileOf(entry.file);
        planRecord(plan.images, entry);
        for (const annotation of entry.annotations) planRecord(plan.annotations, annotation);
      }
      return [];
    },
    finish(pages, observers?: WrittenRecordObservers) {
      const plans = [...files.values()];
      if (layout.bySplit) plans.sort((a, b) => sideRank(a.path) - sideRank(b.path));
      for (const plan of plans) {
        settlePlan(plan.images);
        settlePlan(plan.annotations);
      }
      return plans.map((plan) => ({ path: plan.path, chunks: { [Symbol.asyncIterator]: () => fileText(plan, pages, observers?.coco?.(plan.path)) } }));
    },
  };
}

const DEFAULT_TOP: CocoRecord = { info: { description: 'Exported by Labelport', version: '1.0' }, licenses: [] };

const sideRank = (path: string) => EXPORT_SIDES.findIndex((side) => cocoSplitPath(side) === path);

const byPlace = (a: { order: number; seq: number }, b: { order: number; seq: number }) => a.order - b.order || a.seq - b.seq;
