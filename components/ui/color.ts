// Label colours arrive in classifai's text form, rgba(r,g,b,a), or as #rrggbb from a colour
// input; anything else (a client may send any string) falls back to one default.

export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

/** The colour of a label without a usable one. */
export const DEFAULT_LABEL_COLOR = 'rgba(0,200,83,1.0)';

const channel = (text: string) => Math.min(255, Math.max(0, Math.round(Number(text))));

export function parseColor(text: string): Rgba | null {
  const functional = /^\s*rgba?\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)\s*(?:,\s*([\d.]+)\s*)?\)\s*$/i.exec(text);
  if (functional) {
    const [, r = '0', g = '0', b = '0', a] = functional;
    return { r: channel(r), g: channel(g), b: channel(b), a: a === undefined ? 1 : Math.min(1, Math.max(0, Number(a))) };
  }
  const hex = /^\s*#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})\s*$/i.exec(text);
  if (hex) {
    const [, r = '0', g = '0', b = '0'] = hex;
    return { r: parseInt(r, 16), g: parseInt(g, 16), b: parseInt(b, 16), a: 1 };
  }
  return null;
}

const parseOrDefault = (text: string): Rgba => parseColor(text) ?? parseColor(DEFAULT_LABEL_COLOR) ?? { r: 0, g: 200, b: 83, a: 1 };

/** The same colour at another opacity, e.g. a shape's translucent fill. */
export function withAlpha(text: string, alpha: number): string {
  const { r, g, b } = parseOrDefault(text);
  return `rgba(${r},${g},${b},${alpha})`;
}

/** #rrggbb, what an <input type="color"> takes. */
export function toHex(text: string): string {
  const { r, g, b } = parseOrDefault(text);
  return `#${[r, g, b].map((value) => value.toString(16).padStart(2, '0')).join('')}`;
}

/** classifai's text form, from an <input type="color"> value. */
export function fromHex(hex: string): string {
  const { r, g, b } = parseOrDefault(hex);
  return `rgba(${r},${g},${b},1.0)`;
}

/** The colour a label is drawn in: its own when usable, else the default. */
export const usableColor = (text: string | null | undefined): string => (text && parseColor(text) ? text : DEFAULT_LABEL_COLOR);
