// Just enough XML for Pascal VOC files: escaping for writing, and a small tolerant element
// reader for importing files written by us, LabelImg, CVAT and similar tools.

// XML 1.0 cannot carry these even escaped; a label holding one would make the file unreadable.
const FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

export function escapeXml(text: string): string {
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
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (whole, body: string) => {
    if (body.startsWith('#')) {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[body] ?? whole;
  });
}

const TOKEN = /<!--[\s\S]*?-->|<!\[CDATA\[([\s\S]*?)\]\]>|<\?[\s\S]*?\?>|<!DOCTYPE[^>]*>|<\/\s*([^\s>]+)\s*>|<([^\s/>!?]+)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>|([^<]+)|(<)/g;

/** The root element, or an error message. */
export function parseXml(source: string): { ok: true; root: XmlElement } | { ok: false; error: string } {
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  for (const match of source.matchAll(TOKEN)) {
    const [, cdata, closing, opening, attributeText, selfClosing, text, stray] = match;
    const parent = stack[stack.length - 1];
    if (stray !== undefined) return { ok: false, error: `unexpected "<" at offset ${match.index}` };
    if (cdata !== undefined || text !== undefined) {
      const value = cdata ?? decodeEntities(text ?? '');
      if (parent) parent.text += value;
      else if (value.trim() !== '') return { ok: false, error: 'text outside the root element' };
    } else if (opening !== undefined) {
      const attributes = readAttributes(attributeText ?? '');
      const element: XmlElement = { name: opening, children: [], text: '', ...(attributes ? { attributes } : {}) };
      if (parent) parent.children.push(element);
      else if (root) return { ok: false, error: 'more than one root element' };
      else root = element;
      if (selfClosing !== '/') stack.push(element);
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
  const attributes: Record<string, string> = {};
  for (const [, name = '', doubleQuoted, singleQuoted] of text.matchAll(/([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
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

/** The node's lines, two spaces per level. */
export function xmlLines(node: XmlNode, indent: number): string[] {
  const pad = '  '.repeat(indent);
  const attributes = Object.entries(node.attributes ?? {}).map(([k, v]) => ` ${k}="${escapeXml(v)}"`).join('');
  if (node.children && node.children.length > 0) {
    return [`${pad}<${node.name}${attributes}>`, ...node.children.flatMap((c) => xmlLines(c, indent + 1)), `${pad}</${node.name}>`];
  }
  return [`${pad}<${node.name}${attributes}>${escapeXml(node.text ?? '')}</${node.name}>`];
}

