// Exports run as jobs: the classifai configuration (cfg), the configuration with every image
// in a zip (cfgdata), and training formats (COCO, VOC, YOLO, labelme) as zips. Every output
// is written under a temporary name and renamed, so a failure never leaves a half file.
import path from 'node:path';
import { resolveExistingInside } from '@/server/files/project-folder';
import { removeStalePartials, writeFileAtomic } from '@/server/files/atomic-write';
import { sha256Base64 } from '@/server/files/file-hash';
import { writeZipFile } from '@/server/media/zip-writer';
import { invalidState, notFound } from '../errors';
import { buildClassifaiConfig, serializeClassifaiConfig, type ExportImage } from '../formats/classifai-cfg';
import { createLossReport, isDatasetFormat } from '../formats/export-losses';
import { EXPORT_FORMATS, exportFileName, exportFormat, type DatasetExporter, type ExportItem, type ExportOptions, type ExportType } from '../formats';
import { isStreamed } from '../formats/common';
import { nextTurn } from '../next-turn';
import { splitReportSectionOf } from '../split-report';
import { unspellableLabel } from '../validation/label-checks';
import { createExportChecks } from '../validation/export-checks';
import type { Repositories } from '../repositories';
import { EMPTY_PLACEMENT, type ImageRecord, type Project, type SplitName } from '../types';
import type { ExportSide } from '../formats/export-layout';
import type { JobKinds } from './job-kinds';
import type { JobContext, JobHandler } from './job-runner';
import { mapLimited } from '@/server/files/map-limited';

export interface ExportParams {
  projectId: string;
  exportType: ExportType;
  /** The COCO id and YOLO index bases of the dataset formats; their defaults when absent. */
  options?: ExportOptions;
}

export interface ExportJobResult {
  /** The written file: the .json for cfg, the .zip otherwise. */
  path: string;
  /** Whose export it was: a download for another project must not get this file. */
  projectId: string;
  /**
   * Why labels of the project will not read back as they are from the written file (a
   * classifai configuration's label list cannot spell every name); none for the other formats,
   * whose report says what they could not write.
   */
  unspellableLabels?: string[];
}

const PAGE = 500;
const SHAPES_BATCH = 25;
const HASHES_IN_FLIGHT = 8;
const PAUSE_EVERY = 50;


/**
 * Present images with their shapes, read page by page so a big project never sits in memory
 * whole. Shapes are read SHAPES_BATCH images at a time: a batch is then dead before V8's next
 * young-generation collections, instead of 500 images' parsed shapes living across them and
 * being promoted, which piled up as old-generation garbage (RSS climbing by hundreds of MB on a
 * 1,000,000-box export).
 */
export async function* exportItems(repos: Repositories, projectId: string): AsyncGenerator<ExportItem[]> {
  // Each page starts after the last path read, not at an offset: an image removed or hidden
  // meanwhile would have shifted the rest, and the one at a page's edge been left out.
  for (let after = ''; ; ) {
    const images = await repos.images.pageAfter(projectId, after, PAGE);
    if (images.length === 0) return;
    after = images.at(-1)!.relPath;
    for (let start = 0; start < images.length; start += SHAPES_BATCH) {
      const batch = images.slice(start, start + SHAPES_BATCH);
      const annotations = await repos.annotations.getMany(projectId, batch.map((image) => image.uuid));
      yield batch.map((image) => ({ image, annotation: annotations.get(image.uuid) ?? { shapes: [], placement: EMPTY_PLACEMENT } }));
    }
  }
}

/**
 * The images the first pass read, in its order, with the sides they had. The later passes of a
 * streamed file (COCO's images, then annotations) read exactly these: an image added, moved
 * to another side or renamed meanwhile cannot shift ids between a file's images and their
 * annotations. One removed meanwhile ends the export with a clear error.
 */
interface ExportSnapshot {
  uuids: string[];
  sides: Array<SplitName | undefined>;
}

async function* snapshotItems(repos: Repositories, projectId: string, snapshot: ExportSnapshot, side?: ExportSide, shapes = true): AsyncGenerator<ExportItem[]> {
  const { uuids, sides } = snapshot;
  for (let start = 0; start < uuids.length; start += SHAPES_BATCH) {
    const wanted: number[] = [];
    for (let i = start; i < Math.min(start + SHAPES_BATCH, uuids.length); i++) if (side === undefined || (sides[i] ?? 'unassigned') === side) wanted.push(i);
    if (wanted.length === 0) continue;
    const batch = wanted.map((i) => uuids[i] ?? '');
    const found = await repos.images.findMany(projectId, batch);
    const images = wanted.map((i): ImageRecord => {
      const record = found.get(uuids[i] ?? '');
      if (!record) throw invalidState('An image was deleted while the export was being written; export again');
      const { split: _now, ...image } = record;
      return sides[i] ? { ...image, split: sides[i] } : image;
    });
    if (shapes) {
      const annotations = await repos.annotations.getMany(projectId, batch);
      yield images.map((image) => ({ image, annotation: annotations.get(image.uuid) ?? { shapes: [], placement: EMPTY_PLACEMENT } }));
    } else {
      const fields = await repos.annotations.datasetFields(projectId, batch);
      yield images.map((image) => {
        const dataset = fields.get(image.uuid);
        return { image, annotation: { shapes: [], placement: EMPTY_PLACEMENT, ...(dataset ? { dataset } : {}) } };
      });
    }
  }
}

