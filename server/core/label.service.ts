// A project's label list. Each change is its own operation in one transaction, made against
// the list as stored at that moment: two clients (or two quick adds in one tab) never
// overwrite each other the way a whole-list save from a stale copy would.
import { checkClassNumbers, checkNumbersFree, takeImportedNumbers, type DeclaredClassNumbers, type ImportedClass, type ImportedNumberNotes } from './class-table';
import { alreadyExists, inUse, invalidInput, notFound } from './errors';
import { assignLabelColors } from './label-colors';
import type { ProjectService } from './project.service';
import type { ClassNumbers, ClassRecord, LabelRecord, LabelUsage, Repositories } from './repositories';
import { createSerialPerKey } from './serial-per-key';
import type { AnnotationType, Shape } from './types';
import { storeAnnotationChange } from './annotation-changes';
import { renamedLabel } from './label-renames';

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

/** The COCO category id or YOLO index an imported dataset gave a class, by class name. */
export type DeclaredNumbers = ReadonlyMap<string, DeclaredClassNumbers>;

/** What an import does to the label list; its preview shows it, importLabels does it. */
export interface LabelImportPlan extends ImportedNumberNotes {
  /** The labels not yet in the list, in the order they are appended, with their numbers. */
  added: ImportedClass[];
  /** The numbers labels already in the list take. */
  numbered: Array<{ name: string; numbers: Partial<Pick<ClassNumbers, 'cocoId' | 'yoloIndex'>> }>;
}

/** The names not yet in the table, each once, in their order; a name no label can have is left out. */
function freshNames(table: readonly LabelRecord[], names: Iterable<string>): string[] {
  const known = new Set(table.map((label) => label.name));
  const fresh: string[] = [];
  // Kept exactly as the shapes spell it (spaces too), or the shapes would not find it.
  for (const name of names) {
    if (name.trim() === '' || name.length > MAX_LABEL_LENGTH || CONTROL_CHARACTERS.test(name) || known.has(name)) continue;
    known.add(name);
    fresh.push(name);
  }
  return fresh;
}

/**
 * The labels an import adds and the numbers it gives, in the order of `names` (the declared
 * classes first): a label, new or already listed, takes the COCO id or YOLO index the dataset
 * declared for it when it has none of that kind and no label has that number yet (see
 * takeImportedNumbers); a label keeps the number it has. So a project made from a label file
 * (labels without numbers) exports the dataset's own ids again.
 */
export function planLabelImport(table: readonly ClassRecord[], names: Iterable<string>, declared?: DeclaredNumbers): LabelImportPlan {
  const list = [...names];
  const fresh = new Set(freshNames(table, list));
  const holders: ImportedClass[] = table.map(({ name, cocoId, yoloIndex }) => ({ name, cocoId, yoloIndex }));
  const listed = new Map(holders.map((entry) => [entry.name, entry]));
  const plan: LabelImportPlan = { added: [], numbered: [], set: [], warnings: [] };
  const seen = new Set<string>();
  for (const name of list) {
    if (seen.has(name)) continue;
    seen.add(name);
    if (fresh.has(name)) {
      const entry: ImportedClass = { name, cocoId: null, yoloIndex: null };
      holders.push(entry);
      takeImportedNumbers(holders, entry, declared?.get(name), { warnings: plan.warnings });
      plan.added.push(entry);
      continue;
    }
    const entry = listed.get(name);
    if (!entry) continue;
    const numbers = takeImportedNumbers(holders, entry, declared?.get(name), plan);
    if (Object.keys(numbers).length > 0) plan.numbered.push({ name, numbers });
  }
  return plan;
}

/**
 * Does planLabelImport's plan on the list as stored now: appends the new labels, each with a
 * palette color no label has, and sets the numbers listed labels take (their colors, class ids
 * and other numbers stay). Runs inside the caller's transaction, so imported shapes and their
 * labels land together.
 */
export async function importLabels(repos: Repositories, projectId: string, names: Iterable<string>, declared?: DeclaredNumbers): Promise<LabelImportPlan> {
  const existing = await repos.labels.table(projectId);
  const plan = planLabelImport(existing, names, declared);
  for (const { name, numbers } of plan.numbered) await repos.labels.setNumbers(projectId, name, numbers);
  if (plan.added.length === 0) return plan;
  const colored = assignLabelColors([...existing.map((label) => label.name), ...plan.added.map((label) => label.name)], existing);
  for (const [index, label] of colored.slice(existing.length).entries()) {
    const numbers = plan.added[index];
    await repos.labels.append(projectId, { ...label, cocoId: numbers?.cocoId ?? null, yoloIndex: numbers?.yoloIndex ?? null });
  }
  return plan;
}

