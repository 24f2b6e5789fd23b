'use client';

// The shapes of the image in view: click to pick one (Shift+click adds), and hide or lock
// each one. Hiding and locking are views for this session, never saved into the shapes.
import type { EditorStore } from '@/components/editor/model/editor-store';
import { useEditorSelector } from '@/components/editor/useEditorSelector';
import { isHidden, isLocked, toggleIn } from '@/components/editor/model/visibility';
import { VisibilityToggles } from './VisibilityToggles';

/** Past this many, the list stops: picking among thousands is the canvas's job. */
const MAX_ROWS = 300;

export function ShapeList({ store, colorOf }: { store: EditorStore; colorOf: (label: string) => string }) {
  // Rows change with ids, labels and kinds, not with the coordinates a drag moves.
  const state = useEditorSelector(store, (current) => {
    // While the editor waits for the image in view (or for one that never comes), the shapes it
    // holds are the image left behind's: not this image's, and not to be picked.
    const shapesInView = current.between ? [] : current.shapes;
    const shown = shapesInView.slice(0, MAX_ROWS);
    return {
      ids: shown.map((shape) => shape.id),
      labels: shown.map((shape) => shape.label),
      kinds: shown.map((shape) => shape.kind),
      count: shapesInView.length,
      selectedIds: current.selectedIds,
      visibility: current.visibility,
    };
  });
  const { visibility } = state;
  const shapes = state.ids.map((id, index) => ({ id, label: state.labels[index] ?? '', kind: state.kinds[index] }));
  return (
    <section className="panel" aria-label="Shapes">
      <h2 className="panel-title">Shapes <span className="muted">{state.count}</span></h2>
      <ul className="shape-list">
        {shapes.map((shape, index) => {
          const name = `${shape.label || '(no label)'} ${index + 1}`;
          const hidden = isHidden(shape, visibility);
          const locked = isLocked(shape, visibility);
          return (
            <li key={shape.id} className={state.selectedIds.includes(shape.id) ? 'shape-row active' : 'shape-row'}>
              <span className="swatch" style={{ background: colorOf(shape.label) }} />
              <button
                className="label-name"
                disabled={hidden || locked}
                onClick={(event) => (event.shiftKey ? store.toggleSelected(shape.id) : store.select([shape.id]))}
              >
                {name} <span className="muted small">{shape.kind}</span>
              </button>
              <VisibilityToggles
                name={name}
                hidden={{ on: visibility.hiddenShapes.includes(shape.id), shown: hidden, toggle: () => store.setVisibility({ ...visibility, hiddenShapes: toggleIn(visibility.hiddenShapes, shape.id) }) }}
                locked={{ on: visibility.lockedShapes.includes(shape.id), shown: locked, toggle: () => store.setVisibility({ ...visibility, lockedShapes: toggleIn(visibility.lockedShapes, shape.id) }) }}
              />
            </li>
          );
        })}
      </ul>
      {state.count > MAX_ROWS ? <p className="muted small">and {state.count - MAX_ROWS} more</p> : null}
    </section>
  );
}
