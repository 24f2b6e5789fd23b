// Every action, declared once: its id, what it does in words, its default keys and its
// handler. The keyboard handler, toolbar tooltips, the `?` sheet, the settings panel and the
// README's shortcut table are all made from this list.
import type { HeldKey } from '../held-input';
import type { EditorStore } from '../model/editor-store';
import { polygonToBox } from '../model/shape-ops';
import { ALL_TOOLS, type ToolController } from '../model/tools';
import { POLYGON_CLOSE_RULE } from '../model/tools/polygon.tool';
import { asProjectShape } from '../model/tools/project-shapes';
import type { EditorShape, ProjectType } from '../model/types';
import { toggleIn } from '../model/visibility';

/** What the workspace around the editor does for actions. */
export interface WorkspaceCommands {
  next(): void;
  previous(): void;
  nextUnlabeled(): void;
  goTo(): void;
  fit(): void;
  actualSize(): void;
  help(): void;
  settings(): void;
  simplify(): void;
  propagate(): void;
  toggleKeepPrevious(): void;
  toggleAutoAdvance(): void;
  /** Says something about the polygon being drawn in the workspace's notice, while the drawing stays as it is. */
  tellDrawing(text: string): void;
  checkDataset(): void;
  /** Puts the open image on a side of the project's split (kept until the next split). */
  setSplit(side: 'train' | 'val' | 'test'): void;
  /** Asks for a new name for the open image's file. */
  renameImage(): void;
  /** The user may add, rename and delete the project's images (an admin; anyone on a local server). */
  mayChangeFiles: boolean;
  /** The user may change annotations, labels and an image's split side (an annotator or admin; anyone on a local server). */
  mayAnnotate: boolean;
}

export interface ActionContext {
  store: EditorStore;
  tools: ToolController;
  /**
   * Enter, Backspace, Escape and undo finish or correct what clicks draw: pressed while those
   * clicks wait for their image, they wait with them (true), instead of finding no drawing yet.
   */
  heldKeys: { holdKey(key: HeldKey): boolean };
  projectType: ProjectType;
  /** Label names in panel order: 1–9 pick from these. */
  labels: readonly string[];
  workspace: WorkspaceCommands;
}

export type ActionGroup = 'Tools' | 'Labels' | 'Edit' | 'Shapes' | 'Propagate' | 'Navigate' | 'Split' | 'View';

export interface EditorAction {
  id: string;
  title: string;
  group: ActionGroup;
  defaultKeys: readonly string[];
  /** False when the action means nothing in this project (a tool it does not offer). */
  available?(context: ActionContext): boolean;
  /** false: it found nothing to do (Enter with no polygon to close), so the key is left to the page. */
  run(context: ActionContext): boolean | void;
}

const selectedShapes = (store: EditorStore) => {
  const { shapes, selectedIds } = store.getState();
  return shapes.filter((shape) => selectedIds.includes(shape.id));
};

/** Replaces the selected shapes by convert's result, as one undo step. */
function convertSelected(store: EditorStore, convert: (shape: EditorShape) => EditorShape) {
  const { shapes, selectedIds } = store.getState();
  const next = shapes.map((shape) => (selectedIds.includes(shape.id) ? convert(shape) : shape));
  if (next.some((shape, index) => shape !== shapes[index])) store.commit(next, 'record');
}

const toolActions: EditorAction[] = ALL_TOOLS.map((tool) => ({
  id: `tool.${tool.id}`,
  title: `${tool.title}: ${tool.hint}`,
  group: 'Tools',
  defaultKeys: tool.defaultKeys,
  available: ({ tools }) => tools.offers(tool.id),
  run: ({ store }) => store.setTool(tool.id),
}));

const labelActions: EditorAction[] = Array.from({ length: 9 }, (_, index) => ({
  id: `label.${index + 1}`,
  title: `Pick label ${index + 1} for the next shape (relabels the shapes you picked)`,
  group: 'Labels',
  defaultKeys: [String(index + 1)],
  run: ({ store, labels }) => {
    const label = labels[index];
    if (label) store.setActiveLabel(label);
  },
}));

