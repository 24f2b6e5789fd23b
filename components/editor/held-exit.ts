// Input held for an image whose shapes had not arrived when the user moved on or the page went
// away (a reload or a closed tab right after drawing): it is in no journal yet, since no shapes
// exist to journal. It is stashed synchronously with the stage it was made on, then applied to
// the image's stored shapes as the tools would have (at once, or on the next load of the
// project), and that state is saved like any edit.
import { stashedProjects, type ExitStash } from './edit-journal';
import { replayHeld, type HeldGesture } from './held-input';
import { createEditorStore } from './model/editor-store';
import { fitView, PICK_TOLERANCE_PX } from './model/geometry';
import { createToolController } from './model/tools';
import type { EditorShape, ImageSize, ProjectType } from './model/types';

export interface HeldExit extends Omit<HeldGesture, 'image'> {
  uuid: string;
  /** When it was taken out of the hold: the state made from it is that recent. */
  at: number;
}

export const heldExitOf = ({ events, stage, tool, label }: HeldGesture, uuid: string): HeldExit => ({ events, stage, tool, label, uuid, at: Date.now() });

export interface StoredImage extends ImageSize {
  uuid: string;
  shapes: EditorShape[];
}

const HELD_PREFIX = 'labelport-held\u0000';
const prefixOf = (project: string) => `${HELD_PREFIX}${project}\u0000`;

/** The projects (`type/name`) with held input stashed. */
export const heldExitProjects = (stash: ExitStash): string[] => stashedProjects(stash, HELD_PREFIX);

export function stashHeldExit(stash: ExitStash, project: string, exit: HeldExit) {
  try {
    stash.write(prefixOf(project) + exit.uuid, JSON.stringify(exit));
  } catch {
    // Storage full or refused: nothing else can keep it while the page goes away.
  }
}

export function stashedHeldExits(stash: ExitStash, project: string): HeldExit[] {
  const found: HeldExit[] = [];
  for (const text of stash.read(prefixOf(project))) {
    try {
      const exit = JSON.parse(text) as HeldExit;
      if (typeof exit.uuid === 'string' && Array.isArray(exit.events) && exit.stage) found.push(exit);
    } catch {
      // A damaged entry helps nobody.
    }
  }
  return found;
}

export const forgetHeldExit = (stash: ExitStash, project: string, uuid: string) => stash.remove(prefixOf(project) + uuid);

/**
 * The image's shapes after the held input, run through the tools over the stored shapes and
 * fitted to the stage as it was; null when the input changes nothing (a click that only
 * selects, a polygon too small to close, no label chosen) or cannot be replayed. A polygon left
 * open too small to close is dropped, and dropped(points) told how many points it had.
 */
export function shapesAfterHeld(exit: HeldExit, image: StoredImage, projectType: ProjectType, dropped?: (points: number) => void): EditorShape[] | null {
  const store = createEditorStore();
  const size = { width: image.width, height: image.height };
  store.load(image.uuid, size, image.shapes);
  store.setTool(exit.tool);
  store.setActiveLabel(exit.label);
  const before = store.getState().shapes;
  try {
    const tools = createToolController(store, projectType);
    replayHeld(exit.events, tools, fitView(size, exit.stage), PICK_TOLERANCE_PX, exit.stage);
    // A polygon left open is closed on its image, as the one drawn once the image was shown is
    // when the user moves on (leaveDrawing): it went without a word. One that cannot close went
    // without a word too, where leaveDrawing says so.
    const { draft } = store.getState();
    if (draft?.kind === 'polygon' && !tools.complete()) dropped?.(draft.points.length);
  } catch {
    // An entry this page cannot replay (damaged, or from another version): thrown on, it stopped
    // every later entry and kept the editor from ever showing the project's images.
    return null;
  }
  const { shapes } = store.getState();
  return shapes === before ? null : shapes;
}
