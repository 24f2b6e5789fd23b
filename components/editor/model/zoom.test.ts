import { describe, expect, it } from 'vitest';
import { formatZoom } from './zoom';

describe('formatZoom', () => {
  it('reads whole percents at ordinary zooms', () => {
    expect(formatZoom(1)).toBe('100%');
    expect(formatZoom(0.6667)).toBe('67%');
    expect(formatZoom(13.2)).toBe('1320%');
    expect(formatZoom(0.0996)).toBe('10%');
  });

  it('keeps one decimal when a large image is fitted far below 10 %', () => {
    expect(formatZoom(0.045)).toBe('4.5%');
    expect(formatZoom(0.05)).toBe('5%');
    expect(formatZoom(0.0004)).toBe('0.1%');
  });

  it('shows a dash rather than a nonsense number for a broken scale', () => {
    expect(formatZoom(Number.NaN)).toBe('–');
    expect(formatZoom(0)).toBe('–');
  });
});