export const ACTIONS: readonly EditorAction[] = [
  ...toolActions,
  {
    id: 'tool.draw',
    title: "Draw with the project's own shape (box or polygon)",
    group: 'Tools',
    defaultKeys: [],
    run: ({ store, projectType }) => store.setTool(projectType === 'bndbox' ? 'box' : 'polygon'),
  },
  ...labelActions,
  { id: 'edit.undo', title: 'Undo (per image)', group: 'Edit', defaultKeys: ['Mod+z'], run: ({ store, heldKeys }) => void (heldKeys.holdKey('undo') || store.undo()) },
  { id: 'edit.redo', title: 'Redo', group: 'Edit', defaultKeys: ['Shift+Mod+z', 'Mod+y'], run: ({ store }) => store.redo() },
  {
    id: 'edit.delete',
    title: 'Delete the selected shapes or the picked vertex (while drawing: the last point)',
    group: 'Edit',
    defaultKeys: ['Delete', 'Backspace'],
    run: ({ tools, heldKeys }) => void (heldKeys.holdKey('back') || tools.deleteBackward()),
  },
  { id: 'edit.cancel', title: 'Cancel drawing or dragging, or clear the selection', group: 'Edit', defaultKeys: ['Escape'], run: ({ tools, heldKeys }) => void (heldKeys.holdKey('cancel') || tools.cancel()) },
  { id: 'edit.selectAll', title: 'Select every shape on the image', group: 'Edit', defaultKeys: ['Mod+a'], run: ({ store }) => store.selectAll() },
  { id: 'edit.copy', title: 'Copy the selected shapes', group: 'Edit', defaultKeys: ['Mod+c'], run: ({ store }) => store.copy() },
  { id: 'edit.paste', title: 'Paste shapes 10 px further', group: 'Edit', defaultKeys: ['Mod+v'], run: ({ store }) => store.paste() },
  { id: 'edit.pasteInPlace', title: 'Paste shapes where they were (on another image too)', group: 'Edit', defaultKeys: ['Shift+Mod+v'], run: ({ store }) => store.paste(true) },
  {
    id: 'polygon.close',
    title: 'Close the polygon being drawn',
    group: 'Shapes',
    defaultKeys: ['Enter'],
    run: ({ store, tools, heldKeys, workspace }) => {
      if (heldKeys.holdKey('complete') || tools.complete()) return true;
      // Too small or flat to close, the polygon stays open: Enter did nothing, without a word.
      const { draft } = store.getState();
      if (draft?.kind !== 'polygon' || draft.points.length === 0) return false;
      workspace.tellDrawing(POLYGON_CLOSE_RULE);
      return true;
    },
  },
  { id: 'shape.simplify', title: 'Simplify the selected polygon (preview, then apply)', group: 'Shapes', defaultKeys: ['Shift+s'], run: ({ workspace }) => workspace.simplify() },
  {
    id: 'shape.toBox',
    title: 'Convert the selected polygons to their bounding boxes',
    group: 'Shapes',
    defaultKeys: ['Shift+b'],
    run: ({ store, projectType }) => convertSelected(store, (shape) => (shape.kind === 'polygon' ? asProjectShape(polygonToBox(shape), projectType) : shape)),
  },
  { id: 'propagate.copyToImages', title: 'Copy the selected (or all) shapes to the next images or a range', group: 'Propagate', defaultKeys: ['c'], run: ({ workspace }) => workspace.propagate() },
  { id: 'propagate.keepPrevious', title: "Keep previous: start each empty image with the previous image's shapes (on/off)", group: 'Propagate', defaultKeys: ['k'], run: ({ workspace }) => workspace.toggleKeepPrevious() },
  { id: 'image.next', title: 'Next image', group: 'Navigate', defaultKeys: ['d', 'ArrowRight'], run: ({ workspace }) => workspace.next() },
  { id: 'image.previous', title: 'Previous image', group: 'Navigate', defaultKeys: ['a', 'ArrowLeft'], run: ({ workspace }) => workspace.previous() },
  { id: 'image.nextUnlabeled', title: 'Next image without shapes', group: 'Navigate', defaultKeys: ['u'], run: ({ workspace }) => workspace.nextUnlabeled() },
  { id: 'image.goTo', title: 'Go to an image by number or file name', group: 'Navigate', defaultKeys: ['g'], run: ({ workspace }) => workspace.goTo() },
  {
    id: 'image.rename',
    title: 'Rename the image file',
    group: 'Navigate',
    defaultKeys: ['F2'],
    available: ({ workspace }) => workspace.mayChangeFiles,
    run: ({ workspace }) => workspace.renameImage(),
  },
  { id: 'workflow.autoAdvance', title: 'Auto-advance: next image once a shape is labelled (on/off)', group: 'Navigate', defaultKeys: ['Shift+a'], run: ({ workspace }) => workspace.toggleAutoAdvance() },
  // Shifted letters: Alt+1-8 switch browser tabs on Linux and never reach the page.
  { id: 'split.train', title: 'Put the image in the train split', group: 'Split', defaultKeys: ['Shift+t'], available: ({ workspace }) => workspace.mayAnnotate, run: ({ workspace }) => workspace.setSplit('train') },
  { id: 'split.val', title: 'Put the image in the val split', group: 'Split', defaultKeys: ['Shift+v'], available: ({ workspace }) => workspace.mayAnnotate, run: ({ workspace }) => workspace.setSplit('val') },
  { id: 'split.test', title: 'Put the image in the test split', group: 'Split', defaultKeys: ['Shift+e'], available: ({ workspace }) => workspace.mayAnnotate, run: ({ workspace }) => workspace.setSplit('test') },
  { id: 'view.fit', title: 'Fit the image to the view', group: 'View', defaultKeys: ['f'], run: ({ workspace }) => workspace.fit() },
  { id: 'view.actualSize', title: 'Actual size (100%)', group: 'View', defaultKeys: ['0'], run: ({ workspace }) => workspace.actualSize() },
  {
    id: 'view.hideSelected',
    title: 'Hide the selected shapes',
    group: 'View',
    defaultKeys: ['h'],
    run: ({ store }) => {
      const { visibility, selectedIds } = store.getState();
      store.setVisibility({ ...visibility, hiddenShapes: [...new Set([...visibility.hiddenShapes, ...selectedIds])] });
    },
  },
  {
    id: 'view.lockSelected',
    title: 'Lock the selected shapes (visible, not editable)',
    group: 'View',
    defaultKeys: ['l'],
    run: ({ store }) => {
      const { visibility } = store.getState();
      const ids = selectedShapes(store).map((shape) => shape.id);
      store.setVisibility({ ...visibility, lockedShapes: ids.reduce(toggleIn, [...visibility.lockedShapes]) });
    },
  },
  {
    id: 'view.showAll',
    title: 'Show and unlock every shape and label',
    group: 'View',
    defaultKeys: ['Shift+h'],
    run: ({ store }) => store.setVisibility({ hiddenLabels: [], lockedLabels: [], hiddenShapes: [], lockedShapes: [] }),
  },
  { id: 'view.checkDataset', title: 'Check dataset: what an export would find, with safe fixes', group: 'View', defaultKeys: ['Shift+c'], run: ({ workspace }) => workspace.checkDataset() },
  { id: 'view.settings', title: 'Keyboard and workflow settings', group: 'View', defaultKeys: ['Mod+,'], run: ({ workspace }) => workspace.settings() },
  { id: 'view.help', title: 'Show every shortcut', group: 'View', defaultKeys: ['?'], run: ({ workspace }) => workspace.help() },
];

export const DEFAULT_KEYS: Readonly<Record<string, readonly string[]>> = Object.fromEntries(ACTIONS.map((action) => [action.id, action.defaultKeys]));

export const actionById = (id: string) => ACTIONS.find((action) => action.id === id);

/** Mouse gestures: not remappable, listed in the sheet beside the keys. */
export const POINTER_GESTURES: ReadonlyArray<{ input: string; title: string }> = [
  { input: 'Wheel', title: 'Zoom around the cursor' },
  { input: 'Space+drag / middle button', title: 'Pan' },
  { input: 'Shift+click', title: 'Add a shape to the selection, or take it out (select tool)' },
  { input: 'Drag on empty canvas', title: 'Marquee: select the shapes wholly inside (select tool)' },
  { input: 'Drag a ghost midpoint', title: "Insert a vertex on the picked polygon's edge" },
  { input: 'Double click', title: "Add a vertex on the picked polygon's edge" },
  { input: 'Alt+click a vertex', title: 'Remove that vertex (a polygon keeps at least 3)' },
];
