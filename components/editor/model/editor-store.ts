// One editor instance: the current image's shapes (document) and the UI state around them
// (tool, selection, drafts, visibility). React reads it with useSyncExternalStore; autosave
// listens to document changes made by the user or by undo/redo, never to loads.
import { createHistory, type HistoryMode } from './history';
import { followVertex, removeVertex } from './geometry';
import { copiesFor, relabelShapes, sameOutline, shapeBounds, translate } from './shape-ops';
import { emptyVisibility, isEditable, relabelVisibility, toggleIn, type Visibility } from './visibility';
import type { OutlineHint } from './tools/tool';
import type { EditorShape, ImageSize, Point, Tool } from './types';

export type Draft =
  | { kind: 'box'; start: Point; current: Point }
  | { kind: 'polygon'; points: Point[]; hover: Point | null }
  | { kind: 'marquee'; start: Point; current: Point }
  | {
      kind: 'smart';
      /** The box being dragged, before it is let go. */
      drag: { start: Point; current: Point } | null;
      box: { x: number; y: number; w: number; h: number } | null;
      hints: OutlineHint[];
      /** The outline found so far (shown until a new one arrives). */
      outline: Point[] | null;
      working: boolean;
    }
  | null;

export interface EditorState {
  imageId: string | null;
  size: ImageSize;
  shapes: EditorShape[];
  selectedIds: readonly string[];
  /** The selected shape when exactly one is: only then are its handles and vertices live. */
  selectedId: string | null;
  /** A vertex of the one selected polygon, picked by pressing it: Delete removes it. */
  selectedVertex: number | null;
  /**
   * 'user' when the user picked the shapes (click, marquee, select tool), 'created' when
   * they are selected only because they were just drawn or pasted: a number key then picks
   * the next shape's label instead of relabelling them.
   */
  selectionOrigin: 'user' | 'created' | null;
  tool: Tool;
  activeLabel: string;
  draft: Draft;
  /** A finished shape waiting for the user to name its label: nothing unnamed is saved. */
  pendingLabel: EditorShape | null;
  /** Shapes shown over the document before the user applies them (simplify's preview). */
  preview: EditorShape[] | null;
  visibility: Visibility;
  canUndo: boolean;
  canRedo: boolean;
  /** A viewer's workspace: nothing can be changed. */
  readOnly: boolean;
  /**
   * The editor left this image for one still on its way: nothing is changed until that one is
   * loaded, or a key pressed meanwhile (paste, undo, delete) would edit an image out of view.
   */
  between: boolean;
}

export type DocumentListener = (imageId: string, shapes: EditorShape[]) => void;

/** Why what would change annotations is not offered in a read-only editor (the title of what stays in sight, disabled). */
export const READ_ONLY_REASON = 'A viewer sees the annotations but cannot change them';

