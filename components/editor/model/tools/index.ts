// The one place that says which tools a project offers, and the controller that routes
// pointer input to the active one. Adding a tool: one file, one line in TOOLS_BY_PROJECT.
import { clampPoint } from '../geometry';
import type { EditorStore } from '../editor-store';
import type { Point, ProjectType } from '../types';
import { boxTool } from './box.tool';
import { polygonTool } from './polygon.tool';
import { selectTool } from './select.tool';
import { smartTool } from './smart.tool';
import type { EditorTool, PointerInput, ToolContext, ToolDefinition } from './tool';

const TOOLS_BY_PROJECT: Record<ProjectType, readonly ToolDefinition[]> = {
  // Each project's own shape first after select: that is the tool a project opens with.
  bndbox: [selectTool, boxTool, polygonTool, smartTool],
  seg: [selectTool, polygonTool, boxTool, smartTool],
};

export const toolsFor = (projectType: ProjectType): readonly ToolDefinition[] => TOOLS_BY_PROJECT[projectType];

/** Every tool any project offers, for the shortcut sheet and the settings panel. */
export const ALL_TOOLS: readonly ToolDefinition[] = [...new Map(Object.values(TOOLS_BY_PROJECT).flat().map((tool) => [tool.id, tool])).values()];

export interface Modifiers {
  alt?: boolean;
  shift?: boolean;
}

export function createToolController(store: EditorStore, projectType: ProjectType, services: Pick<ToolContext, 'outline' | 'tell'> = {}) {
  const tools = new Map<string, EditorTool>(toolsFor(projectType).map((definition) => [definition.id, definition.create({ store, projectType, ...services })]));
  let activeId = store.getState().tool;
  const active = (): EditorTool | undefined => {
    const { tool } = store.getState();
    if (tool !== activeId) {
      tools.get(activeId)?.exit?.();
      activeId = tool;
    }
    return tools.get(tool);
  };
  const input = (raw: Point, tolerance: number, modifiers: Modifiers = {}): PointerInput => ({
    raw,
    point: clampPoint(raw, store.getState().size),
    tolerance,
    shift: modifiers.shift === true,
    alt: modifiers.alt === true,
  });
  let lastTolerance = 4;

  return {
    offers: (toolId: string) => tools.has(toolId),
    /** The active tool's state, e.g. 'drawing' or 'translating'; read during render, so no side effects. */
    get state(): string {
      return tools.get(store.getState().tool)?.state ?? 'idle';
    },
    pointerDown(raw: Point, tolerance: number, modifiers?: Modifiers) {
      lastTolerance = tolerance;
      if (store.getState().pendingLabel) return;
      active()?.pointerDown(input(raw, tolerance, modifiers));
    },
    pointerMove: (raw: Point) => active()?.pointerMove(input(raw, lastTolerance)),
    pointerUp: (raw: Point) => active()?.pointerUp(input(raw, lastTolerance)),
    doubleClick: (raw: Point, tolerance: number) => active()?.doubleClick?.(input(raw, tolerance)),
    /** Escape: the label question first, then the tool's own state, then the selection. */
    cancel(): boolean {
      if (store.getState().pendingLabel) {
        store.resolvePendingLabel(null);
        return true;
      }
      return active()?.cancel() ?? false;
    },
    complete: (): boolean => active()?.complete?.() ?? false,
    /** Delete/Backspace: the draft's last point, else the picked vertex or the selected shapes. */
    deleteBackward() {
      if (active()?.deleteBackward?.()) return;
      store.deleteSelected();
    },
    /** Undo (the draft's last point, else the image's last edit): what held input replays for the key. */
    undo: () => store.undo(),
  };
}

export type ToolController = ReturnType<typeof createToolController>;
