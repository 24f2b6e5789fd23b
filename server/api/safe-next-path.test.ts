import { describe, expect, it } from 'vitest';
import { safeNextPath } from './safe-next-path';

describe('safeNextPath', () => {
  it('keeps a path of this site, its query and fragment', () => {
    expect(safeNextPath('/projects/bndbox/cats%20%26%20dogs?x=1#top')).toBe('/projects/bndbox/cats%20%26%20dogs?x=1#top');
    expect(safeNextPath('/')).toBe('/');
  });

  it('sends anything that a browser would read as another site home', () => {
    for (const value of ['//evil.example', '/\\evil.example', '/\t/evil.example', '/\n/evil.example', '/%09/evil.example'.replace('%09', '\t'), 'https://evil.example', 'evil.example', '', null, undefined]) {
      expect(safeNextPath(value), String(value)).toBe('/');
    }
  });

  it('sends what is no URL at all home instead of throwing', () => {
    for (const value of ['//[', '//a b', '//a%20b', '//evil.example:99999']) {
      expect(safeNextPath(value), value).toBe('/');
    }
  });
});
