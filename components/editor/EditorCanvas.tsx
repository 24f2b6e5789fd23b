'use client';

// The drawing surface. Konva draws what the store holds; input goes to the tool controller in
// image coordinates. Shapes do no Konva hit-testing (tools.ts does it), strokes keep their
// screen width at any zoom, and the shape layer re-renders only when shapes change, so
// panning and zooming 500+ shapes only moves the stage.
import type Konva from 'konva';
import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { Circle, Group, Image as KonvaImage, Layer, Line, Rect, Stage, Text } from 'react-konva';
import { withAlpha } from '@/components/ui/color';
import { pictureNotice, type CanvasNotice } from './canvas-notice';
import { CursorLabel } from './CursorLabel';
import { asMade, replayHeld, type HeldPointer, type InputHold } from './held-input';
import type { Draft, EditorStore } from './model/editor-store';
import { fitView, handlePoint, PICK_TOLERANCE_PX, toImage, zoomAround } from './model/geometry';
import { edgeMidpoints, shapeBounds } from './model/shape-ops';
import type { ToolController } from './model/tools';
import { isHidden } from './model/visibility';
import { HANDLES, type EditorShape, type ImageSize, type Point, type View } from './model/types';
import { formatZoom } from './model/zoom';
import { TileProgress } from './tiles/TileProgress';
import type { PyramidStatus } from './tiles/useTilePyramid';
import { useTilesInView } from './tiles/useTilesInView';
import { useImageElement, type ShownImage } from './useImageElement';

export interface CanvasHandle {
  fit(): void;
  actualSize(): void;
}

interface EditorCanvasProps {
  store: EditorStore;
  tools: ToolController;
  imageUrl: string | null;
  /** The URL of the image at the editor's position now, which the last render may not show yet. */
  imageUrlNow?: () => string | null;
  /** The image's thumbnail, shown until the original is decoded. */
  thumbUrl: string | null;
  /** What is decoded as the original: a huge image's preview (its tiles come over it), else imageUrl. */
  originalUrl?: string | null;
  /** A huge image's tile pyramid, once the server has begun it. */
  pyramid?: PyramidStatus | null;
  tileUrl?: (name: string) => string;
  /** A tile the status called ready is gone (the server's cache let it go): ask again. */
  onTilesMissing?: () => void;
  colorOf: (label: string) => string;
  spaceHeld: boolean;
  onReady?: (handle: CanvasHandle) => void;
  /** Input made before the editor holds the image in view waits here (see held-input.ts). */
  held: InputHold;
  /**
   * The image in view cannot be shown (deleted meanwhile, its read failed): said over the
   * canvas, and while it refuses input no pointer press is taken or held.
   */
  notice?: CanvasNotice | null;
  /** The notice's retry: reads the image's shapes again. */
  onRetry?: () => void;
}

const fill = (color: string) => withAlpha(color, 0.15);
const noTiles = (name: string) => name;
/** One array for "no points yet": a new [] each render would make react-konva clear the guides the pointer just moved. */
const NO_POINTS: number[] = [];
const NOT_MEASURED: ImageSize = { width: 0, height: 0 };
/** No shapes: the store holds another image than the one in view. */
const NO_SHAPES: EditorShape[] = [];
const NOTICE_STYLE = {
  position: 'absolute',
  top: 16,
  left: '50%',
  transform: 'translateX(-50%)',
  maxWidth: 'min(560px, 90%)',
  padding: '12px 16px',
  borderRadius: 8,
  background: 'rgba(0, 0, 0, 0.78)',
  color: '#fff',
  display: 'flex',
  flexDirection: 'column',
  gap: 8,
  alignItems: 'center',
  textAlign: 'center',
  zIndex: 2,
} as const;

