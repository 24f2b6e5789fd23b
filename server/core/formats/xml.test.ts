import { describe, expect, it } from 'vitest';
import { asXmlNodes, childText, decodeEntities, escapeXml, parseXml, toXmlNode, xmlLines } from './xml';

describe('xml', () => {
  it('escapes the five special characters and drops characters XML cannot hold', () => {
    expect(escapeXml(`a<b&"c"'d'>`)).toBe('a&lt;b&amp;&quot;c&quot;&apos;d&apos;&gt;');
    expect(escapeXml('bell\u0007\ttab')).toBe('bell\ttab');
  });

  it('decodes entities', () => {
    expect(decodeEntities('&lt;&amp;&#65;&#x42;&unknown;')).toBe('<&AB&unknown;');
  });

  it('reads elements, text, CDATA and attributes, and ignores declarations and comments', () => {
    const parsed = parseXml(`<?xml version="1.0"?>\n<!-- c --><annotation verified="no"><name>a &amp; b</name><x><![CDATA[<raw>]]></x><empty/></annotation>`);
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.root.name).toBe('annotation');
    expect(parsed.root.children.map((c) => c.name)).toEqual(['name', 'x', 'empty']);
    expect(childText(parsed.root, 'name')).toBe('a & b');
    expect(childText(parsed.root, 'x')).toBe('<raw>');
    expect(childText(parsed.root, 'empty')).toBe('');
    expect(parsed.root.attributes).toEqual({ verified: 'no' });
  });

  it('writes a kept element tree back, and refuses a stored tree that would not be XML', () => {
    const parsed = parseXml(`<object a="1 &amp; 2"><name>x &lt; y</name><part><name>head</name></part><empty/></object>`);
    if (!parsed.ok) throw new Error(parsed.error);
    const node = toXmlNode(parsed.root);
    const [kept] = asXmlNodes(JSON.parse(JSON.stringify([node])) as unknown) ?? [];
    const written = parseXml(xmlLines(kept ?? { name: 'none' }, 0).join('\n'));
    expect(written.ok && toXmlNode(written.root)).toEqual(node);
    expect(asXmlNodes([{ name: 'a><script' }])).toBeNull();
    expect(asXmlNodes([{ name: 'a', children: [{ name: 'b', text: 3 }] }])).toBeNull();
    expect(asXmlNodes({ name: 'a' })).toBeNull();
  });

  it('keeps a quoted ">" inside its attribute and says where a stray "<" is', () => {
    const parsed = parseXml(`<!DOCTYPE annotation>\n<a b='x>y' c="1"><d>t</d >\n</a>`);
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.root.attributes).toEqual({ b: 'x>y', c: '1' });
    expect(childText(parsed.root, 'd')).toBe('t');
    expect(parseXml('<a>x <! y</a>')).toEqual({ ok: false, error: 'unexpected "<" at offset 5' });
  });

  // The attribute patterns backtracked quadratically over a tag with no ">": seconds for
  // 64 KB, half an hour for 1 MB, with the event loop blocked. Bounds are loose for slow machines.
  it('refuses a megabyte-long unterminated tag, and reads a megabyte-long terminated one, in linear time', () => {
    const run = 'a'.repeat(1024 * 1024);
    const started = performance.now();
    expect(parseXml(`<annotation>${run}`)).toEqual({ ok: false, error: '<annotation> is not closed' });
    expect(parseXml(`<annotation><${run}`)).toEqual({ ok: false, error: 'unexpected "<" at offset 12' });
    expect(parseXml(`<annotation ${run}`)).toEqual({ ok: false, error: 'unexpected "<" at offset 0' });
    expect(parseXml(`<annotation x="${run}`)).toEqual({ ok: false, error: 'unexpected "<" at offset 0' });
    const long = parseXml(`<annotation ${run}="1" ${' '.repeat(run.length)}/>`);
    expect(long.ok && long.root.attributes).toEqual({ [run]: '1' });
    expect(parseXml(`<a ${run}=unquoted/>`)).toEqual({ ok: true, root: { name: 'a', children: [], text: '' } });
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('reports broken documents', () => {
    for (const text of ['', 'text', '<a><b></a>', '<a>', '<a></a><b></b>', '<a>1 < 2</a>']) expect(parseXml(text).ok, text).toBe(false);
  });
});
