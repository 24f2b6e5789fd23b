// The class names of an Ultralytics `data.yaml` / `dataset.yaml`, and nothing else of YAML:
// `names` as a list (`[a, b]` or `- a` lines) or as an index mapping (`{0: a}` or `0: a`
// lines). A full YAML parser would be a dependency for two shapes of one key.

/** Index → name, or an error saying why `names` could not be read. */
export type YamlNames = { ok: true; names: Map<number, string> } | { ok: false; error: string };

const TOP_LEVEL_NAMES = /^names\s*:(.*)$/;

export function readYamlNames(source: string): YamlNames {
  const lines = source.split(/\r?\n|\r/);
  const start = lines.findIndex((line) => TOP_LEVEL_NAMES.test(line));
  if (start < 0) return { ok: false, error: 'no top-level "names" key' };
  const inline = stripComment(TOP_LEVEL_NAMES.exec(lines[start] ?? '')?.[1] ?? '').trim();
  if (inline !== '') return readFlow(inline);
  return readBlock(lines.slice(start + 1));
}

/** `[a, 'b']` or `{0: a, 1: "b"}` on the `names:` line. */
function readFlow(text: string): YamlNames {
  const open = text[0];
  const close = open === '[' ? ']' : open === '{' ? '}' : '';
  if (close === '' || !text.endsWith(close)) return { ok: false, error: `"names" is neither a list nor a mapping: ${text}` };
  const items = splitFlow(text.slice(1, -1));
  if (open === '[') return listNames(items.map((item) => scalar(item)));
  return mappingNames(items.map((item) => splitKey(item)));
}

/** `- a` lines (at any indent, as Roboflow writes them at column 0) or `0: a` lines. */
function readBlock(lines: readonly string[]): YamlNames {
  const entries: string[] = [];
  for (const raw of lines) {
    const line = stripComment(raw);
    if (line.trim() === '') continue;
    const indented = /^\s/.test(line);
    const item = line.trim();
    // A new top-level key ends the block; a list may sit at column 0 under its key.
    if (!indented && !item.startsWith('- ') && item !== '-') break;
    entries.push(item);
  }
  if (entries.length === 0) return { ok: false, error: '"names" is empty' };
  if (entries.every((entry) => entry === '-' || entry.startsWith('- '))) return listNames(entries.map((entry) => scalar(entry.slice(1))));
  return mappingNames(entries.map((entry) => splitKey(entry)));
}

function listNames(values: ReadonlyArray<string | null>): YamlNames {
  const names = new Map<number, string>();
  for (const [index, value] of values.entries()) {
    if (value === null) return { ok: false, error: `name ${index} is not a plain or quoted string` };
    names.set(index, value);
  }
  return { ok: true, names };
}

function mappingNames(pairs: ReadonlyArray<[string, string] | null>): YamlNames {
  const names = new Map<number, string>();
  for (const pair of pairs) {
    const key = pair ? scalar(pair[0]) : null;
    const value = pair ? scalar(pair[1]) : null;
    if (!pair || key === null || !/^\d+$/.test(key) || value === null) return { ok: false, error: `"names" has an entry that is not "<index>: <name>"` };
    if (names.has(Number(key))) return { ok: false, error: `class ${key} is named twice` };
    names.set(Number(key), value);
  }
  return { ok: true, names };
}

/** `key: value` split at the first colon outside quotes. */
function splitKey(item: string): [string, string] | null {
  const at = indexOutsideQuotes(item, ':');
  return at < 0 ? null : [item.slice(0, at), item.slice(at + 1)];
}

/** A flow collection's items, split at commas outside quotes. */
function splitFlow(body: string): string[] {
  const items: string[] = [];
  let rest = body;
  for (let at = indexOutsideQuotes(rest, ','); at >= 0; at = indexOutsideQuotes(rest, ',')) {
    items.push(rest.slice(0, at));
    rest = rest.slice(at + 1);
  }
  if (rest.trim() !== '' || items.length > 0) items.push(rest);
  return items;
}

function indexOutsideQuotes(text: string, wanted: string): number {
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === '\\' && quote === '"') i += 1;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === wanted) return i;
  }
  return -1;
}

/** A comment starts at `#` after whitespace, outside quotes. */
function stripComment(line: string): string {
  let quote: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote) {
      if (c === '\\' && quote === '"') i += 1;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '#' && (i === 0 || /\s/.test(line[i - 1] ?? ''))) return line.slice(0, i);
  }
  return line;
}

/** A plain, 'single' or "double" quoted scalar; null for anything else (a nested collection). */
function scalar(raw: string): string | null {
  const text = raw.trim();
  if (text.startsWith('"')) {
    try {
      const value: unknown = JSON.parse(text);
      return typeof value === 'string' ? value : null;
    } catch {
      return null;
    }
  }
  if (text.startsWith("'")) return text.length >= 2 && text.endsWith("'") ? text.slice(1, -1).replace(/''/g, "'") : null;
  if (text === '' || /^[[{&*!|>]/.test(text)) return null;
  return text;
}
