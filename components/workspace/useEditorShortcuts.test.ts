// Which keys the editor takes and which it leaves to the focused element, and when a shortcut
// counts as handled: plain element stand-ins here (no DOM in these tests), a real store and tools.
import { describe, expect, it } from 'vitest';
import { ACTIONS, type ActionContext } from '@/components/editor/actions/actions';
import { createEditorStore } from '@/components/editor/model/editor-store';
import { createToolController } from '@/components/editor/model/tools';
import { keyFocusOf, routeKey, runShortcut, type FocusNode } from './useEditorShortcuts';

const node = (tagName: string, attributes: Record<string, string> = {}, parentElement: FocusNode | null = null, isContentEditable = false): FocusNode => ({
  tagName,
  isContentEditable,
  parentElement,
  getAttribute: (name) => attributes[name] ?? null,
});
const body = node('BODY', {}, node('HTML'));
const key = (k: string, modifiers: { shift?: boolean; ctrl?: boolean; alt?: boolean } = {}) => ({ key: k, shiftKey: modifiers.shift === true, ctrlKey: modifiers.ctrl === true, metaKey: false, altKey: modifiers.alt === true });
const route = (target: FocusNode | null, k: ReturnType<typeof key>) => routeKey(keyFocusOf(target), k);

describe('routeKey', () => {
  it('gives Enter to the polygon being drawn even on a button clicked meanwhile, but not in a panel or on a select', () => {
    const polygon = { kind: 'polygon' as const, points: [{ x: 10, y: 10 }, { x: 50, y: 10 }], hover: null };
    const lock = node('BUTTON', { 'aria-label': 'Lock bus' }, node('DIV', {}, body));
    expect(route(lock, key('Enter'))).toBe('ignore');
    expect(routeKey(keyFocusOf(lock), key('Enter'), polygon)).toBe('editor');
    const inPanel = node('BUTTON', {}, node('DIV', { role: 'dialog' }, body));
    expect(routeKey(keyFocusOf(inPanel), key('Enter'), polygon)).toBe('ignore');
    const select = node('SELECT', { 'data-editor-keys': '' }, body);
    expect(routeKey(keyFocusOf(select), key('Enter'), polygon)).toBe('ignore');
  });

  it('leaves Enter to the button while a box is dragged, or a polygon has no point left: nothing for Enter to close', () => {
    const lock = node('BUTTON', { 'aria-label': 'Lock bus' }, node('DIV', {}, body));
    expect(routeKey(keyFocusOf(lock), key('Enter'), { kind: 'box', start: { x: 10, y: 10 }, current: { x: 50, y: 40 } })).toBe('ignore');
    expect(routeKey(keyFocusOf(lock), key('Enter'), { kind: 'polygon', points: [], hover: null })).toBe('ignore');
  });

  it('gives letters and arrows to the editor over a focused select, which then does not change', () => {
    const select = node('SELECT', { 'aria-label': 'Split side of this image', 'data-editor-keys': '' }, node('LABEL', {}, body));
    expect(route(select, key('v'))).toBe('editor-only');
    expect(route(select, key('V', { shift: true }))).toBe('editor-only');
    expect(route(select, key('ArrowRight'))).toBe('editor-only');
    expect(route(select, key('ArrowDown'))).toBe('editor-only');
    // Keys that do not change a closed select go on as before: Tab moves on, Ctrl+Z undoes, Alt+↓ opens it.
    expect(route(select, key('Tab'))).toBe('editor');
    expect(route(select, key('z', { ctrl: true }))).toBe('editor');
    expect(route(select, key('ArrowDown', { alt: true }))).toBe('editor');
    // Enter and Space open the select, as a form control does.
    expect(route(select, key('Enter'))).toBe('ignore');
    expect(route(select, key(' '))).toBe('ignore');
  });

  it('leaves every key to a select not marked for the editor (a form field, e.g. the check panel\'s format)', () => {
    const select = node('SELECT', { 'aria-label': 'Format to check' }, node('DIV', { role: 'region' }, body));
    for (const k of ['v', 'ArrowDown', 'ArrowRight', ' ', 'Enter']) expect(route(select, key(k)), k).toBe('ignore');
  });

  it('never runs a shortcut while text is typed, or in a modal dialog', () => {
    expect(route(node('INPUT', { type: 'text' }, body), key('v'))).toBe('ignore');
    expect(route(node('TEXTAREA', {}, body), key('ArrowRight'))).toBe('ignore');
    expect(route(node('DIV', {}, body, true), key('d'))).toBe('ignore');
    const modal = node('DIALOG', { open: '' }, body);
    expect(route(node('SELECT', {}, node('TD', {}, modal)), key('v'))).toBe('ignore');
    expect(route(node('BUTTON', {}, modal), key('Enter'))).toBe('ignore');
  });

  it('leaves Enter to a focused button or link, Enter and Space to anything in a role="dialog" panel; Space elsewhere still pans', () => {
    const button = node('BUTTON', {}, node('DIV', { role: 'toolbar' }, body));
    expect(route(button, key('Enter'))).toBe('ignore');
    // A toolbar button keeps the focus after a click: Space held then is still the editor's pan.
    expect(route(button, key(' '))).toBe('editor');
    expect(route(button, key('v'))).toBe('editor');
    expect(route(node('A', { href: '/' }, body), key('Enter'))).toBe('ignore');
    expect(route(node('DIV', { role: 'button', tabindex: '0' }, body), key('Enter'))).toBe('ignore');
    // Simplify's panel: its Apply button, and the panel itself.
    const panel = node('DIV', { role: 'dialog', 'aria-label': 'Simplify polygon' }, body);
    const apply = node('BUTTON', {}, node('DIV', { class: 'row end' }, panel));
    expect(route(apply, key('Enter'))).toBe('ignore');
    expect(route(panel, key(' '))).toBe('ignore');
    expect(route(node('P', {}, panel), key('Enter'))).toBe('ignore');
    // The question before a removal is an alertdialog.
    expect(route(node('P', {}, node('DIV', { role: 'alertdialog' }, body)), key('Enter'))).toBe('ignore');
  });

  it('takes Enter and Space (hold to pan) when nothing in particular has the focus', () => {
    expect(route(body, key('Enter'))).toBe('editor');
    expect(route(body, key(' '))).toBe('editor');
    expect(route(null, key('d'))).toBe('editor');
    expect(route(node('DIV', {}, body), key(' '))).toBe('editor');
  });
});

