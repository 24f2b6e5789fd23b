// The README's shortcut table, made from the registry so the two never disagree.
import { ACTIONS, POINTER_GESTURES } from './actions';
import { formatChord } from './keymap';

export const TABLE_START = '<!-- shortcuts:start (generated from components/editor/actions/actions.ts) -->';
export const TABLE_END = '<!-- shortcuts:end -->';

const cell = (text: string) => text.replace(/\|/g, '\\|');

export function shortcutTable(): string {
  const rows = ACTIONS.map((action) => `| ${action.group} | ${cell(action.defaultKeys.map((chord) => `\`${formatChord(chord)}\``).join(' '))} | ${cell(action.title)} |`);
  const gestures = POINTER_GESTURES.map((gesture) => `| Mouse | ${cell(gesture.input)} | ${cell(gesture.title)} |`);
  return [TABLE_START, '| Group | Default keys | Action |', '| --- | --- | --- |', ...rows, ...gestures, TABLE_END].join('\n');
}
