// Import of training-format annotations (COCO, VOC, YOLO, labelme) into an existing project,
// matched by file name. Shapes arrive in pixel space and are stored with the identity
// placement (the image drawn at 0,0 in its own size), which classifai clients also read right.
import fsp from 'node:fs/promises';
import path from 'node:path';
import { isDirectory, isFile, walkFolder } from '@/server/files/project-folder';
import { mergeDatasetFields } from './dataset-fields';
import { invalidInput } from './errors';
import { TRAINING_IMPORTERS, type TrainingFormat } from './formats';
import type { ImportFile } from './formats';
import { addMissingLabels, shapeLabels } from './label.service';
import { readPages } from './paging';
import type { ProjectService } from './project.service';
import type { Repositories } from './repositories';
import type { AnnotationType } from './types';

export interface AnnotationImportSummary {
  matched: number;
  unmatched: string[];
  errors: string[];
}

const MAX_FILES = 200_000;
const MAX_TOTAL_BYTES = 512 * 1024 * 1024;
// YOLO names its classes in .names (Darknet) or .yaml (Ultralytics) files, and Darknet's obj.data points at them.
const ANNOTATION_FILE = /\.(json|xml|txt|ya?ml|names|data)$/i;

/** Reads an annotation file, or every annotation-like file (ANNOTATION_FILE) below a folder, as text. */
async function readSource(sourcePath: string): Promise<ImportFile[]> {
  const absolute = path.resolve(sourcePath);
  if (await isFile(absolute)) return [{ path: path.basename(absolute), content: await fsp.readFile(absolute, 'utf8') }];
  if (!(await isDirectory(absolute))) throw invalidInput(`No such file or folder: ${sourcePath}`);
  const entries = (await walkFolder(absolute)).filter((entry) => ANNOTATION_FILE.test(entry.relPath));
  if (entries.length > MAX_FILES) throw invalidInput(`More than ${MAX_FILES} annotation files`);
  const total = entries.reduce((sum, entry) => sum + entry.size, 0);
  if (total > MAX_TOTAL_BYTES) throw invalidInput('The annotation files are larger than 512 MB');
  return Promise.all(entries.map(async (entry) => ({ path: entry.relPath, content: await fsp.readFile(entry.absPath, 'utf8') })));
}

export function createAnnotationImportService(deps: { repos: Repositories; projects: ProjectService; now: () => number }) {
  const { repos, projects, now } = deps;
  return {
    async importAnnotations(
      type: AnnotationType,
      name: string,
      format: TrainingFormat,
      source: { path: string } | { files: ImportFile[] },
    ): Promise<AnnotationImportSummary> {
      const project = projects.get(type, name);
      const files = 'files' in source ? source.files : await readSource(source.path);
      const targets = [];
      for (const page of readPages((offset, limit) => repos.images.page(project.id, 'all', offset, limit), 1000)) {
        targets.push(...page.map((image) => ({ relPath: image.relPath, width: image.width, height: image.height, uuid: image.uuid })));
      }
      const result = TRAINING_IMPORTERS[format](files, targets, type);
      if (result.matched.size === 0 && result.errors.length > 0) {
        throw invalidInput(`Nothing could be imported: ${result.errors.slice(0, 3).join('; ')}`);
      }
      const byPath = new Map(targets.map((target) => [target.relPath, target]));
      const importedAt = now();
      repos.inTransaction(() => {
        for (const [relPath, shapes] of result.matched) {
          const target = byPath.get(relPath);
          if (!target) continue;
          // The image's fields of other formats stay: a COCO import keeps its labelme flags.
          const dataset = mergeDatasetFields(repos.annotations.get(project.id, target.uuid)?.dataset, result.imageFields?.get(relPath));
          const placement = { x: 0, y: 0, w: target.width, h: target.height };
          repos.annotations.save(project.id, target.uuid, { shapes, placement, ...(dataset ? { dataset } : {}) }, importedAt);
        }
        const projectFields = mergeDatasetFields(repos.projects.datasetFields(project.id), result.projectFields);
        if (projectFields && result.projectFields) repos.projects.setDatasetFields(project.id, projectFields);
        // The declared labels first, so keys 1-9 follow the dataset's class order.
        // A new label keeps the dataset's category id or class index when it is free.
        addMissingLabels(repos, project.id, [...result.labels, ...shapeLabels(result.matched.values())], result.classNumbers);
        repos.projects.touchModified(project.id, now());
      });
      return { matched: result.matched.size, unmatched: result.unmatched, errors: result.errors };
    },
  };
}

export type AnnotationImportService = ReturnType<typeof createAnnotationImportService>;
