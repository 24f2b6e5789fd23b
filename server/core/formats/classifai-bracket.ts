// The "bracket" texts of the classifai config's version fields (reference E.3): JSON with
// every double quote removed. Written exactly as the original writes them; read a little
// more tolerantly (spaces around separators, items containing `:`).

export interface VersionRecord {
  uuid: string;
  /** Dates as written (E.1 format); the original ignores them on import. */
  createdDate: string | null;
  lastModifiedDate: string | null;
  nextVersionUuid: string | null;
}

export type BracketResult<T> = { ok: true; value: T } | { ok: false; error: string };

/** `{version_uuid:<uuid>,created_date:<date>,last_modified_date:<date>,next_version_uuid:null}` */
export function formatVersion(version: VersionRecord): string {
  return (
    `{version_uuid:${version.uuid},created_date:${version.createdDate ?? 'null'},` +
    `last_modified_date:${version.lastModifiedDate ?? 'null'},next_version_uuid:${version.nextVersionUuid ?? 'null'}}`
  );
}

export function formatVersionList(versions: readonly VersionRecord[]): string {
  return `[${versions.map(formatVersion).join(',')}]`;
}

/**
 * `[{<version uuid>:[<item>, <item>]}]`, Java's list printing inside. Items holding `, `
 * (or `]},{`) cannot be read back: the format has no escaping.
 */
export function formatVersionMap(entries: ReadonlyArray<readonly [string, readonly string[]]>): string {
  return `[${entries.map(([uuid, items]) => `{${uuid}:[${items.join(', ')}]}`).join(',')}]`;
}

/** Quoted and cut short: a uuid list can be megabytes long. */
const shown = (text: string) => JSON.stringify(text.length > 80 ? `${text.slice(0, 77)}...` : text);

function unwrap(text: string, open: string, close: string): string | null {
  const trimmed = text.trim();
  return trimmed.startsWith(open) && trimmed.endsWith(close) && trimmed.length >= 2 ? trimmed.slice(1, -1).trim() : null;
}

export function parseVersion(text: string): BracketResult<VersionRecord> {
  // The original strips an outer [ ] too, so a one-element list is accepted here.
  const inner = unwrap(unwrap(text, '[', ']') ?? text, '{', '}');
  if (inner === null) return { ok: false, error: `${shown(text)} is not a {key:value,…} version object` };
  const fields = new Map<string, string>();
  for (const part of inner.split(',')) {
    const colon = part.indexOf(':');
    if (colon <= 0) return { ok: false, error: `${shown(part.trim())} in ${shown(text)} is not key:value` };
    fields.set(part.slice(0, colon).trim(), part.slice(colon + 1).trim());
  }
  const uuid = fields.get('version_uuid');
  if (!uuid || uuid === 'null') return { ok: false, error: `${shown(text)} has no version_uuid` };
  const orNull = (value: string | undefined) => (value === undefined || value === 'null' || value === '' ? null : value);
  return {
    ok: true,
    value: {
      uuid,
      createdDate: orNull(fields.get('created_date')),
      lastModifiedDate: orNull(fields.get('last_modified_date')),
      nextVersionUuid: orNull(fields.get('next_version_uuid')),
    },
  };
}

export function parseVersionList(text: string): BracketResult<VersionRecord[]> {
  const inner = unwrap(text, '[', ']');
  if (inner === null) return { ok: false, error: `${shown(text)} is not a [ … ] list` };
  if (inner === '') return { ok: false, error: 'the version list is empty' };
  const versions: VersionRecord[] = [];
  for (const piece of inner.split(/\}\s*,\s*\{/)) {
    const parsed = parseVersion(`{${piece.replace(/^\s*\{/, '').replace(/\}\s*$/, '')}}`);
    if (!parsed.ok) return parsed;
    versions.push(parsed.value);
  }
  return { ok: true, value: versions };
}

/** Version uuid → items. `[{v:[]}]` is an empty list (the original reads one empty string). */
export function parseVersionMap(text: string): BracketResult<Map<string, string[]>> {
  const inner = unwrap(text, '[', ']');
  if (inner === null) return { ok: false, error: `${shown(text)} is not a [{version:[…]}] list` };
  const map = new Map<string, string[]>();
  if (inner === '') return { ok: true, value: map };
  const malformed = { ok: false as const, error: `${shown(text)} is not a [{version:[…]}] list` };
  if (!inner.startsWith('{') || !/\]\s*\}$/.test(inner)) return malformed;
  // Each piece is now `<uuid>:[<items>`; uuids never hold a colon, labels may.
  for (const piece of inner.slice(1).replace(/\]\s*\}$/, '').split(/\]\s*\}\s*,\s*\{/)) {
    const colon = piece.indexOf(':');
    const list = colon > 0 ? piece.slice(colon + 1).trimStart() : '';
    if (!list.startsWith('[')) return malformed;
    const uuid = piece.slice(0, colon).trim();
    if (map.has(uuid)) return { ok: false, error: `version ${uuid} is listed twice in ${shown(text)}` };
    const items = list.slice(1);
    map.set(uuid, items === '' ? [] : items.split(', '));
  }
  return { ok: true, value: map };
}