export function createEditorStore(options: { newId?: () => string } = {}) {
  let counter = 0;
  const newId = options.newId ?? (() => `${Date.now().toString(36)}-${(counter++).toString(36)}`);
  const history = createHistory();
  const listeners = new Set<() => void>();
  const documentListeners = new Set<DocumentListener>();
  const labelledListeners = new Set<(shape: EditorShape) => void>();
  // What was copied, where it was; and where the last paste put it, so that the next paste
  // lands 10 px further while a paste in place still puts it where it was copied from.
  let clipboard: EditorShape[] = [];
  let lastPasted: EditorShape[] | null = null;
  // The points undo took back from the polygon being drawn, for redo to put back; a click on
  // (any other change of its points) ends them, as a new edit ends the history's redo.
  let takenBack: Point[] = [];
  let state: EditorState = {
    imageId: null,
    size: { width: 1, height: 1 },
    shapes: [],
    selectedIds: [],
    selectedId: null,
    selectedVertex: null,
    selectionOrigin: null,
    tool: 'select',
    activeLabel: '',
    draft: null,
    pendingLabel: null,
    preview: null,
    visibility: emptyVisibility(),
    canUndo: false,
    canRedo: false,
    readOnly: false,
    between: false,
  };

  const emit = () => listeners.forEach((listener) => listener());
  const set = (patch: Partial<EditorState>) => {
    const before = state;
    state = { ...state, ...patch };
    // Ids of shapes that no longer exist (undo, delete) drop out of the selection, and so do
    // shapes that cannot be edited: one drawn, pasted or relabelled into a hidden or locked
    // label, or hidden since, would take Delete, a label key or a nudge while out of sight.
    const ids = state.selectedIds.filter((id) => isEditable(state.shapes.find((shape) => shape.id === id), state.visibility));
    const selectedId = ids.length === 1 ? (ids[0] as string) : null;
    const vertex = selectedId && selectedId === state.selectedId ? ('selectedVertex' in patch ? state.selectedVertex : vertexAfter(before, state)) : null;
    state = { ...state, selectedIds: ids.length === state.selectedIds.length ? state.selectedIds : ids, selectedId, selectedVertex: vertex };
    if (state.selectedIds.length === 0) state = { ...state, selectionOrigin: null };
    if (state.imageId) state = { ...state, canUndo: history.canUndo(state.imageId), canRedo: history.canRedo(state.imageId) };
    emit();
  };
  // The last shapes each image had in this editor (loaded or edited): a load of equal shapes is
  // its own state coming back (a save's round trip), not a replacement of it.
  const held = new Map<string, EditorShape[]>();
  // The states this editor made of each image (edits, undo, redo, answers committed to it): one
  // loaded back is its own even after a newer edit (a save's answer written to the cache while
  // the user went on drawing), and keeps the history it was recorded in.
  let made = new WeakMap<EditorShape[], string>();
  // Images the user changed in this session, kept when their undo history is dropped (an
  // import): one emptied on purpose must stay empty, not take "keep previous" copies.
  const edited = new Set<string>();
  const documentChanged = (imageId = state.imageId, shapes = state.shapes) => {
    if (!imageId) return;
    held.set(imageId, shapes);
    made.set(shapes, imageId);
    edited.add(imageId);
    documentListeners.forEach((listener) => listener(imageId, shapes));
  };
  // A shape drawn or pasted with a hidden label shows that label again: hidden, it vanished as
  // it was made, and the user could neither see nor pick what she had just drawn.
  const showingCreated = (shapes: readonly EditorShape[], created: readonly string[]): Visibility => {
    const { visibility } = state;
    const labels = new Set(shapes.filter((shape) => created.includes(shape.id)).map((shape) => shape.label));
    const hiddenLabels = visibility.hiddenLabels.filter((label) => !labels.has(label));
    return hiddenLabels.length === visibility.hiddenLabels.length ? visibility : { ...visibility, hiddenLabels };
  };
  const selectedShapes = () => state.shapes.filter((shape) => state.selectedIds.includes(shape.id));
  const relabelled = (shape: EditorShape) => labelledListeners.forEach((listener) => listener(shape));

  const store = {
    newId,
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onDocumentChange(listener: DocumentListener) {
      documentListeners.add(listener);
      return () => documentListeners.delete(listener);
    },
    /** A new shape got its label (drawn with one, or named in the prompt). */
    onShapeLabelled(listener: (shape: EditorShape) => void) {
      labelledListeners.add(listener);
      return () => labelledListeners.delete(listener);
    },

    /**
     * Shows an image's shapes as loaded (the query cache's copy, or the server's): not an edit,
     * nothing is saved. Shapes that are neither a state this editor made of the image nor equal
     * to the ones it holds (its own save read back) did not come from it: an import, another
     * client's save, input applied without it. Its history did not grow from them: an undo must
     * not step back over them and save the older state over theirs.
     */
    load(imageId: string, size: ImageSize, shapes: EditorShape[]) {
      const sameImage = imageId === state.imageId;
      const madeOfIt = made.get(shapes) === imageId;
      // An earlier state this editor made of the image it shows: a save's answer wrote it to the
      // cache just before the user's next edit, and the cache's news came after that edit. The
      // newer state stays; shown, the older one would be what the next edit grows from and saves.
      if (sameImage && !state.between && shapes !== state.shapes && madeOfIt) return;
      const holding = sameImage ? state.shapes : held.get(imageId);
      const own = madeOfIt || (holding !== undefined && sameShapes(holding, shapes));
      if (!own) history.forget(imageId);
      held.set(imageId, shapes);
      // A drag cut short by the switch: the image left keeps it as one finished undo step.
      if (!sameImage && state.imageId) history.endGesture(state.imageId);
      // The image in view read again (an import, a save from elsewhere) as it is drawn on: the
      // polygon being drawn and the shape waiting for its label are the user's, not the image's.
      const staying = sameImage && size.width === state.size.width && size.height === state.size.height;
      const drawing = staying ? { draft: state.draft, pendingLabel: state.pendingLabel } : { draft: null, pendingLabel: null };
      set({ imageId, size, shapes, ...drawing, preview: null, between: false, ...(sameImage ? {} : { selectedIds: [], selectionOrigin: null }) });
    },
    /** The editor moved: to an image not loaded yet (waiting, see between), or to the one it holds. */
    awaitImage(waiting: boolean) {
      const between = waiting && state.imageId !== null;
      if (between !== state.between) set(between ? { between, draft: null } : { between });
    },

    /**
     * A user edit: the next document, and what history does with the one before. Passing
     * selectedIds marks them as created shapes (drawn or pasted); omitting it keeps the selection.
     */
    commit(shapes: EditorShape[], mode: HistoryMode, selectedIds?: readonly string[]) {
      if (!state.imageId || state.readOnly || state.between) return;
      history.push(state.imageId, state.shapes, mode);
      if (selectedIds === undefined) set({ shapes, preview: null });
      else set({ shapes, preview: null, selectedIds, selectionOrigin: selectedIds.length > 0 ? 'created' : null, visibility: showingCreated(shapes, selectedIds) });
      documentChanged();
    },
    /**
     * An edit of another image (propagation, a conflict answered elsewhere): one undo step there,
     * saved like any edit. The image being left for one still loading (between) counts as
     * another: commit refuses it, and the edit would be lost or left out of its history.
     */
    commitTo(imageId: string, before: EditorShape[], after: EditorShape[]) {
      if (state.readOnly) return;
      if (imageId === state.imageId && !state.between) {
        store.commit(after, 'record');
        return;
      }
      history.push(imageId, before, 'record');
      // The image being left is still the editor's: its shapes are the edit's, or the next
      // save, leave or re-check of it would take the state before the edit for its own.
      if (imageId === state.imageId) set({ shapes: after });
      documentChanged(imageId, after);
    },
    /** A drawn shape: added and selected, or held until the user names a label for it. */
    addShape(shape: EditorShape) {
      if (state.readOnly) return;
      if (!shape.label) {
        set({ pendingLabel: shape });
        return;
      }
      store.commit([...state.shapes, shape], 'record', [shape.id]);
      relabelled(shape);
    },
    /** The answer to "which label?": the held shape is added with it, or dropped (null). */
    resolvePendingLabel(label: string | null) {
      const shape = state.pendingLabel;
      if (!shape) return;
      set({ pendingLabel: null });
      const name = label?.trim();
      if (!name) return;
      set({ activeLabel: name });
      const named = { ...shape, label: name };
      store.commit([...state.shapes, named], 'record', [shape.id]);
      relabelled(named);
    },
    /** Whether the user changed this image in this session (an undo history dropped since included). */
    hasEdits: (imageId: string) => edited.has(imageId),
    /**
     * An import replaced shapes on the server, of any image: no undo may step back over them,
     * even on an image whose new shapes are not loaded yet (its cached copy shows until then).
     */
    forgetHistory() {
      history.forgetAll();
      held.clear();
      made = new WeakMap();
      set({});
    },
    endGesture() {
      if (state.imageId) history.endGesture(state.imageId);
      set({});
    },
    /** Escape during a drag: back to the snapshot, no undo entry left behind. */
    cancelGesture(before: EditorShape[]) {
      if (!state.imageId || state.between) return;
      history.cancelGesture(state.imageId);
      set({ shapes: before });
      documentChanged();
    },
    undo() {
      if (!state.imageId || state.between) return;
      // While a polygon is drawn, undo takes back its last point, as Backspace does: the draft
      // is no step of the history, and dropping it would undo the shape before it too.
      if (state.draft?.kind === 'polygon' && state.draft.points.length > 0) {
        takenBack.push(state.draft.points[state.draft.points.length - 1] as Point);
        set({ draft: { ...state.draft, points: state.draft.points.slice(0, -1) } });
        return;
      }
      const previous = history.undo(state.imageId, state.shapes);
      if (!previous) return;
      set({ shapes: previous, draft: null, preview: null, selectedVertex: null });
      documentChanged();
    },
    redo() {
      if (!state.imageId || state.between) return;
      // While a polygon is drawn, redo puts back the point undo took: redoing the history would
      // drop the polygon, and bring back a shape undone before it was begun.
      if (state.draft?.kind === 'polygon') {
        const point = takenBack.pop();
        if (point) set({ draft: { ...state.draft, points: [...state.draft.points, point] } });
        return;
      }
      const next = history.redo(state.imageId, state.shapes);
      if (!next) return;
      set({ shapes: next, draft: null, preview: null, selectedVertex: null });
      documentChanged();
    },

    setTool(tool: Tool) {
      // A drawing tool in a read-only editor drew nothing and said nothing: only select is offered.
      if (state.readOnly && tool !== 'select') return;
      set({ tool, draft: null });
    },
    /** A viewer on a team server: shapes show and select, but no edit is made (the server would refuse it). */
    setReadOnly: (readOnly: boolean) => set({ readOnly, draft: null, pendingLabel: null, ...(readOnly ? { tool: 'select' } : {}) }),
    setDraft(draft: Draft) {
      if (draft?.kind !== 'polygon' || state.draft?.kind !== 'polygon' || draft.points !== state.draft.points) takenBack = [];
      set({ draft });
    },
    setPreview: (preview: EditorShape[] | null) => set({ preview }),
    /** The user picked shapes (or cleared the selection); add extends the current selection. */
    select(ids: readonly string[], add = false) {
      // set() drops hidden and locked shapes, picked from the canvas or from a panel (Check
      // dataset, the shape list): Delete, a label key or Copy would act on them.
      const next = add ? [...new Set([...state.selectedIds, ...ids])] : ids;
      set({ selectedIds: next, selectionOrigin: next.length > 0 ? 'user' : null, selectedVertex: null });
    },
    /** Shift+click: in or out of the selection. */
    toggleSelected(id: string) {
      store.select(toggleIn(state.selectedIds, id));
    },
    selectAll() {
      store.select(state.shapes.filter((shape) => isEditable(shape, state.visibility)).map((shape) => shape.id));
    },
    selectVertex: (index: number | null) => set({ selectedVertex: index }),
    /**
     * Picks the label for the next shape. It relabels the selected shapes only when the user
     * picked them or works in the select tool: with a drawing tool, most people pick the
     * label first and then draw, and the box just drawn must keep its label.
     */
    setActiveLabel(label: string) {
      const selected = selectedShapes();
      const relabel = !state.between && selected.length > 0 && (state.selectionOrigin === 'user' || state.tool === 'select');
      if (relabel && selected.some((shape) => shape.label !== label)) {
        state = { ...state, activeLabel: label };
        store.commit(state.shapes.map((shape) => (state.selectedIds.includes(shape.id) ? { ...shape, label } : shape)), 'record');
        return;
      }
      set({ activeLabel: label });
    },
    /** Delete: the picked vertex when there is one (never below 3 points), else the selected shapes. */
    deleteSelected() {
      const one = state.shapes.find((shape) => shape.id === state.selectedId);
      if (one?.kind === 'polygon' && state.selectedVertex !== null) {
        const next = removeVertex(one, state.selectedVertex);
        if (next !== one) store.commit(state.shapes.map((shape) => (shape.id === one.id ? next : shape)), 'record');
        set({ selectedVertex: null });
        return;
      }
      if (state.selectedIds.length === 0) return;
      store.commit(state.shapes.filter((shape) => !state.selectedIds.includes(shape.id)), 'record', []);
    },
    copy() {
      const selected = selectedShapes();
      if (selected.length > 0) {
        clipboard = selected;
        lastPasted = null;
      }
    },
    /** Pastes the copied shapes as new ones: 10 px further (inside the image), or in place. */
    paste(inPlace = false) {
      if (clipboard.length === 0 || !state.imageId) return;
      // Clipped to this image: a copy from a larger one may not fit it, in place or nudged.
      const placed = inPlace ? clipboard : (lastPasted ?? clipboard).map((shape) => nudged(shape, state.size));
      const pasted = copiesFor(placed, state.size, newId);
      // Whole, so the next paste on a larger image loses nothing to this one's edges.
      if (!inPlace) lastPasted = placed;
      if (pasted.length === 0) return;
      store.commit([...state.shapes, ...pasted], 'record', pasted.map((shape) => shape.id));
    },
    /**
     * Picks the label for the next shape and nothing else: the list of labels changed (a label
     * renamed or removed), which is no choice of the user's to relabel the selection with.
     */
    pickNextLabel(label: string) {
      set({ activeLabel: label });
    },
    /**
     * A label renamed or merged: shapes on screen and in undo follow (the server renamed the
     * rest), and so does the label's hidden and locked state (relabelVisibility: on a merge the
     * target stays hidden or locked when either label was).
     */
    renameLabel(from: string, to: string) {
      history.relabel(from, to);
      for (const [imageId, shapes] of held) held.set(imageId, relabelShapes(shapes, from, to));
      const shapes = relabelShapes(state.shapes, from, to);
      const visibility = relabelVisibility(state.visibility, from, to);
      set({
        shapes,
        activeLabel: state.activeLabel === from ? to : state.activeLabel,
        visibility,
      });
    },
    setVisibility: (visibility: Visibility) => set({ visibility }),
  };
  return store;
}

