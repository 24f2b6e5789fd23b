import { storeAnnotationChange } from './annotation-changes';
import { carryDatasetFields } from './dataset-fields';
import { fromEditorShapes, toEditorShapes } from './editor-shapes';
import { imageNotFound } from './errors';
import { createGroupCommit } from './group-commit';
import type { InteractiveActivity } from './interactive-activity';
import { followRenames } from './label-renames';
import type { ProjectService } from './project.service';
import type { LabelRecord, Repositories, SaveGuard } from './repositories';
import {
  EMPTY_PLACEMENT,
  type AnnotationChange,
  type AnnotationChangeSource,
  type AnnotationType,
  type ImageAnnotation,
  type ImageRecord,
  type PixelEditorShape,
  type Project,
} from './types';
import { actingUser } from './users/acting-user';

export interface EditorImage {
  image: ImageRecord;
  shapes: PixelEditorShape[];
  version: number;
}

/** A workspace save: stored (the new version), or refused because another change came first. */
export type EditorSaveOutcome =
  | { saved: true; version: number }
  | { saved: false; conflict: { version: number; shapes: PixelEditorShape[]; change: AnnotationChange | null } };

type StoredOutcome = { version: number } | { conflict: ImageAnnotation & { version: number } };

/** A state grown from further back than this many label changes is answered as a conflict, as before. */
const MAX_RELABELS_SINCE_BASE = 20;

