// Import of training-format annotations (COCO, VOC, YOLO, labelme) into an existing project,
// matched by file name. Shapes arrive in pixel space and are stored with the identity
// placement (the image drawn at 0,0 in its own size), which classifai clients also read right.
import path from 'node:path';
import { mergeDatasetFields } from './dataset-fields';
import { invalidInput } from './errors';
import { TRAINING_IMPORTERS, type TrainingFormat } from './formats';
import { baseName, normalisePath, stripExtension } from './formats/common';
import { readImportSource, type ImportSource } from './import-source';
import { importLabels, planLabelImport, shapeLabels, type LabelImportPlan } from './label.service';
import { readPages } from './paging';
import type { ProjectService } from './project.service';
import type { ProjectRoots } from './project-roots';
import type { Repositories } from './repositories';
import type { AnnotationType } from './types';
import { storeAnnotationChange } from './annotation-changes';

export interface AnnotationImportSummary {
  matched: number;
  unmatched: string[];
  errors: string[];
  /** The labels the import added (or, in a preview, would add), in the order they are added. */
  labelsAdded: string[];
  /**
   * The COCO ids and YOLO indexes of the import that labels the project had already take
   * (would take), "cat takes COCO id 1"; absent when none. A new label's come with it.
   */
  classNumbersSet?: string[];
  /**
   * The declared numbers not taken, so an export numbers that class otherwise than the
   * imported dataset: the label keeps its own, or another label has the number. Absent when none.
   */
  classNumberWarnings?: string[];
}

/** The summary's lines on class numbers, each list only when it has some. */
const numberNotes = (plan: LabelImportPlan) => ({
  ...(plan.set.length > 0 ? { classNumbersSet: plan.set } : {}),
  ...(plan.warnings.length > 0 ? { classNumberWarnings: plan.warnings } : {}),
});

/**
 * Errors for unmatched names that several images share (a/same.png and b/same.png for a file
 * naming same.png): a name is matched only when one image has it, and without a word the user
 * went looking for a missing image.
 */
function sharedNameErrors(unmatched: readonly string[], targets: ReadonlyArray<{ relPath: string }>): string[] {
  const stem = (name: string) => stripExtension(baseName(normalisePath(name)));
  const byStem = new Map<string, string[]>();
  for (const { relPath } of targets) {
    const sharing = byStem.get(stem(relPath));
    if (sharing) sharing.push(relPath);
    else byStem.set(stem(relPath), [relPath]);
  }
  return unmatched.flatMap((name) => {
    const sharing = byStem.get(stem(name)) ?? [];
    if (sharing.length < 2) return [];
    const listed = sharing.slice(0, 3).join(', ') + (sharing.length > 3 ? ', …' : '');
    return [`${name}: ${sharing.length} images are named so (${listed}) and it does not say which; give its folder in the file`];
  });
}

export function createAnnotationImportService(deps: { repos: Repositories; projects: ProjectService; now: () => number; roots: ProjectRoots }) {
  const { repos, projects, now, roots } = deps;
  return {
    async importAnnotations(
      type: AnnotationType,
      name: string,
      format: TrainingFormat,
      source: ImportSource,
      options: { preview?: boolean } = {},
    ): Promise<AnnotationImportSummary> {
      const project = await projects.get(type, name);
      // A dataset on the server's disk is read from under the project roots only (team server):
      // a preview would list the names of any folder's files and the lines of its label files.
      const checked = 'path' in source ? { ...source, path: await roots.check(path.resolve(source.path), 'import source') } : source;
      const files = await readImportSource(checked);
      const targets = [];
      for await (const page of readPages((offset, limit) => repos.images.page(project.id, 'all', offset, limit), 1000)) {
        targets.push(...page.map((image) => ({ relPath: image.relPath, width: image.width, height: image.height, uuid: image.uuid })));
      }
      const result = TRAINING_IMPORTERS[format](files, targets, type);
      result.errors.push(...sharedNameErrors(result.unmatched, targets));
      if (result.matched.size === 0 && result.errors.length > 0) {
        throw invalidInput(`Nothing could be imported: ${result.errors.slice(0, 3).join('; ')}`);
      }
      const labels = [...result.labels, ...shapeLabels(result.matched.values())];
      const summary = { matched: result.matched.size, unmatched: result.unmatched, errors: result.errors };
      // A preview runs the same reading and matching and stops before the first write.
      if (options.preview) {
        const plan = planLabelImport(await repos.labels.table(project.id), labels, result.classNumbers);
        return { ...summary, labelsAdded: plan.added.map((label) => label.name), ...numberNotes(plan) };
      }
      const byPath = new Map(targets.map((target) => [target.relPath, target]));
      const importedAt = now();
      const plan = await repos.inTransaction(async () => {
        for (const [relPath, shapes] of result.matched) {
          const target = byPath.get(relPath);
          if (!target) continue;
          // The image's fields of other formats stay: a COCO import keeps its labelme flags.
          const dataset = mergeDatasetFields((await repos.annotations.get(project.id, target.uuid))?.dataset, result.imageFields?.get(relPath));
          const placement = { x: 0, y: 0, w: target.width, h: target.height };
          const annotation = { shapes, placement, ...(dataset ? { dataset } : {}) };
          await storeAnnotationChange(repos, { projectId: project.id, uuid: target.uuid, annotation, editedAt: importedAt, source: 'import', at: importedAt });
        }
        const projectFields = mergeDatasetFields(await repos.projects.datasetFields(project.id), result.projectFields);
        if (projectFields && result.projectFields) await repos.projects.setDatasetFields(project.id, projectFields);
        // The declared labels first, so keys 1-9 follow the dataset's class order.
        // A label without a category id or class index takes the dataset's when it is free, a
        // listed one too: a project made from a label file exports the dataset's numbers again.
        const done = await importLabels(repos, project.id, labels, result.classNumbers);
        await repos.projects.touchModified(project.id, now());
        return done;
      });
      return { ...summary, labelsAdded: plan.added.map((label) => label.name), ...numberNotes(plan) };
    },
  };
}

export type AnnotationImportService = ReturnType<typeof createAnnotationImportService>;