/** The same shapes in the same order: the server's copy of a state is equal to it, never the same array. */
function sameShapes(a: readonly EditorShape[], b: readonly EditorShape[]): boolean {
  return a === b || (a.length === b.length && a.every((shape, i) => sameShape(shape, b[i])));
}

function sameShape(a: EditorShape, b: EditorShape | undefined): boolean {
  return Boolean(b) && a.id === b?.id && sameOutline(a, b);
}

/** 10 px right and down, as far as the image allows; a shape larger than the image starts at its left or top edge (paste clips the rest). */
function nudged(shape: EditorShape, size: ImageSize): EditorShape {
  const b = shapeBounds(shape);
  const by = (min: number, max: number, limit: number) => Math.max(0, Math.min(min + 10, limit - (max - min))) - min;
  return translate(shape, by(b.minX, b.maxX, size.width), by(b.minY, b.maxY, size.height));
}

/**
 * The picked vertex once the document changed under it (an edit by a tool, simplify, undo, a
 * conflict answer): it follows a vertex inserted or removed before it, and is dropped with its
 * vertex or when the polygon was redrawn, rather than pointing at a neighbour.
 */
function vertexAfter(before: EditorState, after: EditorState): number | null {
  const index = after.selectedVertex;
  if (index === null) return null;
  const was = before.shapes.find((shape) => shape.id === after.selectedId);
  const now = after.shapes.find((shape) => shape.id === after.selectedId);
  if (was?.kind !== 'polygon' || now?.kind !== 'polygon') return null;
  const next = followVertex(was.points, now.points, index);
  return next !== null && next < now.points.length ? next : null;
}

export type EditorStore = ReturnType<typeof createEditorStore>;