const STREAM_CHUNK = 1 << 16;
/** Images between two full collections of a dataset export (about 30 ms each at 50 MB alive). */
const COMPACT_EVERY = 2000;

/**
 * A streamed file's pieces joined into chunks of about 64 KiB (a million records one write each
 * would cost more in stream calls than in JSON), with a turn of the event loop between chunks
 * so saves and status polls are answered while a big file is written, and a cancel is seen.
 */
async function* paced(pieces: AsyncIterable<string>, signal: AbortSignal): AsyncGenerator<string> {
  let chunk = '';
  for await (const piece of pieces) {
    chunk += piece;
    if (chunk.length < STREAM_CHUNK) continue;
    yield chunk;
    chunk = '';
    signal.throwIfAborted();
    await nextTurn();
  }
  if (chunk) yield chunk;
}

async function writeConfig(repos: Repositories, project: Project, context: JobContext): Promise<string> {
  const total = (await repos.images.counts(project.id)).total;
  const items: ExportItem[] = [];
  for await (const page of exportItems(repos, project.id)) {
    context.signal.throwIfAborted();
    items.push(...page);
  }
  let hashedCount = 0;
  // Several files hashed at once: one at a time leaves the disk and the hash idle in turn. Over
  // the whole list, not batch by batch: each batch of 25 waited for its slowest file, so its
  // last round ran one hash of the eight allowed. The file holds every image anyway.
  const images: ExportImage[] = await mapLimited(items, HASHES_IN_FLIGHT, async (item) => {
    context.signal.throwIfAborted();
    const absPath = await resolveExistingInside(project.folder, item.image.relPath);
    const checksum = absPath ? await sha256Base64(absPath) : null;
    context.progress(++hashedCount, total);
    // Small files hash without leaving this thread: let saves and status polls in now and then.
    if (hashedCount % PAUSE_EVERY === 0) await nextTurn();
    return { ...item, checksum };
  });
  const target = path.join(project.folder, exportFileName(project.name, exportFormat('cfg')));
  // classifai writes the export time as updated_date; its import only requires the field to be
  // there (reference E.2, C.3 step 5) and never reads it back. The project's last change is a
  // date of the same pattern that stays put while nothing changes, so two exports of unchanged
  // data are the same bytes and a configuration kept in git diffs cleanly.
  const updated = new Date(project.lastModifiedAt);
  await writeFileAtomic(target, serializeClassifaiConfig(buildClassifaiConfig(project, images, updated)));
  return target;
}

async function writeConfigWithData(repos: Repositories, project: Project, context: JobContext, target: string): Promise<void> {
  const configPath = await writeConfig(repos, project, context);
  const folderName = path.basename(project.folder);
  const total = (await repos.images.counts(project.id)).total;
  const checks = createExportChecks('cfgdata', await checkOptions(repos, project));
  let done = 0;
  await writeZipFile(target, async (zip) => {
    await zip.addFile(configPath, `${folderName}/${project.name}.json`);
    for await (const page of exportItems(repos, project.id)) {
      for (const item of page) {
        const { image } = item;
        context.signal.throwIfAborted();
        checks.before(item);
        const absPath = await resolveExistingInside(project.folder, image.relPath);
        if (absPath) await zip.addFile(absPath, `${folderName}/${image.relPath}`);
        context.progress(++done, total);
      }
    }
    const splits = await splitReportSectionOf(repos, project.id);
    for (const file of checks.reportFiles({ key: 'splits', ...splits })) await zip.addText(file.content, file.path);
  });
}

/** What the checks need of the project beside its images: its classes, labels and dataset fields. */
async function checkOptions(repos: Repositories, project: Project, options?: ExportOptions) {
  const classes = (await repos.labels.table(project.id)).sort((a, b) => a.classId - b.classId);
  return { type: project.type, classes, labels: project.labels, options, projectFields: await repos.projects.datasetFields(project.id) };
}

/**
 * Hands the writer one image at a time (read from the database a page at a time) and counts it
 * done once its files are in the zip. A format that writes one file for every image (COCO)
 * has nothing to await per image, so the job pauses for a turn of the event loop every
 * PAUSE_EVERY images: status polls then see the progress grow, and saves are answered meanwhile.
 */
