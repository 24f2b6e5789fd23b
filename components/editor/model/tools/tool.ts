// What every tool is: a small state machine fed pointer input in image pixels. The controller
// (index.ts) routes input to the active tool; tools never see React, Konva or keys.
import type { EditorStore } from '../editor-store';
import type { Point, ProjectType } from '../types';

/** A + (object) or - (background) hint of the smart polygon, in image pixels. */
export interface OutlineHint extends Point {
  foreground: boolean;
}

export interface OutlineRequest {
  imageId: string;
  /** Image pixels. */
  box: { x: number; y: number; w: number; h: number };
  hints: readonly OutlineHint[];
}

/** Finds the outline of the object in a box, in image pixels ([] when it finds none). */
export type Outliner = (request: OutlineRequest) => Promise<Point[]>;

export interface ToolContext {
  store: EditorStore;
  projectType: ProjectType;
  /** The smart polygon's segmentation; absent where no browser runs it (the tool then only drafts). */
  outline?: Outliner;
  /** Says why the drawing did not do what the user asked (the workspace's notice); absent: nobody to tell. */
  tell?: (text: string) => void;
}

export interface PointerInput {
  /** Clamped to the image. */
  point: Point;
  /** As the pointer is, which may be outside the image. */
  raw: Point;
  /** How near (in image pixels) counts as on a handle, vertex or edge. */
  tolerance: number;
  shift: boolean;
  alt: boolean;
}

export interface EditorTool {
  /** The state the tool is in (idle, drawing, translating...): tests and the canvas cursor read it. */
  readonly state: string;
  pointerDown(input: PointerInput): void;
  pointerMove(input: PointerInput): void;
  pointerUp(input: PointerInput): void;
  doubleClick?(input: PointerInput): void;
  /** Escape: true when there was something to cancel. */
  cancel(): boolean;
  /** Enter: true when it finished something (a polygon). */
  complete?(): boolean;
  /** Delete/Backspace while the tool has something of its own to delete (a draft's last point). */
  deleteBackward?(): boolean;
  /** The tool is switched away from: drafts are dropped. */
  exit?(): void;
}

export interface ToolDefinition {
  id: string;
  title: string;
  /** A glyph for the toolbar when it is too narrow for the title. */
  icon: string;
  /** One line for the toolbar tooltip and the shortcut sheet. */
  hint: string;
  defaultKeys: readonly string[];
  create(context: ToolContext): EditorTool;
}
