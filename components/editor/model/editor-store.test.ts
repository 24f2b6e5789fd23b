// The editor store's answer to a label renamed or merged on the server.
import { describe, expect, it } from 'vitest';
import { createEditorStore } from './editor-store';
import { emptyVisibility } from './visibility';
import type { EditorShape } from './types';

const box = (id: string, label: string): EditorShape => ({ id, kind: 'box', label, x: 1, y: 1, w: 4, h: 3 });

describe('renameLabel', () => {
  it('keeps a hidden and locked label hidden and locked under its new name', () => {
    const store = createEditorStore();
    store.load('img', { width: 20, height: 20 }, [box('a', 'car'), box('b', 'dog')]);
    store.setVisibility({ ...emptyVisibility(), hiddenLabels: ['car'], lockedLabels: ['car'] });
    store.renameLabel('car', 'vehicle');
    const { shapes, visibility } = store.getState();
    expect(shapes.map((shape) => shape.label)).toEqual(['vehicle', 'dog']);
    expect(visibility.hiddenLabels).toEqual(['vehicle']);
    expect(visibility.lockedLabels).toEqual(['vehicle']);
  });

  it('on a merge keeps the merged-away label\'s state on the target, and drops its shapes from the selection', () => {
    const store = createEditorStore();
    store.load('img', { width: 20, height: 20 }, [box('a', 'auto'), box('b', 'vehicle'), box('c', 'dog')]);
    store.setVisibility({ ...emptyVisibility(), hiddenLabels: ['auto'], lockedLabels: ['vehicle'] });
    store.renameLabel('auto', 'vehicle');
    expect(store.getState().visibility).toMatchObject({ hiddenLabels: ['vehicle'], lockedLabels: ['vehicle'] });

    // A visible target picked, then a hidden label merged into it: the target hides, its shapes leave the selection.
    store.setVisibility({ ...emptyVisibility(), hiddenLabels: ['dog'] });
    store.load('img', { width: 20, height: 20 }, [box('a', 'vehicle'), box('c', 'dog'), box('d', 'cat')]);
    store.select(['a', 'd']);
    expect(store.getState().selectedIds).toEqual(['a', 'd']);
    store.renameLabel('dog', 'vehicle');
    expect(store.getState().visibility.hiddenLabels).toEqual(['vehicle']);
    expect(store.getState().selectedIds).toEqual(['d']);
  });

  it('changes no visibility when the renamed label was neither hidden nor locked', () => {
    const store = createEditorStore();
    store.load('img', { width: 20, height: 20 }, [box('a', 'car')]);
    const visibility = { ...emptyVisibility(), hiddenLabels: ['dog'] };
    store.setVisibility(visibility);
    store.renameLabel('car', 'vehicle');
    expect(store.getState().visibility).toBe(visibility);
  });
});

describe('select', () => {
  it('never picks a hidden or locked shape (a panel entry for one, as Check dataset offers), so Delete cannot remove it', () => {
    const store = createEditorStore();
    store.load('img', { width: 20, height: 20 }, [box('a', 'car'), box('b', 'dog'), box('c', 'cat')]);
    store.setVisibility({ ...emptyVisibility(), hiddenLabels: ['car'], lockedLabels: ['dog'] });
    store.select(['a']);
    expect(store.getState().selectedIds).toEqual([]);
    store.select(['b', 'c']);
    expect(store.getState().selectedIds).toEqual(['c']);
    store.deleteSelected();
    expect(store.getState().shapes.map((shape) => shape.id)).toEqual(['a', 'b']);
  });
});

describe('commitTo', () => {
  it('an edit of the image being left for one still loading (a conflict answered then) is saved and is one undo step there', () => {
    const store = createEditorStore();
    const saved: Array<[string, string[]]> = [];
    store.onDocumentChange((imageId, shapes) => saved.push([imageId, shapes.map((shape) => shape.id)]));
    store.load('x', { width: 20, height: 20 }, []);
    store.commit([box('a1', 'car')], 'record');
    const mine = store.getState().shapes;
    store.awaitImage(true); // the user moved on; the next image is on its way
    const merged = [box('b1', 'car'), ...mine];
    store.commitTo('x', mine, merged);
    expect(saved.at(-1)).toEqual(['x', ['b1', 'a1']]);
    store.load('y', { width: 20, height: 20 }, []);
    store.load('x', { width: 20, height: 20 }, merged);
    // The first undo steps back over the merge only: the colleague's shape goes, the user's stays.
    store.undo();
    expect(store.getState().shapes.map((shape) => shape.id)).toEqual(['a1']);
    store.undo();
    expect(store.getState().shapes).toEqual([]);
  });
});

