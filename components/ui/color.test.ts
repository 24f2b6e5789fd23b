import { describe, expect, it } from 'vitest';
import { DEFAULT_LABEL_COLOR, fromHex, parseColor, toHex, usableColor, withAlpha } from './color';

describe('label colours', () => {
  it('reads classifai rgba text, rgb and #rrggbb alike', () => {
    expect(parseColor('rgba(230,25,75,1.0)')).toEqual({ r: 230, g: 25, b: 75, a: 1 });
    expect(parseColor('rgb(1, 2, 3)')).toEqual({ r: 1, g: 2, b: 3, a: 1 });
    expect(parseColor('#0a0B0c')).toEqual({ r: 10, g: 11, b: 12, a: 1 });
  });

  it('gives a translucent fill of the same colour, whatever form the colour came in', () => {
    expect(withAlpha('rgba(230,25,75,1.0)', 0.15)).toBe('rgba(230,25,75,0.15)');
    expect(withAlpha('#ff0000', 0.15)).toBe('rgba(255,0,0,0.15)');
  });

  it('round-trips through the colour input', () => {
    expect(toHex('rgba(230,25,75,1.0)')).toBe('#e6194b');
    expect(fromHex('#e6194b')).toBe('rgba(230,25,75,1.0)');
  });

  it('draws a label with an unusable colour in the one default', () => {
    expect(parseColor('red; background: url(x)')).toBeNull();
    expect(usableColor('')).toBe(DEFAULT_LABEL_COLOR);
    expect(usableColor('nonsense')).toBe(DEFAULT_LABEL_COLOR);
    expect(usableColor('#123456')).toBe('#123456');
    expect(toHex('nonsense')).toBe(toHex(DEFAULT_LABEL_COLOR));
  });
});
