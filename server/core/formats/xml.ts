// Just enough XML for Pascal VOC files: escaping for writing, and a small tolerant element
// reader for importing files written by us, LabelImg, CVAT and similar tools.

// XML 1.0 cannot carry these even escaped; a label holding one would make the file unreadable.
const FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

// Most text written is a number or a plain name: one test instead of six replaces (a VOC
// export of a million boxes escapes about ten million strings).
const NEEDS_ESCAPE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff&<>"']/;

export function escapeXml(text: string): string {
  if (!NEEDS_ESCAPE.test(text)) return text;
  return text
    .replace(FORBIDDEN, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

export interface XmlElement {
  name: string;
  children: XmlElement[];
  /** Concatenated text directly inside the element, entities decoded. */
  text: string;
  /** Only when the element has any (LabelImg's `verified="yes"`). */
  attributes?: Record<string, string>;
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (whole, body: string) => {
    if (body.startsWith('#')) {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[body] ?? whole;
  });
}

// What can start at a "<", told apart by the character after it: a comment, CDATA, a processing
// instruction or a doctype ("<!", "<?"), a closing tag ("</"), or an opening tag. A "<" none of
// these matches is an error. Text (up to the next "<") is cut without a regex: half the tokens
// of a file are the line breaks between its tags.
const MARKUP = /<!--[\s\S]*?-->|<!\[CDATA\[([\s\S]*?)\]\]>|<\?[\s\S]*?\?>|<!DOCTYPE[^>]*>/y;
const CLOSING = /<\/\s*([^\s>]+)\s*>/y;
// An opening tag's end is found by a scan, not by one regex over the tag: an attribute pattern
// repeated up to a ">" that never comes backtracks over the rest of the file (seconds for 64 KB,
// half an hour for 1 MB), and a long enough tag overflows the regex engine's stack.
const TAG_NAME = /[^\s/>!?]+/y;

/** Offset of the ">" ending a tag whose attributes start at `from` (a quoted value may hold one), or -1. */
function tagEnd(source: string, from: number): number {
  let quote = 0;
  for (let at = from; at < source.length; at += 1) {
    const code = source.charCodeAt(at);
    if (quote !== 0) {
      if (code === quote) quote = 0;
    } else if (code === 62 /* > */) return at;
    else if (code === 34 /* " */ || code === 39 /* ' */) quote = code;
  }
  return -1;
}

/** The root element, or an error message. */
export function parseXml(source: string): { ok: true; root: XmlElement } | { ok: false; error: string } {
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  const markup = new RegExp(MARKUP);
  const closingTag = new RegExp(CLOSING);
  const tagName = new RegExp(TAG_NAME);
  const addText = (value: string) => {
    const parent = stack[stack.length - 1];
    if (parent) parent.text += value;
    else if (value.trim() !== '') return 'text outside the root element';
    return null;
  };
  let at = 0;
  while (at < source.length) {
    if (source.charCodeAt(at) !== 60 /* < */) {
      const next = source.indexOf('<', at);
      const end = next === -1 ? source.length : next;
      const error = addText(decodeEntities(source.slice(at, end)));
      if (error) return { ok: false, error };
      at = end;
      continue;
    }
    const second = source.charCodeAt(at + 1);
    const parent = stack[stack.length - 1];
    if (second !== 47 /* / */ && second !== 33 /* ! */ && second !== 63 /* ? */) {
      tagName.lastIndex = at + 1;
      const opening = tagName.exec(source)?.[0];
      const nameEnd = at + 1 + (opening?.length ?? 0);
      const end = opening === undefined ? -1 : tagEnd(source, nameEnd);
      if (opening === undefined || end === -1) return { ok: false, error: `unexpected "<" at offset ${at}` };
      const selfClosing = end > nameEnd && source.charCodeAt(end - 1) === 47 /* / */;
      const attributes = readAttributes(source.slice(nameEnd, selfClosing ? end - 1 : end));
      const element: XmlElement = attributes ? { name: opening, children: [], text: '', attributes } : { name: opening, children: [], text: '' };
      if (parent) parent.children.push(element);
      else if (root) return { ok: false, error: 'more than one root element' };
      else root = element;
      if (!selfClosing) stack.push(element);
      at = end + 1;
      continue;
    }
    const kind = second === 47 /* / */ ? closingTag : markup;
    kind.lastIndex = at;
    const match = kind.exec(source);
    if (!match) return { ok: false, error: `unexpected "<" at offset ${at}` };
    at += match[0].length;
    const cdata = kind === markup ? match[1] : undefined;
    const closing = kind === closingTag ? match[1] : undefined;
    if (cdata !== undefined) {
      const error = addText(cdata);
      if (error) return { ok: false, error };
    } else if (closing !== undefined) {
      if (!parent || parent.name !== closing) return { ok: false, error: `unexpected </${closing}>` };
      stack.pop();
    }
  }
  if (stack.length > 0) return { ok: false, error: `<${stack[stack.length - 1]?.name ?? ''}> is not closed` };
  if (!root) return { ok: false, error: 'no root element' };
  return { ok: true, root };
}

export function child(element: XmlElement, name: string): XmlElement | undefined {
  return element.children.find((c) => c.name === name);
}

export function childText(element: XmlElement, name: string): string | undefined {
  const found = child(element, name);
  return found ? found.text.trim() : undefined;
}

function readAttributes(text: string): Record<string, string> | undefined {
  if (!text.includes('=')) return undefined;
  const attributes: Record<string, string> = {};
  // A name starts only after a space or a quote: tried at every offset of a long run without
  // an "=" after it, the pattern was quadratic too.
  for (const [, name = '', doubleQuoted, singleQuoted] of text.matchAll(/(?<![^\s"'])([^\s="']+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
    attributes[name] = decodeEntities(doubleQuoted ?? singleQuoted ?? '');
  }
  return Object.keys(attributes).length > 0 ? attributes : undefined;
}

/** An element as kept in JSON (dataset fields): text only on leaves, trimmed as readers take it. */
export interface XmlNode {
  name: string;
  attributes?: Record<string, string>;
  text?: string;
  children?: XmlNode[];
}

export function toXmlNode(element: XmlElement): XmlNode {
  const base = { name: element.name, ...(element.attributes ? { attributes: element.attributes } : {}) };
  return element.children.length > 0 ? { ...base, children: element.children.map(toXmlNode) } : { ...base, text: element.text.trim() };
}

const XML_NAME = /^[A-Za-z_][\w.-]*(:[\w.-]+)?$/;

/** Nodes read back from stored JSON; null when anything is not of that shape (never trust a stored blob). */
export function asXmlNodes(value: unknown): XmlNode[] | null {
  if (!Array.isArray(value)) return null;
  const nodes: XmlNode[] = [];
  for (const item of value) {
    if (typeof item !== 'object' || item === null) return null;
    const { name, attributes, text, children } = item as Record<string, unknown>;
    if (typeof name !== 'string' || !XML_NAME.test(name)) return null;
    const node: XmlNode = { name };
    if (attributes !== undefined) {
      if (typeof attributes !== 'object' || attributes === null || !Object.entries(attributes).every(([k, v]) => XML_NAME.test(k) && typeof v === 'string')) return null;
      node.attributes = attributes as Record<string, string>;
    }
    if (text !== undefined) {
      if (typeof text !== 'string') return null;
      node.text = text;
    }
    if (children !== undefined) {
      const parsed = asXmlNodes(children);
      if (!parsed) return null;
      node.children = parsed;
    }
    nodes.push(node);
  }
  return nodes;
}

/** The node's lines, two spaces per level, pushed onto out (one array for a whole file). */
export function xmlLines(node: XmlNode, indent: number, out: string[] = []): string[] {
  const pad = '  '.repeat(indent);
  let attributes = '';
  if (node.attributes) for (const key in node.attributes) attributes += ` ${key}="${escapeXml(node.attributes[key] ?? '')}"`;
  if (node.children && node.children.length > 0) {
    out.push(`${pad}<${node.name}${attributes}>`);
    for (const c of node.children) xmlLines(c, indent + 1, out);
    out.push(`${pad}</${node.name}>`);
  } else {
    out.push(`${pad}<${node.name}${attributes}>${escapeXml(node.text ?? '')}</${node.name}>`);
  }
  return out;
}

