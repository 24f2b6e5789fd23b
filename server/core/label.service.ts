// A project's label list. Each change is its own operation in one transaction, made against
// the list as stored at that moment: two clients (or two quick adds in one tab) never
// overwrite each other the way a whole-list save from a stale copy would.
import { alreadyExists, invalidInput, notFound } from './errors';
import { assignLabelColors } from './label-colors';
import type { ProjectService } from './project.service';
import type { LabelRecord, Repositories } from './repositories';
import type { AnnotationType, Shape } from './types';

const MAX_LABEL_LENGTH = 1024;
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
// What the workspace's color input and classifai's rgba text produce; drawn as a CSS color.
const COLOR = /^(#[0-9a-f]{6}|rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+|1\.0+)\s*)?\))$/i;

export function checkLabelName(label: string): string {
  const trimmed = label.trim();
  if (trimmed === '') throw invalidInput('A label must not be empty');
  if (trimmed.length > MAX_LABEL_LENGTH) throw invalidInput(`A label must be at most ${MAX_LABEL_LENGTH} characters`);
  if (CONTROL_CHARACTERS.test(trimmed)) throw invalidInput('A label must be one line without control characters');
  return trimmed;
}

function checkLabelColor(color: string): string {
  if (!COLOR.test(color)) throw invalidInput(`Not a color: ${color} (use #rrggbb or rgba(r,g,b,a))`);
  return color;
}

/**
 * Appends the labels not yet in the project's list, each with a palette color no label has;
 * existing labels keep theirs. Runs inside the caller's transaction, so imported shapes and
 * their labels land together.
 */
export function addMissingLabels(repos: Repositories, projectId: string, names: Iterable<string>): void {
  const existing = repos.labels.list(projectId);
  const known = new Set(existing.map((label) => label.name));
  const fresh: string[] = [];
  // Kept exactly as the shapes spell it (spaces too), or the shapes would not find it.
  for (const name of names) {
    if (name.trim() === '' || name.length > MAX_LABEL_LENGTH || CONTROL_CHARACTERS.test(name) || known.has(name)) continue;
    known.add(name);
    fresh.push(name);
  }
  if (fresh.length === 0) return;
  const colored = assignLabelColors([...existing.map((label) => label.name), ...fresh], existing);
  for (const label of colored.slice(existing.length)) repos.labels.append(projectId, label);
}

/** Labels of the shapes in the order they are met; unlabeled shapes give none. */
export function shapeLabels(shapeLists: Iterable<readonly Shape[]>): string[] {
  const seen = new Set<string>();
  for (const shapes of shapeLists) for (const shape of shapes) if (shape.label) seen.add(shape.label);
  return [...seen];
}

export function createLabelService(deps: { repos: Repositories; projects: ProjectService; now: () => number }) {
  const { repos, projects, now } = deps;
  const idOf = (type: AnnotationType, name: string) => projects.get(type, name).id;

  return {
    list(type: AnnotationType, name: string): LabelRecord[] {
      return repos.labels.list(idOf(type, name));
    },

    /** Adding a label that exists already changes nothing (a retried add is harmless). */
    add(type: AnnotationType, name: string, label: string, color?: string): LabelRecord[] {
      const projectId = idOf(type, name);
      const checked = checkLabelName(label);
      const requested = color === undefined || color === '' ? undefined : checkLabelColor(color);
      return repos.inTransaction(() => {
        const existing = repos.labels.list(projectId);
        if (!existing.some((entry) => entry.name === checked)) {
          const colors = requested ? new Map([[checked, requested]]) : undefined;
          const added = assignLabelColors([...existing.map((entry) => entry.name), checked], existing, colors).at(-1);
          if (added) repos.labels.append(projectId, added);
        }
        return repos.labels.list(projectId);
      });
    },

    /** Renames the label in the list and on every shape of the project (missing images too). */
    rename(type: AnnotationType, name: string, from: string, to: string): LabelRecord[] {
      const projectId = idOf(type, name);
      const target = checkLabelName(to);
      const renamedAt = now();
      return repos.inTransaction(() => {
        const existing = repos.labels.list(projectId);
        if (!existing.some((entry) => entry.name === from)) throw notFound(`There is no label ${from}`);
        if (target === from) return existing;
        if (existing.some((entry) => entry.name === target)) throw alreadyExists(`The label ${target} exists already`);
        repos.labels.rename(projectId, from, target);
        const annotations = repos.annotations.withLabel(projectId, from);
        for (const [uuid, annotation] of annotations) {
          const shapes = annotation.shapes.map((shape) => (shape.label === from ? { ...shape, label: target } : shape));
          // Stamped now: a late save of a state from before the rename must not bring the old name back.
          repos.annotations.save(projectId, uuid, { ...annotation, shapes }, renamedAt);
        }
        if (annotations.size > 0) repos.projects.touchModified(projectId, renamedAt);
        return repos.labels.list(projectId);
      });
    },

    recolor(type: AnnotationType, name: string, label: string, color: string): LabelRecord[] {
      const projectId = idOf(type, name);
      const checked = checkLabelColor(color);
      return repos.inTransaction(() => {
        if (repos.labels.recolor(projectId, label, checked) === 0) throw notFound(`There is no label ${label}`);
        return repos.labels.list(projectId);
      });
    },

    /**
     * Takes the label off the list. Shapes that use it keep it (nothing drawn is lost, the
     * statistics still count it) and are drawn in the default color until it is added again.
     * Removing a label that is not there changes nothing.
     */
    remove(type: AnnotationType, name: string, label: string): LabelRecord[] {
      const projectId = idOf(type, name);
      return repos.inTransaction(() => {
        repos.labels.remove(projectId, label);
        return repos.labels.list(projectId);
      });
    },

    /** classifai's newlabels: the whole list replaced as sent; labels that stay keep their color. */
    replace(type: AnnotationType, name: string, labels: readonly string[]): void {
      const projectId = idOf(type, name);
      repos.inTransaction(() => repos.labels.replace(projectId, assignLabelColors(labels, repos.labels.list(projectId))));
    },
  };
}

export type LabelService = ReturnType<typeof createLabelService>;
