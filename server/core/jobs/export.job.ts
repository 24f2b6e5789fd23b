// Exports run as jobs: the classifai configuration (cfg), the configuration with every image
// in a zip (cfgdata), and training formats (COCO, VOC, YOLO, labelme) as zips. Every output
// is written under a temporary name and renamed, so a failure never leaves a half file.
import path from 'node:path';
import { resolveExistingInside } from '@/server/files/project-folder';
import { removeStalePartials, sha256Base64, writeFileAtomic } from '@/server/files/atomic-write';
import { openZipWriter } from '@/server/media/zip-writer';
import { notFound } from '../errors';
import { buildClassifaiConfig, serializeClassifaiConfig, type ExportImage } from '../formats/classifai-cfg';
import { TRAINING_EXPORTERS, TRAINING_FORMATS, type TrainingFormat } from '../formats';
import type { Repositories } from '../repositories';
import { EMPTY_PLACEMENT, type ImageRecord, type Project } from '../types';
import type { JobKinds } from './job-kinds';
import type { JobContext, JobHandler } from './job-runner';
import { mapLimited } from './map-limited';

export const EXPORT_TYPES = ['cfg', 'cfgdata', 'coco', 'voc', 'yolo', 'labelme'] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];

export interface ExportParams {
  projectId: string;
  exportType: ExportType;
}

export interface ExportJobResult {
  /** The written file: the .json for cfg, the .zip otherwise. */
  path: string;
}

const PAGE = 500;
const HASHES_IN_FLIGHT = 8;

/** Present images with their shapes, read page by page so a big project never sits in memory twice. */
function* exportItems(repos: Repositories, projectId: string): Generator<{ image: ImageRecord; annotation: NonNullable<ReturnType<Repositories['annotations']['get']>> }[]> {
  for (let offset = 0; ; offset += PAGE) {
    const images = repos.images.page(projectId, 'all', offset, PAGE);
    if (images.length === 0) return;
    const annotations = repos.annotations.getMany(projectId, images.map((image) => image.uuid));
    yield images.map((image) => ({ image, annotation: annotations.get(image.uuid) ?? { shapes: [], placement: EMPTY_PLACEMENT } }));
    if (images.length < PAGE) return;
  }
}

async function writeConfig(repos: Repositories, project: Project, context: JobContext, now: () => number): Promise<string> {
  const total = repos.images.counts(project.id).total;
  const images: ExportImage[] = [];
  for (const page of exportItems(repos, project.id)) {
    context.signal.throwIfAborted();
    // Several files hashed at once: one at a time leaves the disk and the hash idle in turn.
    const hashed = await mapLimited(page, HASHES_IN_FLIGHT, async (item) => {
      const absPath = await resolveExistingInside(project.folder, item.image.relPath);
      const checksum = absPath ? await sha256Base64(absPath) : null;
      context.progress(images.length + 1, total);
      return { ...item, checksum };
    });
    images.push(...hashed);
    context.progress(images.length, total);
  }
  const target = path.join(project.folder, `${project.name}.json`);
  await writeFileAtomic(target, serializeClassifaiConfig(buildClassifaiConfig(project, images, new Date(now()))));
  return target;
}

async function writeConfigWithData(repos: Repositories, project: Project, context: JobContext, now: () => number): Promise<string> {
  const configPath = await writeConfig(repos, project, context, now);
  const folderName = path.basename(project.folder);
  const target = path.join(project.folder, `${project.name}.zip`);
  const zip = await openZipWriter(target);
  try {
    await zip.addFile(configPath, `${folderName}/${project.name}.json`);
    const total = repos.images.counts(project.id).total;
    let done = 0;
    for (const page of exportItems(repos, project.id)) {
      for (const { image } of page) {
        context.signal.throwIfAborted();
        const absPath = await resolveExistingInside(project.folder, image.relPath);
        if (absPath) await zip.addFile(absPath, `${folderName}/${image.relPath}`);
        context.progress(++done, total);
      }
    }
    await zip.close();
  } catch (error) {
    await zip.abort();
    throw error;
  }
  return target;
}

async function writeTrainingFormat(repos: Repositories, project: Project, format: TrainingFormat, context: JobContext): Promise<string> {
  const items = [...exportItems(repos, project.id)].flat();
  context.progress(0, items.length);
  const { files } = TRAINING_EXPORTERS[format](items, project.labels, project.type);
  const target = path.join(project.folder, `${project.name}_${format}.zip`);
  const zip = await openZipWriter(target);
  try {
    for (const [index, file] of files.entries()) {
      context.signal.throwIfAborted();
      await zip.addText(file.content, file.path);
      context.progress(Math.round(((index + 1) / files.length) * items.length), items.length);
    }
    await zip.close();
  } catch (error) {
    await zip.abort();
    throw error;
  }
  return target;
}

export function createExportHandler(repos: Repositories, now: () => number): JobHandler<JobKinds['export']> {
  return async ({ projectId, exportType }, context) => {
    const project = repos.projects.findById(projectId);
    if (!project) throw notFound('The project was deleted');
    context.setPhase('exporting');
    // A crash during an earlier export of this project left its temporary files: drop them.
    for (const suffix of ['.json', '.zip', ...TRAINING_FORMATS.map((format) => `_${format}.zip`)]) {
      await removeStalePartials(path.join(project.folder, `${project.name}${suffix}`));
    }
    const written =
      exportType === 'cfg'
        ? await writeConfig(repos, project, context, now)
        : exportType === 'cfgdata'
          ? await writeConfigWithData(repos, project, context, now)
          : await writeTrainingFormat(repos, project, exportType, context);
    return { result: { path: written } satisfies ExportJobResult };
  };
}
