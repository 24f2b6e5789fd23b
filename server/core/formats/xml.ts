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

/** The root element, or an error message. Attributes are not kept: VOC does not use them. */
export function parseXml(source: string): { ok: true; root: XmlElement } | { ok: false; error: string } {
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  for (const match of source.matchAll(TOKEN)) {
    const [, cdata, closing, opening, , selfClosing, text, stray] = match;
    const parent = stack[stack.length - 1];
    if (stray !== undefined) return { ok: false, error: `unexpected "<" at offset ${match.index}` };
    if (cdata !== undefined || text !== undefined) {
      const value = cdata ?? decodeEntities(text ?? '');
      if (parent) parent.text += value;
      else if (value.trim() !== '') return { ok: false, error: 'text outside the root element' };
    } else if (opening !== undefined) {
      const element: XmlElement = { name: opening, children: [], text: '' };
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