const ShapeLayer = memo(function ShapeLayer({ shapes, colorOf }: { shapes: EditorShape[]; colorOf: (label: string) => string }) {
  return (
    <Layer listening={false}>
      {shapes.map((shape) =>
        shape.kind === 'box' ? (
          <Rect key={shape.id} x={shape.x} y={shape.y} width={shape.w} height={shape.h} stroke={colorOf(shape.label)} fill={fill(colorOf(shape.label))} strokeWidth={2} strokeScaleEnabled={false} perfectDrawEnabled={false} />
        ) : (
          <Line key={shape.id} points={shape.points.flatMap((p) => [p.x, p.y])} closed stroke={colorOf(shape.label)} fill={fill(colorOf(shape.label))} strokeWidth={2} strokeScaleEnabled={false} perfectDrawEnabled={false} />
        ),
      )}
    </Layer>
  );
});

/** The rectangle spanned by a drag, drawn at a constant screen width. */
function DraftRect({ from, to, ...style }: { from: Point; to: Point; stroke: string; fill?: string; strokeWidth: number; dash: number[] }) {
  return <Rect x={Math.min(from.x, to.x)} y={Math.min(from.y, to.y)} width={Math.abs(to.x - from.x)} height={Math.abs(to.y - from.y)} strokeScaleEnabled={false} {...style} />;
}

type SmartDraft = Extract<Draft, { kind: 'smart' }>;

/** The smart polygon's box, its + and - hints and the outline found so far. */
function SmartOutline({ draft, color, scale }: { draft: SmartDraft; color: string; scale: number }) {
  const box = draft.box;
  return (
    <Group>
      {draft.drag ? <DraftRect from={draft.drag.start} to={draft.drag.current} stroke={color} strokeWidth={2} dash={[6, 4]} /> : null}
      {box ? <Rect x={box.x} y={box.y} width={box.w} height={box.h} stroke="#ffffff" strokeWidth={1} dash={[4, 4]} opacity={draft.working ? 1 : 0.5} strokeScaleEnabled={false} /> : null}
      {draft.outline ? <Line points={draft.outline.flatMap((p) => [p.x, p.y])} closed stroke={color} fill={withAlpha(color, 0.2)} strokeWidth={2} opacity={draft.working ? 0.5 : 1} strokeScaleEnabled={false} /> : null}
      {draft.hints.map((hint, index) => (
        <Circle key={index} x={hint.x} y={hint.y} radius={5 / scale} fill={hint.foreground ? '#3ddc84' : '#ff5c5c'} stroke="#ffffff" strokeWidth={1} strokeScaleEnabled={false} />
      ))}
    </Group>
  );
}

/** The window-sized bitmap while it is sharp enough for the width drawn on screen, else the full one. */
function bitmapFor({ decoded }: ShownImage, screenWidth: number): ImageBitmap {
  const needed = screenWidth * (window.devicePixelRatio || 1);
  return decoded.fitted && decoded.fitted.width >= needed - 1 ? decoded.fitted : decoded.full;
}

/**
 * The same array as last time when its elements are the same objects: a drag replaces only
 * the dragged shape, so the layer of the other shapes is not drawn again on every move.
 */
function useStableList<T>(items: T[]): T[] {
  const previous = useRef<T[]>(items);
  const same = previous.current.length === items.length && previous.current.every((item, index) => item === items[index]);
  if (!same) previous.current = items;
  return previous.current;
}

