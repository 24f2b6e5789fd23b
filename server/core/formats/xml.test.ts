import { describe, expect, it } from 'vitest';
import { childText, decodeEntities, escapeXml, parseXml } from './xml';

describe('xml', () => {
  it('escapes the five special characters and drops characters XML cannot hold', () => {
    expect(escapeXml(`a<b&"c"'d'>`)).toBe('a&lt;b&amp;&quot;c&quot;&apos;d&apos;&gt;');
    expect(escapeXml('bell\u0007\ttab')).toBe('bell\ttab');
  });

  it('decodes entities', () => {
    expect(decodeEntities('&lt;&amp;&#65;&#x42;&unknown;')).toBe('<&AB&unknown;');
  });

  it('reads elements, text, CDATA and ignores declarations, comments and attributes', () => {
    const parsed = parseXml(`<?xml version="1.0"?>\n<!-- c --><annotation verified="no"><name>a &amp; b</name><x><![CDATA[<raw>]]></x><empty/></annotation>`);
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.root.name).toBe('annotation');
    expect(parsed.root.children.map((c) => c.name)).toEqual(['name', 'x', 'empty']);
    expect(childText(parsed.root, 'name')).toBe('a & b');
    expect(childText(parsed.root, 'x')).toBe('<raw>');
    expect(childText(parsed.root, 'empty')).toBe('');
  });

  it('reports broken documents', () => {
    for (const text of ['', 'text', '<a><b></a>', '<a>', '<a></a><b></b>', '<a>1 < 2</a>']) expect(parseXml(text).ok, text).toBe(false);
  });
});