describe('load: shapes this editor did not make replace its history, its own keep it', () => {
  const size = { width: 20, height: 20 };
  const ids = (store: ReturnType<typeof createEditorStore>) => store.getState().shapes.map((shape) => shape.id);

  it('keeps the undo steps when the server sends back the shapes the editor holds (its own save, read again)', () => {
    const store = createEditorStore();
    store.load('x', size, []);
    store.addShape(box('a', 'car'));
    const echoed = store.getState().shapes.map((shape) => ({ ...shape }));
    store.load('x', size, echoed);
    expect(store.getState().canUndo).toBe(true);
    store.undo();
    expect(store.getState().shapes).toEqual([]);
  });

  it('drops the undo steps when other shapes replace the ones shown (an import): undo cannot bring the old ones back', () => {
    const store = createEditorStore();
    const saved: string[][] = [];
    store.onDocumentChange((_, shapes) => saved.push(shapes.map((shape) => shape.id)));
    store.load('x', size, []);
    store.addShape(box('a', 'car'));
    store.load('x', size, [box('imported', 'car')]);
    expect(store.getState().canUndo).toBe(false);
    store.undo();
    expect(ids(store)).toEqual(['imported']);
    expect(saved).toEqual([['a']]);
  });

  it('keeps the polygon being drawn and the shape waiting for its label when the image in view is read again', () => {
    const store = createEditorStore();
    const polygon = { kind: 'polygon' as const, points: [{ x: 1, y: 1 }, { x: 9, y: 1 }], hover: null };
    store.load('x', size, []);
    store.setDraft(polygon);
    store.load('x', size, [box('imported', 'car')]);
    expect(store.getState().draft).toBe(polygon);
    store.addShape(box('unnamed', ''));
    store.load('x', size, []);
    expect(store.getState().pendingLabel).toMatchObject({ id: 'unnamed' });
    // Another image, or this one at another size (its file replaced): the drawing was of what is gone.
    store.load('x', { width: 40, height: 20 }, []);
    expect(store.getState()).toMatchObject({ draft: null, pendingLabel: null });
    store.setDraft(polygon);
    store.load('y', size, []);
    expect(store.getState().draft).toBeNull();
  });

  it('on arrival at an image edited earlier, keeps its steps for the shapes it was left with and drops them for others', () => {
    const store = createEditorStore();
    store.load('x', size, []);
    store.addShape(box('a', 'car'));
    store.load('y', size, []);
    store.addShape(box('b', 'car'));
    store.load('z', size, []);
    store.load('x', size, [box('a', 'car')]);
    expect(store.getState().canUndo).toBe(true);
    store.load('y', size, [box('imported', 'car')]);
    expect(store.getState().canUndo).toBe(false);
  });

  it('keeps the newer edit and the undo steps when a state it made comes back after it (a save\'s answer written to the cache just before an edit)', () => {
    const store = createEditorStore();
    store.load('x', size, []);
    store.addShape(box('a', 'car'));
    const made = store.getState().shapes;
    store.addShape(box('b', 'car'));
    store.load('x', size, made);
    expect(store.getState().canUndo).toBe(true);
    // The newer edit stays on screen: the next edit grows from it, not from the older state.
    expect(ids(store)).toEqual(['a', 'b']);
    store.undo();
    expect(ids(store)).toEqual(['a']);
    // A state it made of another image is no state of this one.
    store.load('y', size, []);
    store.addShape(box('c', 'car'));
    store.load('x', size, store.getState().shapes);
    expect(store.getState().canUndo).toBe(false);
  });

  it('forgetHistory (after an import) leaves no undo on any image, shown or not', () => {
    const store = createEditorStore();
    store.load('x', size, []);
    store.addShape(box('a', 'car'));
    store.load('y', size, []);
    store.addShape(box('b', 'car'));
    store.forgetHistory();
    expect(store.getState().canUndo).toBe(false);
    // x's copy shown until its new shapes arrive: an undo there must not save the old state.
    store.load('x', size, [box('a', 'car')]);
    store.undo();
    expect(ids(store)).toEqual(['a']);
  });
});

describe('after an undo history is dropped, and across a rename', () => {
  const size = { width: 20, height: 20 };

  it('an image the user emptied stays one the user edited when an import drops every history (keep previous leaves it empty)', () => {
    const store = createEditorStore();
    store.load('x', size, [box('a', 'car')]);
    store.commit([], 'record');
    store.forgetHistory();
    expect(store.hasEdits('x')).toBe(true);
    expect(store.hasEdits('never-touched')).toBe(false);
  });

  it('an edit committed to the image being left changes the shapes the editor holds for it', () => {
    const store = createEditorStore();
    store.load('x', size, [box('a', 'car')]);
    const before = store.getState().shapes;
    store.awaitImage(true);
    const merged = [...before, box('b', 'car')];
    store.commitTo('x', before, merged);
    expect(store.getState().shapes).toBe(merged);
  });

  it('the server reading back a drawn box with rounding errors in its corners is still the editor\'s own state: undo stays', () => {
    const store = createEditorStore();
    store.load('x', size, []);
    store.addShape({ id: 'a', kind: 'box', x: 0.1, y: 0.2, w: 0.2, h: 0.3, label: 'car' });
    store.load('x', size, [{ id: 'a', kind: 'box', x: 0.1, y: 0.2, w: 0.1 + 0.2 - 0.1, h: 0.2 + 0.3 - 0.2, label: 'car' }]);
    expect(store.getState().canUndo).toBe(true);
  });

  it('an image edited before a rename, read back under the new name, keeps its undo steps', () => {
    const store = createEditorStore();
    store.load('x', size, []);
    store.addShape(box('a', 'car'));
    store.load('y', size, []);
    store.renameLabel('car', 'vehicle');
    store.load('x', size, [box('a', 'vehicle')]);
    expect(store.getState().canUndo).toBe(true);
    store.undo();
    expect(store.getState().shapes).toEqual([]);
  });
});

describe('setReadOnly', () => {
  it('leaves a viewer in select: a drawing tool, picked before or after, would draw nothing it could keep', () => {
    const store = createEditorStore();
    store.setTool('box');
    store.setReadOnly(true);
    expect(store.getState().tool).toBe('select');
    store.setTool('polygon');
    expect(store.getState().tool).toBe('select');
    store.setReadOnly(false);
    store.setTool('polygon');
    expect(store.getState().tool).toBe('polygon');
  });
});
