'use client';

// Douglas-Peucker on the picked polygon: the slider previews the result on the canvas, Apply
// makes it one undo step, Cancel (or Escape in the panel) leaves the polygon as it was.
import { useEffect, useMemo, useState } from 'react';
import type { EditorStore } from './model/editor-store';
import { simplifyPolygon } from './model/shape-ops';
import type { EditorPolygon } from './model/types';

export function SimplifyPanel({ store, onClose }: { store: EditorStore; onClose: () => void }) {
  const [polygon] = useState(() => {
    const { shapes, selectedId } = store.getState();
    const shape = shapes.find((item) => item.id === selectedId);
    return shape?.kind === 'polygon' ? shape : null;
  });
  const [tolerance, setTolerance] = useState(2);
  const result: EditorPolygon | null = useMemo(() => (polygon ? simplifyPolygon(polygon, tolerance) : null), [polygon, tolerance]);

  useEffect(() => {
    store.setPreview(result ? [result] : null);
  }, [store, result]);
  useEffect(() => () => store.setPreview(null), [store]);

  if (!polygon || !result) return null;
  const apply = () => {
    store.commit(store.getState().shapes.map((shape) => (shape.id === polygon.id ? result : shape)), 'record');
    onClose();
  };
  return (
    <div className="floating-panel" role="dialog" aria-label="Simplify polygon" onKeyDown={(event) => event.key === 'Escape' && onClose()}>
      <label className="row">
        Tolerance
        <input type="range" min={0.5} max={30} step={0.5} value={tolerance} aria-label="Tolerance in pixels" onChange={(event) => setTolerance(Number(event.target.value))} autoFocus />
        <output aria-label="Tolerance value">{tolerance} px</output>
      </label>
      <p className="muted small" aria-label="Vertex count">{polygon.points.length} → {result.points.length} points</p>
      <div className="row end">
        <button className="button" onClick={onClose}>Cancel</button>
        <button className="button primary" onClick={apply}>Apply</button>
      </div>
    </div>
  );
}