async function writeDataset(
  repos: Repositories,
  project: Project,
  exporter: DatasetExporter,
  context: JobContext,
  target: string,
  options: ExportOptions | undefined,
  exportType: ExportType,
  compactHeap: (() => void) | undefined,
): Promise<void> {
  const total = (await repos.images.counts(project.id)).total;
  let done = 0;
  // The class table in class id order, not the panel's: the order a trained model's classes keep.
  const classes = (await repos.labels.table(project.id)).sort((a, b) => a.classId - b.classId);
  const projectFields = await repos.projects.datasetFields(project.id);
  const writer = exporter(classes, project.type, options, projectFields, { bySplit: await repos.splits.hasSides(project.id) });
  // In images, over every pass: a COCO export reads each image three times, and had stood at
  // 100% for the second and third (10 of its 14 s at 100,000 images). All done only once the
  // zip is: a pass may read a page twice (imported and drawn records).
  const passes = 1 + (writer.laterPasses ?? 0);
  let imagesRead = 0;
  const progressRead = (count: number) => {
    imagesRead += count;
    context.progress(Math.max(0, Math.min(Math.floor(imagesRead / passes), total - 1)), total);
  };
  progressRead(0);
  const losses = isDatasetFormat(exportType) ? createLossReport(exportType, projectFields) : null;
  const checks = createExportChecks(exportType, { type: project.type, classes, labels: project.labels, options, projectFields });
  const snapshot: ExportSnapshot = { uuids: [], sides: [] };
  // An image renamed meanwhile to a path further on comes round again.
  const seen = new Set<string>();
  // Every COMPACT_EVERY images read, a full collection: see heap-compactor.ts.
  let sinceCompaction = 0;
  const compact = (weight = 1) => {
    sinceCompaction += weight;
    if (!compactHeap || sinceCompaction < COMPACT_EVERY) return;
    sinceCompaction = 0;
    compactHeap();
  };
  await writeZipFile(target, async (zip) => {
    for await (const page of exportItems(repos, project.id)) {
      for (const item of page) {
        context.signal.throwIfAborted();
        compact();
        if (seen.has(item.image.uuid)) continue;
        seen.add(item.image.uuid);
        snapshot.uuids.push(item.image.uuid);
        snapshot.sides.push(item.image.split);
        checks.before(item);
        for (const file of writer.add([item])) {
          checks.written(file, item);
          await zip.addText(file.content, file.path);
        }
        losses?.add(item);
        progressRead(1);
        if (++done % PAUSE_EVERY === 0) await nextTurn();
      }
    }
    // 100,000 uuids are some 10 MB the files written next have no use for.
    seen.clear();
    const shared = writer.finish(async function* (side, read) {
      // Counted in images read, as the first pass is: a 64 KiB chunk of an images pass holds
      // hundreds of images, of an annotations pass ten. A turn of the event loop every
      // PAUSE_EVERY images, as in the first pass: images without shapes write nothing, so the
      // chunks' turns never came, and a project mostly unlabelled held every request for the
      // whole annotations pass (5.5 s at 100,000 images).
      for await (const page of snapshotItems(repos, project.id, snapshot, side, read?.shapes ?? true)) {
        for (let start = 0; start < page.length; start += PAUSE_EVERY) {
          const part = page.slice(start, start + PAUSE_EVERY);
          compact(part.length);
          yield part;
          progressRead(part.length);
          context.signal.throwIfAborted();
          await nextTurn();
        }
      }
    }, checks.observers);
    for (const file of shared) {
      if (isStreamed(file)) {
        await zip.addStream(paced(file.chunks, context.signal), file.path);
      } else {
        checks.written(file);
        await zip.addText(file.content, file.path);
      }
    }
    // After every file: the streamed ones are checked record by record while they are written.
    const splits = await splitReportSectionOf(repos, project.id);
    const report = checks.reportFiles(losses?.section() ?? null, { key: 'splits', ...splits });
    for (const file of report) await zip.addText(file.content, file.path);
  });
  context.progress(total, total);
}

export function createExportHandler(repos: Repositories, compactHeap?: () => void): JobHandler<JobKinds['export']> {
  return async ({ projectId, exportType, options }, context) => {
    const project = await repos.projects.findById(projectId);
    if (!project) throw notFound('The project was deleted');
    context.setPhase('exporting');
    // A crash during an earlier export of this project left its temporary files: drop them.
    for (const format of EXPORT_FORMATS) await removeStalePartials(path.join(project.folder, exportFileName(project.name, format)));
    const format = exportFormat(exportType);
    const target = path.join(project.folder, exportFileName(project.name, format));
    const { content } = format;
    switch (content.kind) {
      case 'classifai_config':
        await writeConfig(repos, project, context);
        break;
      case 'classifai_config_with_images':
        await writeConfigWithData(repos, project, context, target);
        break;
      case 'dataset':
        await writeDataset(repos, project, content.exporter, context, target, options, exportType, compactHeap);
        break;
    }
    // The plain configuration has no report to say it: the Export menu does.
    const unspellableLabels = exportType === 'cfg' || exportType === 'cfgdata' ? project.labels.flatMap((label) => unspellableLabel(label, exportType) ?? []) : [];
    return { result: { path: target, projectId, ...(unspellableLabels.length > 0 ? { unspellableLabels } : {}) } satisfies ExportJobResult };
  };
}