export function createAnnotationService(deps: { repos: Repositories; projects: ProjectService; now: () => number; activity: InteractiveActivity }) {
  const { repos, projects, now, activity } = deps;

  const findImage = async (project: Project, uuid: string): Promise<ImageRecord> => {
    const image = await repos.images.find(project.id, uuid);
    if (!image) throw imageNotFound(project.name, uuid);
    return image;
  };

  // A save that lands stamps its project's last change itself (storeAnnotationChange).
  const writes = createGroupCommit({ inTransaction: repos.inTransaction, lockKeys: (projectIds) => repos.lockProjects(projectIds) });

  // Resolves once committed, so an answered save survives a crash. A state made before the
  // stored one (a late request, a replay from a closed tab) changes nothing and still succeeds.
  // Read in the same transaction, so the dataset fields carried over are the ones replaced.
  // Given a base version (the workspace's), a save over another version is a conflict, unless
  // the stored shapes are already these (this tab's own save, replayed after a reload) or the
  // versions since were only label renames the state already follows (onlyRelabeledSince).
  // The annotation is made from the label colours read there too: one read of the labels a save.
  const save = (project: Project, uuid: string, annotationIn: (colorOf: (label: string) => string | null) => ImageAnnotation, editedAt: number, source: AnnotationChangeSource, guard?: SaveGuard): Promise<StoredOutcome> => {
    const actor = actingUser();
    return activity.during(() =>
      writes.run(async (): Promise<StoredOutcome> => {
        const stored = await repos.annotations.get(project.id, uuid);
        const labels = await repos.labels.list(project.id);
        const colors = new Map(labels.map((label) => [label.name, label.color]));
        const sent = carryDatasetFields(annotationIn((label) => colors.get(label) ?? null), stored, { fromEditor: source === 'workspace' });
        const kept = await withCurrentLabels(project.id, sent, labels);
        const write = (claim: SaveGuard | undefined) =>
          storeAnnotationChange(repos, { projectId: project.id, uuid, annotation: kept, editedAt, source, at: now(), guard: claim, actor });
        const version = await write(guard);
        if (version !== undefined) return { version };
        // Nothing written: the image is gone (not found), another version is stored, or a newer state (a success).
        if (!stored) throw imageNotFound(project.name, uuid);
        const storedVersion = stored.version ?? 0;
        const othersVersion = guard !== undefined && storedVersion !== guard.baseVersion && !(guard.clientId !== undefined && stored.client === guard.clientId);
        if (othersVersion && JSON.stringify(stored.shapes) !== JSON.stringify(kept.shapes)) {
          const conflict = { conflict: { ...stored, version: storedVersion } };
          if (!(await onlyRelabeledSince(project.id, uuid, guard.baseVersion, storedVersion, sent, labels))) return conflict;
          const relabeledOver = await write({ ...guard, baseVersion: storedVersion });
          return relabeledOver === undefined ? conflict : { version: relabeledOver };
        }
        return { version: storedVersion };
      }, project.id),
    );
  };

  /**
   * A label renamed or merged away is stored as the name it became: the client read the labels
   * before that change, which relabelled only the shapes stored then (label-renames.ts). Read
   * in the save's transaction, under the project's lock a rename takes too, so none slips between.
   */
  const withCurrentLabels = async (projectId: string, annotation: ImageAnnotation, labels: readonly LabelRecord[]): Promise<ImageAnnotation> => {
    const current = new Set(labels.map((label) => label.name));
    if (annotation.shapes.every((shape) => !shape.label || current.has(shape.label))) return annotation;
    const colorOf = new Map(labels.map((label) => [label.name, label.color]));
    const shapes = followRenames(annotation.shapes, current, await repos.labels.renames(projectId));
    // The workspace's shapes take their colour from their label by the name sent, which had none:
    // classifai clients then drew the renamed label's shapes in no colour.
    return { ...annotation, shapes: shapes.map((shape) => (shape.color === null && shape.label ? { ...shape, color: colorOf.get(shape.label) ?? null } : shape)) };
  };

  /**
   * Every version after the state's base was a label rename or merge, and the state uses no
   * label that is gone: it is the tab's own state with the new names (the tab renamed the label
   * itself, or never used it), not an overwrite of someone's work. A state still carrying an old
   * name stays a conflict, so a late save from before the rename cannot bring that name back.
   */
  const onlyRelabeledSince = async (projectId: string, uuid: string, baseVersion: number, storedVersion: number, state: ImageAnnotation, labels: readonly LabelRecord[]) => {
    const gap = storedVersion - baseVersion;
    if (gap <= 0 || gap > MAX_RELABELS_SINCE_BASE) return false;
    const since = (await repos.annotations.changes(projectId, uuid, gap)).filter((change) => change.version > baseVersion);
    if (since.length !== gap || since.some((change) => change.source !== 'labels')) return false;
    const current = new Set(labels.map((label) => label.name));
    return state.shapes.every((shape) => !shape.label || current.has(shape.label));
  };

  const withImages = async (project: Project, uuids: readonly string[]) => {
    const annotations = await repos.annotations.getMany(project.id, uuids);
    const found: Array<{ image: ImageRecord; annotation: ImageAnnotation }> = [];
    for (const uuid of uuids) {
      const image = await repos.images.find(project.id, uuid);
      if (image) found.push({ image, annotation: annotations.get(uuid) ?? { shapes: [], placement: EMPTY_PLACEMENT } });
    }
    return found;
  };

  return {
    /** Replaces the image's shapes as a classifai client sent them (its canvas space): the last write wins, as classifai's clients expect. */
    async update(type: AnnotationType, name: string, uuid: string, annotation: ImageAnnotation): Promise<void> {
      await save(await projects.get(type, name), uuid, () => annotation, now(), 'classifai');
    },

    /**
     * The workspace's save: pixel shapes, stored so classifai clients show them in place too.
     * editedAt is when the editor made this state: an older state than the stored one is
     * superseded and left out, which is still a success for the caller. baseVersion is the
     * version the editor's state grew from: another stored version is answered as a conflict.
     */
    async saveEditorShapes(
      type: AnnotationType,
      name: string,
      uuid: string,
      shapes: readonly PixelEditorShape[],
      options: { editedAt?: number; baseVersion?: number; clientId?: string } = {},
    ): Promise<EditorSaveOutcome> {
      const project = await projects.get(type, name);
      const image = await findImage(project, uuid);
      // Never later than now: a browser clock running ahead must not make its state outrank
      // every update that follows (classifai clients' included) until that time comes.
      const editedAt = Math.min(options.editedAt ?? now(), now());
      const outcome = await save(project, uuid, (colorOf) => fromEditorShapes(shapes, image, colorOf), editedAt, 'workspace', options.baseVersion === undefined ? undefined : { baseVersion: options.baseVersion, clientId: options.clientId });
      if ('version' in outcome) return { saved: true, version: outcome.version };
      const [change] = await repos.annotations.changes(project.id, uuid, 1);
      return { saved: false, conflict: { version: outcome.conflict.version, shapes: toEditorShapes(outcome.conflict, image), change: change ?? null } };
    },

    /** Who changed an image's shapes, when and how: newest first. */
    async history(type: AnnotationType, name: string, uuid: string, limit = 20): Promise<AnnotationChange[]> {
      const project = await projects.get(type, name);
      await findImage(project, uuid);
      return repos.annotations.changes(project.id, uuid, limit);
    },

    /** Applies the saves waiting for their group now: before the storage closes. */
    flushSaves: writes.flush,

    /** Images with their shapes, in the order asked; unknown uuids are left out. */
    async withImages(type: AnnotationType, name: string, uuids: readonly string[]): Promise<Array<{ image: ImageRecord; annotation: ImageAnnotation }>> {
      return withImages(await projects.get(type, name), uuids);
    },

    /** The workspace's read: like withImages, with the shapes in image pixels. */
    async editorImages(type: AnnotationType, name: string, uuids: readonly string[]): Promise<EditorImage[]> {
      return (await withImages(await projects.get(type, name), uuids)).map(({ image, annotation }) => ({
        image,
        shapes: toEditorShapes(annotation, image),
        version: annotation.version ?? 0,
      }));
    },
  };
}

export type AnnotationService = ReturnType<typeof createAnnotationService>;
