// Smart polygon: drag a box around an object and an outline of it comes back from GrabCut
// (run off the main thread by the injected outliner); a click adds a + (object) hint, an
// Alt+click a - (background) hint, and the outline is computed again. Enter keeps it; Escape
// or a new drag drops it. In a bndbox project the outline is kept as its tight box.
import { boxFromCorners } from '../geometry';
import type { Point } from '../types';
import { asProjectShape } from './project-shapes';
import type { EditorTool, OutlineHint, ToolDefinition } from './tool';

/** Smaller boxes are taken for a slip of the hand, not an object. */
const MIN_BOX_SIDE = 4;

export const smartTool: ToolDefinition = {
  id: 'smart',
  title: 'Smart polygon',
  icon: '✦',
  hint: 'Drag a box around an object for its outline; click adds (+), Alt+click removes (−) a part; Enter keeps it',
  defaultKeys: ['m'],
  create(context): EditorTool {
    const { store, projectType, outline } = context;
    let press: { at: Point; alt: boolean; dragging: boolean } | null = null;
    // Each request's number: an answer to an older one (the user clicked again) is dropped.
    let requested = 0;
    // Enter pressed while an outline was being computed: the request whose answer to keep.
    // Tied to the request, so Escape, a new drag, a hint or an image switch drops the wish.
    let keepOnAnswer: number | null = null;
    const draft = () => {
      const current = store.getState().draft;
      return current?.kind === 'smart' ? current : null;
    };

    const requestOutline = (box: { x: number; y: number; w: number; h: number }, hints: OutlineHint[]) => {
      const imageId = store.getState().imageId;
      const ticket = ++requested;
      const current = draft();
      store.setDraft({ kind: 'smart', box, hints, outline: current?.box === box ? current.outline : null, working: true, drag: null });
      if (!outline || !imageId) return;
      outline({ imageId, box, hints }).then(
        (points) => {
          const latest = draft();
          if (ticket !== requested || !latest || store.getState().imageId !== imageId) return;
          const wanted = keepOnAnswer === ticket;
          keepOnAnswer = null;
          store.setDraft({ ...latest, outline: points.length >= 3 ? points : latest.outline, working: false });
          // Only a new outline is kept unasked: with none found, the user sees the old one again and decides.
          if (wanted && points.length >= 3) keep();
        },
        () => {
          const latest = draft();
          if (ticket !== requested) return;
          keepOnAnswer = null;
          if (latest) store.setDraft({ ...latest, working: false });
        },
      );
    };

    const keep = (): boolean => {
      const current = draft();
      if (current?.working && outline) {
        // The outline on screen is the one before the last click: keep the one coming instead.
        keepOnAnswer = requested;
        return true;
      }
      const points = current?.outline;
      if (!points || points.length < 3) return false;
      store.setDraft(null);
      store.addShape(asProjectShape({ id: store.newId(), kind: 'polygon', points, label: store.getState().activeLabel }, projectType));
      return true;
    };

    const drop = (): boolean => {
      requested += 1;
      press = null;
      if (!draft()) return false;
      store.setDraft(null);
      return true;
    };

    return {
      get state() {
        const current = draft();
        if (press?.dragging) return 'dragging';
        if (!current) return 'idle';
        return current.working ? 'working' : 'proposing';
      },
      pointerDown(input) {
        if (store.getState().pendingLabel) return;
        store.select([]);
        press = { at: input.point, alt: input.alt, dragging: false };
      },
      pointerMove(input) {
        if (!press) return;
        if (!press.dragging && Math.hypot(input.point.x - press.at.x, input.point.y - press.at.y) <= input.tolerance) return;
        press.dragging = true;
        requested += 1;
        store.setDraft({ kind: 'smart', box: null, hints: [], outline: null, working: false, drag: { start: press.at, current: input.point } });
      },
      pointerUp(input) {
        const released = press;
        press = null;
        if (!released) return;
        if (released.dragging) {
          const box = boxFromCorners(released.at, input.point, store.getState().size);
          if (box.w < MIN_BOX_SIDE || box.h < MIN_BOX_SIDE) store.setDraft(null);
          else requestOutline(box, []);
          return;
        }
        const current = draft();
        if (current?.box) requestOutline(current.box, [...current.hints, { x: released.at.x, y: released.at.y, foreground: !released.alt }]);
      },
      cancel: drop,
      complete: keep,
      deleteBackward() {
        // Backspace takes the last hint back.
        const current = draft();
        if (!current?.box || current.hints.length === 0) return false;
        requestOutline(current.box, current.hints.slice(0, -1));
        return true;
      },
      exit: () => void drop(),
    };
  },
};
