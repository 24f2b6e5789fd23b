'use client';

// Douglas-Peucker on the picked polygon: the slider previews the result on the canvas, Apply
// makes it one undo step, Cancel (or Escape in the panel) leaves the polygon as it was. The
// polygon is read as it is now (it may be moved while the panel is open); switching image or
// selection closes the panel.
import { useEffect, useMemo, useState } from 'react';
import type { EditorStore } from './model/editor-store';
import { simplifyPolygon } from './model/shape-ops';
import { useEditorSelector } from './useEditorSelector';

export function SimplifyPanel({ store, onClose }: { store: EditorStore; onClose: () => void }) {
  const [opened] = useState(() => ({ imageId: store.getState().imageId, selectedId: store.getState().selectedId }));
  const { imageId, selectedId, polygon } = useEditorSelector(store, (state) => {
    const shape = state.shapes.find((item) => item.id === state.selectedId);
    return { imageId: state.imageId, selectedId: state.selectedId, polygon: shape?.kind === 'polygon' ? shape : null };
  });
  const [tolerance, setTolerance] = useState(2);
  const result = useMemo(() => (polygon ? simplifyPolygon(polygon, tolerance) : null), [polygon, tolerance]);
  const gone = !polygon || imageId !== opened.imageId || selectedId !== opened.selectedId;

  useEffect(() => {
    if (gone) onClose();
  }, [gone, onClose]);
  useEffect(() => {
    store.setPreview(result && !gone ? [result] : null);
  }, [store, result, gone]);
  useEffect(() => () => store.setPreview(null), [store]);

  if (gone || !polygon || !result) return null;
  const apply = () => {
    if (result !== polygon) store.commit(store.getState().shapes.map((shape) => (shape.id === polygon.id ? result : shape)), 'record');
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
