import { describe, expect, it } from 'vitest';
import { toJacksonJson } from './jackson-json';

describe("Jackson's default pretty printer layout", () => {
  it('indents objects, keeps arrays inline and writes " : "', () => {
    const value = { a: 1, list: [{ b: 'x', c: [1, 2] }, { d: null }], empty: [], none: {}, nested: { e: true, f: 1.5 } };
    expect(toJacksonJson(value)).toBe(
      [
        '{',
        '  "a" : 1,',
        '  "list" : [ {',
        '    "b" : "x",',
        '    "c" : [ 1, 2 ]',
        '  }, {',
        '    "d" : null',
        '  } ],',
        '  "empty" : [ ],',
        '  "none" : { },',
        '  "nested" : {',
        '    "e" : true,',
        '    "f" : 1.5',
        '  }',
        '}',
      ].join('\n'),
    );
  });

  it('escapes strings as JSON and leaves out undefined keys', () => {
    expect(toJacksonJson({ s: 'a"b\\c\n', u: undefined, n: Number.NaN })).toBe('{\n  "s" : "a\\"b\\\\c\\n",\n  "n" : null\n}');
    expect(JSON.parse(toJacksonJson({ s: 'ünï "x" /' }))).toEqual({ s: 'ünï "x" /' });
  });
});