export function EditorCanvas({ store, tools, imageUrl, imageUrlNow = () => imageUrl, thumbUrl, originalUrl, pyramid, tileUrl = noTiles, onTilesMissing, colorOf, spaceHeld, onReady, held, notice = null, onRetry }: EditorCanvasProps) {
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  const container = useRef<HTMLDivElement>(null);
  const stage = useRef<Konva.Stage>(null);
  // Measured before the first paint, and the stage made only then: every size the stage takes
  // reallocates each layer's canvas (10-30 ms apiece on this machine's software canvas), and
  // Konva applies a new width and a new height as two resizes. Made at a default size and then
  // measured, the stage spent 160 ms of the workspace's opening on that.
  const [measured, setViewport] = useState<ImageSize | null>(null);
  const viewport = measured ?? NOT_MEASURED;
  const [view, setView] = useState<View>({ scale: 1, x: 0, y: 0 });
  const pan = useRef<{ x: number; y: number; view: View } | null>(null);
  // Raised by a retry: loads again an original whose load failed.
  const [attempt, setAttempt] = useState(0);
  const { shown: decoded, failure: pictureFailure } = useImageElement(thumbUrl, originalUrl ?? imageUrl, attempt);
  // The URL changes as soon as the user switches; the size and shapes come a query later. A
  // new picture stretched to the old size under the old shapes would be wrong, so the image
  // is drawn only once the store holds the image it belongs to (its uuid ends the URL).
  const inView = Boolean(state.imageId && imageUrl?.endsWith(`/${encodeURIComponent(state.imageId)}`));
  const image = decoded && inView ? decoded : null;
  // What the canvas says over the image: the image's own notice first (no shapes came for it),
  // else a picture that failed to load under shapes that did.
  const shownNotice = notice ?? (inView && pictureFailure ? pictureNotice(pictureFailure) : null);
  const refusesInput = notice?.refusesInput ?? false;
  const retry = () => {
    setAttempt((before) => before + 1);
    if (notice?.retry) onRetry?.();
  };
  const drawnOriginalOf = image?.original ? state.imageId : null;
  const picture = image ? bitmapFor(image, state.size.width * view.scale) : null;
  const tiles = useTilesInView(image && pyramid?.state === 'ready' ? pyramid : null, tileUrl, view, viewport, onTilesMissing);

  // data-drawn-image-id says which image's original is on screen, with its shapes (they reach
  // the store together): what the image-switch benchmark (bench/w7-switch.mjs) and tests wait
  // for. react-konva asked for the layers' draw in the next animation frame during this
  // commit; a frame callback asked for now runs after it, in that same frame.
  useLayoutEffect(() => {
    const element = container.current;
    if (!element) return;
    if (!drawnOriginalOf) {
      element.removeAttribute('data-drawn-image-id');
      return;
    }
    const frame = requestAnimationFrame(() => element.setAttribute('data-drawn-image-id', drawnOriginalOf));
    return () => cancelAnimationFrame(frame);
  }, [drawnOriginalOf, picture]);
  // Any picture of the image, the thumbnail included: when the user first sees it (bench W8).
  const shownImageOf = image ? state.imageId : null;
  useLayoutEffect(() => {
    const element = container.current;
    if (!element || !shownImageOf) return;
    const frame = requestAnimationFrame(() => element.setAttribute('data-shown-image-id', shownImageOf));
    return () => cancelAnimationFrame(frame);
  }, [shownImageOf]);

  useLayoutEffect(() => {
    const element = container.current;
    if (!element) return;
    const measure = () =>
      setViewport((before) => (before?.width === element.clientWidth && before.height === element.clientHeight ? before : { width: element.clientWidth, height: element.clientHeight }));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const { width, height } = state.size;
  // The same view kept when the next image fits the same way (photos of one camera): a new
  // object would render the stage a second time in the switch's own turn. Fitted before the
  // commit ends: Konva's handlers are not React events, and one running before a passive
  // effect would map the press through the previous image's view.
  useLayoutEffect(() => {
    const fitted = fitView({ width, height }, viewport);
    setView((before) => (before.scale === fitted.scale && before.x === fitted.x && before.y === fitted.y ? before : fitted));
  }, [state.imageId, width, height, viewport]);
  useEffect(() => {
    onReady?.({
      fit: () => setView(fitView({ width, height }, viewport)),
      actualSize: () => setView({ scale: 1, x: (viewport.width - width) / 2, y: (viewport.height - height) / 2 }),
    });
  }, [onReady, width, height, viewport]);

  // Held input is replayed in the commit that brings its image, before any later input is
  // handed to the tools live.
  useLayoutEffect(() => {
    const element = container.current;
    if (!inView || !imageUrl || !element) return;
    const gesture = held.take(imageUrl, store.getState().activeLabel);
    if (!gesture) return;
    // Mapped through the page as it is laid out now and the view the fit above gives this
    // image: right after a reload the panels, and the observed viewport, may have moved since.
    const origin = element.getBoundingClientRect();
    const fitted = fitView({ width, height }, { width: element.clientWidth, height: element.clientHeight });
    asMade(store, gesture, () => replayHeld(gesture.events, tools, fitted, PICK_TOLERANCE_PX, { x: origin.left, y: origin.top }));
  }, [inView, imageUrl, held, store, tools, width, height]);
  /**
   * Holds the event unless the canvas, as rendered, shows the image at the editor's position
   * with the store's shapes: right after a move the store may hold the next image before the
   * canvas re-rendered with its view. Once a gesture is held, all of it is.
   */
  const heldBack = (kind: HeldPointer['kind'], modifiers?: HeldPointer['modifiers']) => {
    const element = container.current;
    if (!element) return false;
    if (!held.holding) {
      // A move or release of a gesture begun live goes to the tools, as before.
      if (kind === 'move' || kind === 'up') return false;
      if (inView && imageUrlNow() === imageUrl && store.getState().imageId === state.imageId) return false;
    }
    const origin = element.getBoundingClientRect();
    const at = pointer();
    const layout = { x: origin.left, y: origin.top, width: element.clientWidth, height: element.clientHeight };
    const { tool, activeLabel } = store.getState();
    held.hold(imageUrlNow(), { kind, at: { x: origin.left + at.x, y: origin.top + at.y }, modifiers }, layout, { tool, label: activeLabel });
    return true;
  };

  const pointer = () => stage.current?.getPointerPosition() ?? { x: 0, y: 0 };
  const tolerance = PICK_TOLERANCE_PX / view.scale;
  // Only the shapes of the image in view: while the editor waits for an image (or for one
  // that never comes), the store still holds the image left behind, whose shapes are not this one's.
  const visible = useMemo(() => (inView ? state.shapes.filter((shape) => !isHidden(shape, state.visibility)) : NO_SHAPES), [inView, state.shapes, state.visibility]);
  const picked = useMemo(() => visible.filter((shape) => state.selectedIds.includes(shape.id)), [visible, state.selectedIds]);
  const selected = picked.length === 1 && picked[0]?.id === state.selectedId ? picked[0] : null;
  const others = useStableList(useMemo(() => visible.filter((shape) => !state.selectedIds.includes(shape.id)), [visible, state.selectedIds]));
  const crosshair = useRef<Konva.Group>(null);
  const showCrosshair = (state.tool === 'box' || state.tool === 'smart') && !spaceHeld && !refusesInput;

  // Pointer events only: Konva also reports the mouse events of the same press as pointer
  // events, which would count one click twice.
  const onMouseDown = (event: Konva.KonvaEventObject<PointerEvent>) => {
    if (event.evt.type !== 'pointerdown') return;
    if (event.evt.button === 1 || (event.evt.button === 0 && spaceHeld)) {
      event.evt.preventDefault();
      pan.current = { ...pointer(), view };
      return;
    }
    // No image to draw on: a press is neither taken nor held (held, it would land on none).
    if (event.evt.button !== 0 || refusesInput) return;
    const modifiers = { alt: event.evt.altKey, shift: event.evt.shiftKey };
    if (!heldBack('down', modifiers)) tools.pointerDown(toImage(view, pointer()), tolerance, modifiers);
  };
  const onMouseMove = () => {
    if (pan.current) {
      const now = pointer();
      setView({ ...pan.current.view, x: pan.current.view.x + now.x - pan.current.x, y: pan.current.view.y + now.y - pan.current.y });
      return;
    }
    if (heldBack('move')) return;
    const screen = pointer();
    tools.pointerMove(toImage(view, screen));
    // Guides across the image while drawing boxes, moved without a React render. Through the
    // middle of the pointer's screen pixel: a 1 px line on a pixel's edge was smeared over two
    // pixels at half strength, faint over a light image.
    moveCrosshair(showCrosshair ? toImage(view, { x: Math.floor(screen.x) + 0.5, y: Math.floor(screen.y) + 0.5 }) : null);
  };
  /** The two guide lines through a point of the image, or none. */
  const moveCrosshair = (at: Point | null) => {
    const guides = crosshair.current;
    if (!guides) return;
    const [vertical, horizontal] = guides.getChildren() as Konva.Line[];
    vertical?.points(at ? [at.x, 0, at.x, height] : NO_POINTS);
    horizontal?.points(at ? [0, at.y, width, at.y] : NO_POINTS);
    guides.getLayer()?.batchDraw();
  };
  const onPointerLeave = () => {
    moveCrosshair(null);
    onMouseUp();
  };
  const onMouseUp = () => {
    if (pan.current) {
      pan.current = null;
      return;
    }
    if (!heldBack('up')) tools.pointerUp(toImage(view, pointer()));
  };
  const onWheel = (event: Konva.KonvaEventObject<WheelEvent>) => {
    event.evt.preventDefault();
    setView(zoomAround(view, Math.exp(-event.evt.deltaY * 0.0015), pointer()));
  };

  const draft = state.draft;
  // A box with nothing found in it had left the user looking at a dashed box, Enter doing nothing.
  const smartStatus = draft?.kind === 'smart' && draft.box ? (draft.working ? 'Finding the outline…' : draft.outline ? null : 'No outline found in this box: click inside the object (+), or drag a tighter box') : null;
  const handleSize = 8 / view.scale;
  return (
    <div ref={container} className={spaceHeld ? 'canvas panning' : refusesInput ? 'canvas' : `canvas tool-${state.tool}`} data-testid="editor-canvas" data-image-id={state.imageId ?? ''} data-tool-state={`${state.tool}.${tools.state}`} data-selected-count={state.selectedIds.length} data-tiles={pyramid?.state ?? ''} data-tiles-sharp={tiles.complete ? 'true' : 'false'} data-drawn-shapes={visible.length}>
      {measured ? (
        <Stage
          ref={stage}
          width={viewport.width}
          height={viewport.height}
          scaleX={view.scale}
          scaleY={view.scale}
          x={view.x}
          y={view.y}
          onPointerDown={onMouseDown}
          onPointerMove={onMouseMove}
          onPointerUp={onMouseUp}
          onPointerLeave={onPointerLeave}
          onDblClick={() => refusesInput || heldBack('double') || tools.doubleClick(toImage(view, pointer()), tolerance)}
          onWheel={onWheel}
          onContextMenu={(event) => event.evt.preventDefault()}
        >
          <Layer listening={false}>
            <Rect x={0} y={0} width={width} height={height} fill="#20222a" />
            {/* The thumbnail or the original, both stretched to the original's size. */}
            {picture ? <KonvaImage image={picture} x={0} y={0} width={width} height={height} /> : null}
          </Layer>
          {tiles.level !== null ? (
            <Layer listening={false}>
              {tiles.drawn.map((tile) => (
                <KonvaImage key={`${tile.level}/${tile.column}_${tile.row}`} image={tile.bitmap} x={tile.x} y={tile.y} width={tile.w} height={tile.h} />
              ))}
            </Layer>
          ) : null}
          <ShapeLayer shapes={others} colorOf={colorOf} />
          <ShapeLayer shapes={picked} colorOf={colorOf} />
          <Layer listening={false}>
            {picked.length > 1
              ? picked.map((shape) => {
                  const b = shapeBounds(shape);
                  return <Rect key={shape.id} x={b.minX} y={b.minY} width={b.maxX - b.minX} height={b.maxY - b.minY} stroke="#ffffff" strokeWidth={1} dash={[4, 4]} strokeScaleEnabled={false} />;
                })
              : null}
            {(state.preview ?? []).map((shape) => (
              <Line key={`preview-${shape.id}`} points={shape.kind === 'polygon' ? shape.points.flatMap((p) => [p.x, p.y]) : []} closed stroke="#ffe066" strokeWidth={2} dash={[3, 3]} strokeScaleEnabled={false} />
            ))}
            {selected?.kind === 'box' ? (
              <Group>
                <Rect x={selected.x} y={selected.y} width={selected.w} height={selected.h} stroke="#ffffff" strokeWidth={1} dash={[4, 4]} strokeScaleEnabled={false} />
                {HANDLES.map((handle) => {
                  const at = handlePoint(selected, handle);
                  return <Rect key={handle} x={at.x - handleSize / 2} y={at.y - handleSize / 2} width={handleSize} height={handleSize} fill="#ffffff" stroke={colorOf(selected.label)} strokeWidth={1} strokeScaleEnabled={false} />;
                })}
              </Group>
            ) : null}
            {selected?.kind === 'polygon'
              ? edgeMidpoints(selected).map((point, index) => <Circle key={`mid-${index}`} x={point.x} y={point.y} radius={handleSize / 3} fill="#ffffff" opacity={0.5} />)
              : null}
            {selected?.kind === 'polygon'
              ? selected.points.map((point, index) => (
                  <Circle key={index} x={point.x} y={point.y} radius={handleSize / 2} fill={index === state.selectedVertex ? colorOf(selected.label) : '#ffffff'} stroke={colorOf(selected.label)} strokeWidth={1} strokeScaleEnabled={false} />
                ))
              : null}
            {selected ? (
              <Text
                x={selected.kind === 'box' ? selected.x : Math.min(...selected.points.map((p) => p.x))}
                y={(selected.kind === 'box' ? selected.y : Math.min(...selected.points.map((p) => p.y))) - 18 / view.scale}
                text={selected.label || '(no label)'}
                fontSize={13 / view.scale}
                fill="#ffffff"
                padding={2 / view.scale}
              />
            ) : null}
            {draft?.kind === 'box' ? <DraftRect from={draft.start} to={draft.current} stroke={colorOf(state.activeLabel)} strokeWidth={2} dash={[6, 4]} /> : null}
            {draft?.kind === 'smart' ? <SmartOutline draft={draft} color={colorOf(state.activeLabel)} scale={view.scale} /> : null}
            {draft?.kind === 'marquee' ? <DraftRect from={draft.start} to={draft.current} stroke="#ffffff" fill="rgba(255,255,255,0.08)" strokeWidth={1} dash={[4, 4]} /> : null}
            {showCrosshair ? (
              <Group ref={crosshair}>
                <Line points={NO_POINTS} stroke="rgba(255,255,255,0.55)" strokeWidth={1} dash={[6, 6]} strokeScaleEnabled={false} />
                <Line points={NO_POINTS} stroke="rgba(255,255,255,0.55)" strokeWidth={1} dash={[6, 6]} strokeScaleEnabled={false} />
              </Group>
            ) : null}
            {draft?.kind === 'polygon' ? (
              <Group>
                <Line points={[...draft.points, ...(draft.hover ? [draft.hover] : [])].flatMap((p) => [p.x, p.y])} stroke={colorOf(state.activeLabel)} strokeWidth={2} dash={[6, 4]} strokeScaleEnabled={false} />
                {draft.points.map((point, index) => (
                  <Circle key={index} x={point.x} y={point.y} radius={(index === 0 ? 6 : 4) / view.scale} fill={index === 0 ? '#ffffff' : colorOf(state.activeLabel)} />
                ))}
              </Group>
            ) : null}
          </Layer>
        </Stage>
      ) : null}
      {/* Before the first image there is no zoom to speak of: the view fits a 1x1 placeholder. */}
      {state.imageId ? <output className="zoom-readout" aria-label="Zoom level">{formatZoom(view.scale)}</output> : null}
      {pyramid?.state === 'cutting' ? <TileProgress done={pyramid.done} total={pyramid.total} /> : null}
      {smartStatus ? <output className="canvas-status" aria-label="Smart polygon">{smartStatus}</output> : null}
      {shownNotice ? (
        <div className="canvas-notice" role="alert" style={NOTICE_STYLE}>
          <strong>{shownNotice.text}</strong>
          <span className="small">{shownNotice.detail}</span>
          {shownNotice.retry ? (
            <button className="button" onClick={retry} disabled={shownNotice.retrying}>
              {shownNotice.retrying ? 'Retrying…' : 'Retry'}
            </button>
          ) : null}
        </div>
      ) : null}
      <CursorLabel label={state.activeLabel} color={colorOf(state.activeLabel)} enabled={!spaceHeld && !refusesInput && (state.tool === 'box' || state.tool === 'polygon' || state.tool === 'smart')} />
    </div>
  );
}
