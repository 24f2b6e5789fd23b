// JSON laid out like Jackson's default pretty printer, which wrote the original's config
// files: `"key" : value`, two-space indent per object level, arrays inline (`[ 1, 2 ]`,
// `[ {` … `}, {` … `} ]`), `[ ]` and `{ }` when empty, no newline at the end.

export function toJacksonJson(value: unknown): string {
  return write(value, 0);
}

function write(value: unknown, level: number): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number') return Number.isFinite(value) ? JSON.stringify(value) : 'null';
  if (typeof value === 'string' || typeof value === 'boolean') return JSON.stringify(value);
  // Arrays do not indent: Jackson's array indenter writes on the line of its parent.
  if (Array.isArray(value)) return value.length === 0 ? '[ ]' : `[ ${value.map((item: unknown) => write(item, level)).join(', ')} ]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined);
    if (entries.length === 0) return '{ }';
    const indent = '  '.repeat(level + 1);
    const body = entries.map(([key, item]) => `${indent}${JSON.stringify(key)} : ${write(item, level + 1)}`).join(',\n');
    return `{\n${body}\n${'  '.repeat(level)}}`;
  }
  return 'null';
}