/** importLabels, answering the names it added. */
export async function addMissingLabels(repos: Repositories, projectId: string, names: Iterable<string>, declared?: DeclaredNumbers): Promise<string[]> {
  return (await importLabels(repos, projectId, names, declared)).added.map((label) => label.name);
}

/** Labels of the shapes in the order they are met; unlabeled shapes give none. */
export function shapeLabels(shapeLists: Iterable<readonly Shape[]>): string[] {
  const seen = new Set<string>();
  for (const shapes of shapeLists) for (const shape of shapes) if (shape.label) seen.add(shape.label);
  return [...seen];
}

export function createLabelService(deps: { repos: Repositories; projects: ProjectService; now: () => number }) {
  const { repos, projects, now } = deps;
  const idOf = async (type: AnnotationType, name: string) => (await projects.get(type, name)).id;
  const labelIn = (table: readonly LabelRecord[], label: string) => table.some((entry) => entry.name === label);
  // A project's changes land in the order they arrived, on either store (see serial-per-key.ts).
  const serial = createSerialPerKey();
  const inArrivalOrder =
    <Args extends [AnnotationType, string, ...unknown[]], Result>(change: (...args: Args) => Promise<Result>) =>
    (...args: Args): Promise<Result> =>
      serial.run(`${args[0]}/${args[1]}`, () => change(...args));

  /**
   * Every shape of the project labelled `from` becomes `to`; inside the caller's transaction.
   * Shapes saved later with `from` follow the recorded change (annotation.service.ts). Under the
   * project's lock, as saves are: on PostgreSQL a save that read the labels before this commits
   * first, and is relabelled here.
   */
  const relabelShapes = async (projectId: string, from: string, to: string, at: number) => {
    await repos.lockProjects([projectId]);
    await repos.labels.recordRename(projectId, { from, to, at });
    const annotations = await repos.annotations.withLabel(projectId, from);
    for (const [uuid, annotation] of annotations) {
      const shapes = annotation.shapes.map((shape) => (shape.label === from ? { ...shape, label: to } : shape));
      // Stamped now: a late save of a state from before the change must not bring the old name back.
      await storeAnnotationChange(repos, { projectId, uuid, annotation: { ...annotation, shapes }, editedAt: at, source: 'labels', at });
    }
  };

  const service = {
    async list(type: AnnotationType, name: string): Promise<LabelRecord[]> {
      return repos.labels.list(await idOf(type, name));
    },

    /** Adding a label that exists already changes nothing (a retried add is harmless). */
    async add(type: AnnotationType, name: string, label: string, color?: string): Promise<LabelRecord[]> {
      const projectId = await idOf(type, name);
      const checked = checkLabelName(label);
      const requested = color === undefined || color === '' ? undefined : checkLabelColor(color);
      return repos.inTransaction(async () => {
        const existing = await repos.labels.list(projectId);
        if (!existing.some((entry) => entry.name === checked)) {
          const colors = requested ? new Map([[checked, requested]]) : undefined;
          const added = assignLabelColors([...existing.map((entry) => entry.name), checked], existing, colors).at(-1);
          if (added) await repos.labels.append(projectId, added);
        }
        return repos.labels.list(projectId);
      });
    },

    /** Renames the label in the list and on every shape of the project (missing images too). */
    async rename(type: AnnotationType, name: string, from: string, to: string): Promise<LabelRecord[]> {
      const projectId = await idOf(type, name);
      const target = checkLabelName(to);
      const renamedAt = now();
      return repos.inTransaction(async () => {
        const existing = await repos.labels.list(projectId);
        if (!existing.some((entry) => entry.name === from)) throw notFound(`There is no label ${from}`);
        if (target === from) return existing;
        if (existing.some((entry) => entry.name === target)) throw alreadyExists(`The label ${target} exists already`);
        // The row keeps its class id, hotkey, COCO id and YOLO index: only the name changes.
        await repos.labels.rename(projectId, from, target);
        await relabelShapes(projectId, from, target, renamedAt);
        return repos.labels.list(projectId);
      });
    },

    async recolor(type: AnnotationType, name: string, label: string, color: string): Promise<LabelRecord[]> {
      const projectId = await idOf(type, name);
      const checked = checkLabelColor(color);
      return repos.inTransaction(async () => {
        if ((await repos.labels.recolor(projectId, label, checked)) === 0) throw notFound(`There is no label ${label}`);
        return repos.labels.list(projectId);
      });
    },

    /**
     * Takes the label off the list. A label that shapes use goes only with `confirm`: the
     * refusal names how many shapes and images use it, for the question to the user. The
     * shapes keep their label (nothing drawn is lost, the statistics still count it, exports
     * write it after the table's classes) and are drawn in the default color until it is
     * added again. Removing a label that is not there changes nothing.
     */
    async remove(type: AnnotationType, name: string, label: string, options: { confirm?: boolean } = {}): Promise<LabelRecord[]> {
      const projectId = await idOf(type, name);
      return repos.inTransaction(async () => {
        if (!options.confirm && labelIn(await repos.labels.list(projectId), label)) {
          const used = await repos.annotations.labelUsage(projectId, label);
          if (used.shapes > 0) throw inUse(`${describeUsage(used)} use ${label}; remove it with confirm to go ahead`);
        }
        await repos.labels.remove(projectId, label);
        return repos.labels.list(projectId);
      });
    },

    /** The class table in panel order: names, colors, class ids, hotkeys, COCO ids, YOLO indexes. */
    async classes(type: AnnotationType, name: string): Promise<ClassRecord[]> {
      return repos.labels.table(await idOf(type, name));
    },

    /** How many shapes (and images) use the label, on every stored image of the project. */
    async usage(type: AnnotationType, name: string, label: string): Promise<LabelUsage> {
      return repos.annotations.labelUsage(await idOf(type, name), label);
    },

    /** Sets or clears (null) a label's hotkey, COCO id and YOLO index; each is unique per project. */
    async update(type: AnnotationType, name: string, label: string, changes: Partial<ClassNumbers>): Promise<ClassRecord[]> {
      const projectId = await idOf(type, name);
      const checked = checkClassNumbers(changes);
      return repos.inTransaction(async () => {
        const table = await repos.labels.table(projectId);
        if (!labelIn(table, label)) throw notFound(`There is no label ${label}`);
        checkNumbersFree(table, label, checked);
        await repos.labels.setNumbers(projectId, label, checked);
        return repos.labels.table(projectId);
      });
    },

    /**
     * Every shape labelled `from` becomes `into` and `from` leaves the table, in one
     * transaction; `into` keeps its class id and numbers.
     */
    async merge(type: AnnotationType, name: string, from: string, into: string): Promise<ClassRecord[]> {
      const projectId = await idOf(type, name);
      const mergedAt = now();
      return repos.inTransaction(async () => {
        const table = await repos.labels.table(projectId);
        if (!labelIn(table, from)) throw notFound(`There is no label ${from}`);
        if (!labelIn(table, into)) throw notFound(`There is no label ${into} to merge ${from} into`);
        if (from === into) throw invalidInput(`A label cannot be merged into itself (${from})`);
        await relabelShapes(projectId, from, into, mergedAt);
        await repos.labels.remove(projectId, from);
        return repos.labels.table(projectId);
      });
    },

    /**
     * classifai's newlabels: the whole list replaced as sent; labels that stay keep their color.
     * The client sends the list it read: a name renamed away since, whose new name it does not
     * send, is the new name, or the list would undo the rename and leave the relabelled shapes
     * with a label the project no longer has. One whose new name is sent too is added again.
     */
    async replace(type: AnnotationType, name: string, labels: readonly string[]): Promise<void> {
      const projectId = await idOf(type, name);
      await repos.inTransaction(async () => {
        const existing = await repos.labels.list(projectId);
        const current = new Set(existing.map((label) => label.name));
        const sent = new Set(labels);
        const renames = labels.some((label) => !current.has(label)) ? await repos.labels.renames(projectId) : [];
        const followed: string[] = [];
        for (const label of labels) {
          const to = renamedLabel(label, current, renames);
          // Two names renamed into one (a rename, then a merge) are that one once.
          if (to === undefined || sent.has(to)) followed.push(label);
          else if (!followed.includes(to)) followed.push(to);
        }
        await repos.labels.replace(projectId, assignLabelColors(followed, existing));
      });
    },
  };

  return {
    ...service,
    add: inArrivalOrder(service.add),
    rename: inArrivalOrder(service.rename),
    recolor: inArrivalOrder(service.recolor),
    remove: inArrivalOrder(service.remove),
    update: inArrivalOrder(service.update),
    merge: inArrivalOrder(service.merge),
    replace: inArrivalOrder(service.replace),
  };
}

export type LabelService = ReturnType<typeof createLabelService>;

/** "12 shapes on 5 images", as the question before a removal says it. */
export function describeUsage(used: LabelUsage): string {
  const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return `${count(used.shapes, 'shape')} on ${count(used.images, 'image')}`;
}
