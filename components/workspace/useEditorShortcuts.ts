'use client';

// The one keyboard handler: a key press becomes a chord, the chord an action of the registry
// (with the user's keymap), the action runs. Space is held to pan, so it is tracked apart.
import { useEffect, useEffectEvent, useState } from 'react';
import { ACTIONS, type ActionContext } from '@/components/editor/actions/actions';
import { chordOf } from '@/components/editor/actions/keymap';

/** Typing in a field or a dialog: shortcuts stay out of the way. */
const isTyping = (target: EventTarget | null) => {
  const element = target as HTMLElement | null;
  return Boolean(element && (element.tagName === 'INPUT' || element.tagName === 'TEXTAREA' || element.tagName === 'SELECT' || element.isContentEditable || element.closest('dialog')));
};

/**
 * labelHotkeys: a label's own key (from the class table) picks it as 1-9 do. An action bound
 * to the same key wins: setting such a hotkey is refused, but the keymap may change later.
 */
const NO_HOTKEYS: ReadonlyMap<string, string> = new Map();

export function useEditorShortcuts(keys: Readonly<Record<string, readonly string[]>>, context: ActionContext, labelHotkeys: ReadonlyMap<string, string> = NO_HOTKEYS) {
  const [spaceHeld, setSpaceHeld] = useState(false);
  // The handler reads the latest context without re-binding on every render.
  // The first action on the chord that means something in this project (another project
  // type may use the same key for an action this one does not offer).
  const runAction = useEffectEvent((actions: ReadonlyArray<(typeof ACTIONS)[number]>) => {
    const action = actions.find((candidate) => candidate.available?.(context) !== false);
    action?.run(context);
    return Boolean(action);
  });

  const pickLabel = useEffectEvent((label: string) => context.store.setActiveLabel(label));

  useEffect(() => {
    const byChord = new Map<string, Array<(typeof ACTIONS)[number]>>();
    for (const action of ACTIONS) for (const chord of keys[action.id] ?? []) byChord.set(chord, [...(byChord.get(chord) ?? []), action]);
    const onKeyDown = (event: KeyboardEvent) => {
      if (isTyping(event.target)) return;
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
