'use client';

// The shapes of the image in view: click to pick one (Shift+click adds), and hide or lock
// each one. Hiding and locking are views for this session, never saved into the shapes.
import { useSyncExternalStore } from 'react';
import type { EditorStore } from '@/components/editor/model/editor-store';
import { isHidden, isLocked, toggleIn } from '@/components/editor/model/visibility';
import { VisibilityToggles } from './VisibilityToggles';

export function ShapeList({ store, colorOf }: { store: EditorStore; colorOf: (label: string) => string }) {
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  const { visibility } = state;
  return (
    <section className="panel" aria-label="Shapes">
      <h2 className="panel-title">Shapes <span className="muted">{state.shapes.length}</span></h2>
      <ul className="shape-list">
        {state.shapes.map((shape, index) => {
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
    </section>
  );
}
