'use client';

// The one keyboard handler: a key press becomes a chord, the chord an action of the registry
// (with the user's keymap), the action runs. Space is held to pan, so it is tracked apart.
import { useEffect, useEffectEvent, useState } from 'react';
import { ACTIONS, type ActionContext, type EditorAction } from '@/components/editor/actions/actions';
import { chordOf, type KeyInput } from '@/components/editor/actions/keymap';
import type { Draft } from '@/components/editor/model/editor-store';

/** The parts of a focused element the key routing reads (an HTMLElement; plain objects in tests). */
export interface FocusNode {
  tagName: string;
  isContentEditable?: boolean;
  parentElement: FocusNode | null;
  getAttribute(name: string): string | null;
}

/** What has the focus when a key is pressed, as far as the editor's keys care. */
export interface KeyFocus {
  /** A field being typed in (input, textarea, editable text) or anything in a modal <dialog>: no shortcut at all. */
  typing: boolean;
  /**
   * A <select> beside the editor that acts on change (marked data-editor-keys: the image's split
   * side, the strip's filter): letters and arrows stay the editor's, or type-ahead would change
   * it. Any other select is a form field, typed into.
   */
  select: boolean;
  /** Enter is the element's own: a button, link or other control, or anything in a role="dialog" panel. */
  activates: boolean;
  /**
   * Space too: in a role="dialog" panel (Simplify) or a question. Elsewhere Space stays the
   * editor's (held to pan), as after a mouse click a toolbar button keeps the focus.
   */
  inPanel: boolean;
}

const CONTROL_ROLES = new Set(['button', 'link', 'checkbox', 'radio', 'switch', 'tab', 'option', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'combobox', 'slider', 'spinbutton']);
const DIALOG_ROLES = new Set(['dialog', 'alertdialog']);

export function keyFocusOf(target: EventTarget | FocusNode | null): KeyFocus {
  const element = target && typeof (target as Partial<FocusNode>).tagName === 'string' ? (target as FocusNode) : null;
  if (!element) return { typing: false, select: false, activates: false, inPanel: false };
  const tag = element.tagName.toUpperCase();
  let inModal = false;
  let inPanel = false;
  for (let node: FocusNode | null = element; node; node = node.parentElement) {
    if (node.tagName.toUpperCase() === 'DIALOG') inModal = true;
    if (DIALOG_ROLES.has(node.getAttribute('role') ?? '')) inPanel = true;
  }
  const select = tag === 'SELECT' && element.getAttribute('data-editor-keys') !== null;
  const typing = tag === 'INPUT' || tag === 'TEXTAREA' || (tag === 'SELECT' && !select) || element.isContentEditable === true || inModal;
  const control = select || tag === 'BUTTON' || tag === 'SUMMARY' || (tag === 'A' && element.getAttribute('href') !== null) || CONTROL_ROLES.has(element.getAttribute('role') ?? '');
  return { typing, select, activates: control || inPanel, inPanel };
}

/**
 * What the editor does with a key: 'ignore' leaves it to the page (typing; Enter or Space on a
 * control); 'editor' runs its shortcut; 'editor-only' too, and the key never reaches the
 * focused <select>, so a letter or arrow meant for the editor does not change the select
 * (the split side of the image, the strip's filter) while it still has the focus after a choice.
 */
export type KeyRoute = 'ignore' | 'editor' | 'editor-only';

const SELECT_MOVES = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown']);

/**
 * draft: what is being drawn. A polygon with points takes Enter to close it even on a toolbar or
 * panel button: a button clicked with the mouse meanwhile (Lock bus) keeps the focus, and Enter
 * toggled it back instead of closing the polygon, without a word. A panel's (role="dialog")
 * keeps its Enter. A box being dragged has nothing Enter could close: the button keeps it.
 */
export function routeKey(focus: KeyFocus, event: KeyInput, draft: Draft = null): KeyRoute {
  if (focus.typing) return 'ignore';
  const drawsPolygon = draft?.kind === 'polygon' && draft.points.length > 0;
  const enterClosesDrawing = drawsPolygon && !focus.inPanel && !focus.select;
  if (event.key === 'Enter' && focus.activates && !enterClosesDrawing) return 'ignore';
  if (event.key === ' ' && (focus.inPanel || focus.select)) return 'ignore';
  if (focus.select && !event.ctrlKey && !event.metaKey && !event.altKey && (event.key.length === 1 || SELECT_MOVES.has(event.key))) return 'editor-only';
  return 'editor';
}

/**
 * Runs the first action on a chord that means something in this project (another project
 * type may use the same key for an action this one does not offer). True when the key did
 * something: an action that found nothing to do (Enter with no polygon to close) returns
 * false, so Enter is then left to the page. A polygon that cannot close yet counts: the action
 * says why, and a focused button must not take the key as well (routeKey gave it to the drawing).
 */
export function runShortcut(actions: readonly EditorAction[], context: ActionContext): boolean {
  const action = actions.find((candidate) => candidate.available?.(context) !== false);
  if (!action) return false;
  return action.run(context) !== false;
}

/**
 * labelHotkeys: a label's own key (from the class table) picks it as 1-9 do. An action bound
 * to the same key wins: setting such a hotkey is refused, but the keymap may change later.
 */
const NO_HOTKEYS: ReadonlyMap<string, string> = new Map();

export function useEditorShortcuts(keys: Readonly<Record<string, readonly string[]>>, context: ActionContext, labelHotkeys: ReadonlyMap<string, string> = NO_HOTKEYS) {
  const [spaceHeld, setSpaceHeld] = useState(false);
  // The handler reads the latest context without re-binding on every render.
  const runAction = useEffectEvent((actions: readonly EditorAction[]) => runShortcut(actions, context));

  const pickLabel = useEffectEvent((label: string) => context.store.setActiveLabel(label));
  const draft = useEffectEvent(() => context.store.getState().draft);

  useEffect(() => {
    const byChord = new Map<string, EditorAction[]>();
    for (const action of ACTIONS) for (const chord of keys[action.id] ?? []) byChord.set(chord, [...(byChord.get(chord) ?? []), action]);
    const onKeyDown = (event: KeyboardEvent) => {
      const route = routeKey(keyFocusOf(event.target), event, draft());
      if (route === 'ignore') return;
      // Whatever the editor makes of it, a key for the editor does not change a focused select.
      if (route === 'editor-only') event.preventDefault();
      if (event.key === ' ') {
        setSpaceHeld(true);
        event.preventDefault();
        return;
      }
      const chord = chordOf(event);
      const actions = chord ? byChord.get(chord) : undefined;
      if (actions && runAction(actions)) {
        event.preventDefault();
        return;
      }
      const label = chord ? labelHotkeys.get(chord) : undefined;
      if (label) {
        pickLabel(label);
        event.preventDefault();
      }
    };
    const onKeyUp = (event: KeyboardEvent) => event.key === ' ' && setSpaceHeld(false);
    // Space let go in another window (Alt+Tab while held) sends this one no keyup: losing focus ends the hold.
    const release = () => setSpaceHeld(false);
    const onVisibilityChange = () => document.hidden && release();
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener('keyup', onKeyUp);
    window.addEventListener('blur', release);
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('keyup', onKeyUp);
      window.removeEventListener('blur', release);
      document.removeEventListener('visibilitychange', onVisibilityChange);
    };
  }, [keys, labelHotkeys]);

  return { spaceHeld };
}
