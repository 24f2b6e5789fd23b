// The keyboard map, pure: the canvas component feeds key events and runs the action.
export type EditorAction =
  | { type: 'tool'; tool: 'select' | 'box' | 'polygon' }
  | { type: 'delete' | 'escape' | 'undo' | 'redo' | 'copy' | 'paste' | 'next' | 'previous' | 'fit' | 'help' | 'close-polygon' }
  | { type: 'label'; index: number };

export interface KeyInput {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  /** Typing in a text field: shortcuts stay out of the way. */
  targetIsInput: boolean;
}

export function resolveShortcut(event: KeyInput): EditorAction | null {
  if (event.targetIsInput) return null;
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  const command = event.ctrlKey || event.metaKey;
  if (command) {
    if (key === 'z') return { type: event.shiftKey ? 'redo' : 'undo' };
    if (key === 'y') return { type: 'redo' };
    if (key === 'c') return { type: 'copy' };
    if (key === 'v') return { type: 'paste' };
    return null;
  }
  if (event.altKey) return null;
  if (event.key === '?') return { type: 'help' };
  if (/^[1-9]$/.test(key)) return { type: 'label', index: Number(key) - 1 };
  switch (key) {
    case 'b':
      return { type: 'tool', tool: 'box' };
    case 'p':
      return { type: 'tool', tool: 'polygon' };
    case 'v':
      return { type: 'tool', tool: 'select' };
    case 'Delete':
    case 'Backspace':
      return { type: 'delete' };
    case 'Escape':
      return { type: 'escape' };
    case 'Enter':
      return { type: 'close-polygon' };
    case 'd':
    case 'ArrowRight':
      return { type: 'next' };
    case 'a':
    case 'ArrowLeft':
      return { type: 'previous' };
    case 'f':
      return { type: 'fit' };
    default:
      return null;
  }
}

export const SHORTCUT_HELP: ReadonlyArray<{ keys: string; description: string }> = [
  { keys: 'V', description: 'Select and move shapes' },
  { keys: 'B', description: 'Draw boxes (drag a box to move it, its handles to resize; Shift+drag draws inside a shape)' },
  { keys: 'P', description: 'Draw polygons (click points, Enter or click the first point to close; clicks on other polygons draw too)' },
  { keys: '1 – 9', description: 'Pick the label of the next shape (relabels a shape you clicked)' },
  { keys: 'Delete', description: 'Delete the selected shape (Backspace removes the last polygon point while drawing)' },
  { keys: 'Esc', description: 'Cancel drawing or dragging, or clear the selection' },
  { keys: 'Ctrl+Z / Ctrl+Shift+Z', description: 'Undo / redo (per image)' },
  { keys: 'Ctrl+C / Ctrl+V', description: 'Copy / paste shapes' },
  { keys: 'D or → / A or ←', description: 'Next / previous image' },
  { keys: 'F', description: 'Fit the image to the view' },
  { keys: 'Wheel', description: 'Zoom around the cursor; Space+drag or middle button pans' },
  { keys: 'Double click', description: 'Add a vertex on the selected polygon\'s edge (Alt+click removes one)' },
  { keys: '?', description: 'Show these shortcuts' },
];
