import { describe, expect, it } from 'vitest';
import { DomainError } from './errors';
import { checkFileName, checkProjectName, parseLabelLines } from './names';

describe('project names', () => {
  it('accepts spaces, non-ASCII letters and a lone %', () => {
    for (const name of ['street scenes', 'Straße', '猫', '100% done', 'a.b']) expect(checkProjectName(name)).toBe(name);
  });

  it('refuses names that could escape a folder or break a URL', () => {
    for (const name of ['', '   ', '\u3000\u00a0 ', '.', '...', ' . ', 'a/b', 'a\\b', '..', 'x..y', 'tab\t', 'nul\u0000', 'pct%2F', 'cats#1', 'what?', 'x'.repeat(256), 'meta', 'ImportStatus']) {
      expect(() => checkProjectName(name), JSON.stringify(name)).toThrow(DomainError);
    }
  });
});

describe('file names', () => {
  it('refuses folders and traversal', () => {
    for (const name of ['', 'a/b.png', '..\\x.png', '..', '.', 'x\u0001.png']) expect(() => checkFileName(name)).toThrow(DomainError);
    expect(checkFileName('cat (1).png')).toBe('cat (1).png');
  });
});

describe('label files', () => {
  it('trims lines, drops blanks and repeats, keeps order', () => {
    expect(parseLabelLines(' cat \r\ndog\n\n\ncat\ntraffic light\n\t\n')).toEqual(['cat', 'dog', 'traffic light']);
  });
});
