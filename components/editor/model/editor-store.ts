// One editor instance: the current image's shapes (document) and the UI state around them
// (tool, selection, drafts). React reads it with useSyncExternalStore; autosave listens to
// document changes made by the user or by undo/redo, never to loads.
import { createHistory, type HistoryMode } from './history';
import type { EditorShape, ImageSize, Point, Tool } from './types';

export type Draft =
  | { kind: 'box'; start: Point; current: Point }
  | { kind: 'polygon'; points: Point[]; hover: Point | null }
  | null;

export interface EditorState {
  imageId: string | null;
  size: ImageSize;
  shapes: EditorShape[];
  selectedId: string | null;
  /**
   * 'user' when the user picked the shape (click, select tool), 'created' when it is selected
   * only because it was just drawn or pasted: a number key then picks the next shape's label
   * instead of relabelling it.
   */
  selectionOrigin: 'user' | 'created' | null;
  tool: Tool;
  activeLabel: string;
  draft: Draft;
  /** A finished shape waiting for the user to name its label: nothing unnamed is saved. */
  pendingLabel: EditorShape | null;
  canUndo: boolean;
  canRedo: boolean;
}

export type DocumentListener = (imageId: string, shapes: EditorShape[]) => void;

export function createEditorStore(options: { newId?: () => string } = {}) {
  let counter = 0;
  const newId = options.newId ?? (() => `${Date.now().toString(36)}-${(counter++).toString(36)}`);
  const history = createHistory();
  const listeners = new Set<() => void>();
  const documentListeners = new Set<DocumentListener>();
  let clipboard: EditorShape[] = [];
  let state: EditorState = {
    imageId: null,
    size: { width: 1, height: 1 },
    shapes: [],
    selectedId: null,
    selectionOrigin: null,
    tool: 'select',
    activeLabel: '',
    draft: null,
    pendingLabel: null,
    canUndo: false,
    canRedo: false,
  };

  const emit = () => listeners.forEach((listener) => listener());
  const set = (patch: Partial<EditorState>) => {
    state = { ...state, ...patch };
    if (state.imageId) state = { ...state, canUndo: history.canUndo(state.imageId), canRedo: history.canRedo(state.imageId) };
    emit();
  };
  const documentChanged = () => {
    const { imageId, shapes } = state;
    if (imageId) documentListeners.forEach((listener) => listener(imageId, shapes));
  };

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

    /** Shows an image's shapes as loaded from the server: not an edit, nothing is saved. */
    load(imageId: string, size: ImageSize, shapes: EditorShape[]) {
      set({ imageId, size, shapes, selectedId: null, selectionOrigin: null, draft: null, pendingLabel: null });
    },

    /**
     * A user edit: the next document, and what history does with the one before. Passing a
     * selectedId marks it as a created shape (drawn or pasted); omitting it keeps the selection.
     */
    commit(shapes: EditorShape[], mode: HistoryMode, selectedId?: string | null) {
      if (!state.imageId) return;
      history.push(state.imageId, state.shapes, mode);
      if (selectedId === undefined) set({ shapes });
      else set({ shapes, selectedId, selectionOrigin: selectedId ? 'created' : null });
      documentChanged();
    },
    /** A drawn shape: added and selected, or held until the user names a label for it. */
    addShape(shape: EditorShape) {
      if (!shape.label) {
        set({ pendingLabel: shape });
        return;
      }
      store.commit([...state.shapes, shape], 'record', shape.id);
    },
    /** The answer to "which label?": the held shape is added with it, or dropped (null). */
    resolvePendingLabel(label: string | null) {
      const shape = state.pendingLabel;
      if (!shape) return;
      set({ pendingLabel: null });
      const name = label?.trim();
      if (!name) return;
      set({ activeLabel: name });
      store.commit([...state.shapes, { ...shape, label: name }], 'record', shape.id);
    },
    endGesture() {
      if (state.imageId) history.endGesture(state.imageId);
      set({});
    },
    /** Escape during a drag: back to the snapshot, no undo entry left behind. */
    cancelGesture(before: EditorShape[]) {
      if (!state.imageId) return;
      history.cancelGesture(state.imageId);
      set({ shapes: before });
      documentChanged();
    },
    undo() {
      if (!state.imageId) return;
      const previous = history.undo(state.imageId, state.shapes);
      if (!previous) return;
      const keep = previous.some((s) => s.id === state.selectedId);
      set({ shapes: previous, selectedId: keep ? state.selectedId : null, selectionOrigin: keep ? state.selectionOrigin : null, draft: null });
      documentChanged();
    },
    redo() {
      if (!state.imageId) return;
      const next = history.redo(state.imageId, state.shapes);
      if (!next) return;
      set({ shapes: next, draft: null });
      documentChanged();
    },

    setTool: (tool: Tool) => set({ tool, draft: null }),
    setDraft: (draft: Draft) => set({ draft }),
    /** The user picked a shape (or cleared the selection). */
    select: (selectedId: string | null) => set({ selectedId, selectionOrigin: selectedId ? 'user' : null }),
    /**
     * Picks the label for the next shape. It relabels the selected shape only when the user
     * picked that shape or works in the select tool: with a drawing tool, most people pick
     * the label first and then draw, and the box just drawn must keep its label.
     */
    setActiveLabel(label: string) {
      const selected = state.shapes.find((shape) => shape.id === state.selectedId);
      const relabel = selected && (state.selectionOrigin === 'user' || state.tool === 'select');
      if (selected && relabel && selected.label !== label) {
        state = { ...state, activeLabel: label };
        store.commit(state.shapes.map((shape) => (shape.id === selected.id ? { ...shape, label } : shape)), 'record');
        return;
      }
      set({ activeLabel: label });
    },
    deleteSelected() {
      if (!state.selectedId) return;
      store.commit(state.shapes.filter((shape) => shape.id !== state.selectedId), 'record', null);
    },
    copy() {
      clipboard = state.shapes.filter((shape) => shape.id === state.selectedId);
    },
    /** Pastes the copied shapes 10 px further, inside the image, as new shapes. */
    paste() {
      if (clipboard.length === 0) return;
      const { width, height } = state.size;
      const pasted = clipboard.map((shape): EditorShape => {
        if (shape.kind === 'box') {
          return { ...shape, id: newId(), x: Math.min(shape.x + 10, width - shape.w), y: Math.min(shape.y + 10, height - shape.h) };
        }
        const maxX = Math.max(...shape.points.map((p) => p.x));
        const maxY = Math.max(...shape.points.map((p) => p.y));
        const dx = Math.min(10, width - maxX);
        const dy = Math.min(10, height - maxY);
        return { ...shape, id: newId(), points: shape.points.map((p) => ({ x: p.x + dx, y: p.y + dy })) };
      });
      clipboard = pasted;
      store.commit([...state.shapes, ...pasted], 'record', pasted[pasted.length - 1]?.id ?? null);
    },
    /** A label renamed in the panel: shapes on screen follow (the server renamed the rest). */
    renameLabel(from: string, to: string) {
      set({
        shapes: state.shapes.map((shape) => (shape.label === from ? { ...shape, label: to } : shape)),
        activeLabel: state.activeLabel === from ? to : state.activeLabel,
      });
    },
  };
  return store;
}

export type EditorStore = ReturnType<typeof createEditorStore>;