describe('runShortcut', () => {
  const setup = () => {
    const store = createEditorStore();
    store.load('img', { width: 100, height: 100 }, []);
    store.setActiveLabel('car');
    store.setTool('polygon');
    const tools = createToolController(store, 'seg');
    const told: string[] = [];
    const workspace = { tellDrawing: (text: string) => void told.push(text) } as unknown as ActionContext['workspace'];
    const context = { store, tools, heldKeys: { holdKey: () => false }, projectType: 'seg' as const, labels: ['car'], workspace };
    const actionsOn = (chord: string) => ACTIONS.filter((action) => (action.defaultKeys as readonly string[]).includes(chord));
    return { store, context, actionsOn, told };
  };

  it('counts Enter as handled only when a polygon was drawn, and says why one too small did not close', () => {
    const { store, context, actionsOn, told } = setup();
    expect(runShortcut(actionsOn('Enter'), context)).toBe(false);
    expect(told).toEqual([]);
    // Two points enclose nothing: the draft stays, and Enter says why (it is not the focused button's).
    store.setDraft({ kind: 'polygon', points: [{ x: 10, y: 10 }, { x: 50, y: 10 }], hover: null });
    expect(runShortcut(actionsOn('Enter'), context)).toBe(true);
    expect(told).toEqual(['A polygon needs at least 3 points that enclose an area']);
    expect(store.getState().draft).toMatchObject({ kind: 'polygon', points: [{ x: 10, y: 10 }, { x: 50, y: 10 }] });
    // Three on a line neither.
    store.setDraft({ kind: 'polygon', points: [{ x: 10, y: 10 }, { x: 30, y: 10 }, { x: 50, y: 10 }], hover: null });
    expect(runShortcut(actionsOn('Enter'), context)).toBe(true);
    expect(told).toHaveLength(2);
    store.setDraft({ kind: 'polygon', points: [{ x: 10, y: 10 }, { x: 50, y: 10 }, { x: 30, y: 40 }], hover: null });
    expect(runShortcut(actionsOn('Enter'), context)).toBe(true);
    expect(store.getState().shapes).toMatchObject([{ kind: 'polygon', label: 'car' }]);
    expect(told).toHaveLength(2);
  });

  it('counts other actions as handled when one runs, and none when no action applies', () => {
    const { store, context, actionsOn } = setup();
    expect(runShortcut(actionsOn('v'), context)).toBe(true);
    expect(store.getState().tool).toBe('select');
    expect(runShortcut([], context)).toBe(false);
    // The tools seen by the action are the editor's own (state and all).
    store.setTool('polygon');
    store.setDraft({ kind: 'polygon', points: [{ x: 10, y: 10 }], hover: null });
    expect(runShortcut(actionsOn('Escape'), context)).toBe(true);
    expect(store.getState().draft).toBeNull();
  });

  it("takes the action's own word on whether it did something, with the editor's own context", () => {
    const { context } = setup();
    const seen: unknown[] = [];
    const action = (result: boolean | void) => ({ id: 'test', title: 'Test', group: 'Edit' as const, defaultKeys: [], run: (given: typeof context) => (seen.push(given), result) });
    expect(runShortcut([action(false)], context)).toBe(false);
    expect(runShortcut([action(true)], context)).toBe(true);
    expect(runShortcut([action(undefined)], context)).toBe(true);
    // No layer over the tools: the action gets the very objects the editor holds.
    expect(seen.every((given) => given === context)).toBe(true);
  });

  it('counts an Enter held for the image still loading as handled: the polygon it closes comes with it', () => {
    const { context, actionsOn } = setup();
    expect(runShortcut(actionsOn('Enter'), { ...context, heldKeys: { holdKey: (key) => key === 'complete' } })).toBe(true);
  });
});
