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
