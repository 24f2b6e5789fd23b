// The workspace strip's list (a filter, optionally one label) read in natural order: pages,
// counts, positions and look-ups, as index ranges (the SQLite version's twin, same statements).
import type { ImageList, ImagePosition, ImageRepository } from '@/server/core/repositories';
import { LISTED_IMAGE_COLUMNS, type ListedImageRow, toListedImage } from '../image-row';
import type { PostgresDatabase, SqlValue } from './database';
import { namedStatement, type NamedStatement } from './named-statement';

type ListKind = 'all' | 'labeled' | 'unlabeled' | 'label' | 'assigned';

interface ListSource {
  /** FROM ... WHERE ..., selecting from images as i; @projectId (and @label) bound. */
  from: string;
  /** The same rows without the images table, for counting. */
  countFrom: string;
  /** The natural order's columns, of the table the range is read from. */
  key: string;
}

const plain = (condition: string): ListSource => ({
  from: `FROM images AS i WHERE i.project_id = @projectId AND i.present ${condition}`,
  countFrom: `FROM images AS i WHERE i.project_id = @projectId AND i.present ${condition}`,
  key: 'i.sort_key, i.rel_path',
});

// image_labels copies sort_key, rel_path and present: the range is read from its primary key,
// and the images row is joined only for the rows returned.
const SOURCES: Record<ListKind, ListSource> = {
  all: plain(''),
  labeled: plain('AND i.shape_count > 0'),
  unlabeled: plain('AND i.shape_count = 0'),
  label: {
    from: `FROM image_labels AS l JOIN images AS i ON i.project_id = l.project_id AND i.uuid = l.uuid
      WHERE l.project_id = @projectId AND l.label = @label AND l.present`,
    countFrom: 'FROM image_labels AS l WHERE l.project_id = @projectId AND l.label = @label AND l.present',
    key: 'l.sort_key, l.rel_path',
  },
  // An annotator's images ("assigned to me"), with the filter as a parameter.
  assigned: {
    from: `FROM assignments AS a JOIN images AS i ON i.project_id = a.project_id AND i.uuid = a.uuid
      WHERE a.project_id = @projectId AND a.assignee = @assignee AND i.present AND (@filter::text = 'all' OR (@filter::text = 'labeled' AND i.shape_count > 0) OR (@filter::text = 'unlabeled' AND i.shape_count = 0))`,
    countFrom: `FROM assignments AS a JOIN images AS i ON i.project_id = a.project_id AND i.uuid = a.uuid
      WHERE a.project_id = @projectId AND a.assignee = @assignee AND i.present AND (@filter::text = 'all' OR (@filter::text = 'labeled' AND i.shape_count > 0) OR (@filter::text = 'unlabeled' AND i.shape_count = 0))`,
    key: 'i.sort_key, i.rel_path',
  },
};

// The text is compared under "C", as the column: lower() then folds ASCII only and keeps the
// length, as SQLite's does, whatever the database's locale.
const TEXT = '(@text::text COLLATE "C")';
const MATCHES = {
  path: 'AND i.rel_path = @text',
  file_name: `AND (lower(i.rel_path) = lower(${TEXT}) OR right(lower(i.rel_path), length(${TEXT}) + 1) = '/' || lower(${TEXT}))`,
  contains: `AND strpos(lower(i.rel_path), lower(${TEXT})) > 0`,
} as const;

interface KeyRow {
  uuid: string;
  sort_key: string;
  rel_path: string;
}

/** A key of the plain list and the images_version it was read at (no key: past the end). */
interface Anchor {
  version: SqlValue;
  sort_key: string | null;
  rel_path: string | null;
}

/** Every this-many-th position of a project's plain list has its key remembered. */
const ANCHOR_EVERY = 256;

type Params = Record<string, SqlValue>;
type ImageListQueries = Pick<ImageRepository, 'listPage' | 'listCount' | 'locate' | 'nextUnlabeled' | 'uuidsInList' | 'listedByUuids'>;

export function createImageListQueries(db: PostgresDatabase): ImageListQueries {
  const prepareFor = <Row extends object>(build: (source: ListSource) => string) =>
    Object.fromEntries((Object.keys(SOURCES) as ListKind[]).map((kind) => [kind, namedStatement<Row>(build(SOURCES[kind]))])) as Record<
      ListKind,
      NamedStatement<Row>
    >;

  const keyColumns = (source: ListSource) => {
    const [sortKey, relPath] = source.key.split(', ');
    return `i.uuid, ${sortKey} AS sort_key, ${relPath} AS rel_path`;
  };
  const columns = LISTED_IMAGE_COLUMNS.map((column) => `i.${column}`).join(', ');
  const page = prepareFor<ListedImageRow>((s) => `SELECT ${columns} ${s.from} ORDER BY ${s.key} LIMIT @limit OFFSET @offset`);
  const count = prepareFor<{ n: number }>((s) => `SELECT count(*) AS n ${s.countFrom}`);
  const countBefore = prepareFor<{ n: number }>((s) => `SELECT count(*) AS n ${s.countFrom} AND (${s.key}) < (@sortKey, @relPath)`);
  const at = prepareFor<KeyRow>((s) => `SELECT ${keyColumns(s)} ${s.from} ORDER BY ${s.key} LIMIT 1 OFFSET @offset`);
  const locate = Object.fromEntries(
    Object.entries(MATCHES).map(([match, condition]) => [
      match,
      prepareFor<KeyRow>((s) => `SELECT ${keyColumns(s)} ${s.from} ${condition} ORDER BY ${s.key} LIMIT 1`),
    ]),
  ) as Record<keyof typeof MATCHES, Record<ListKind, NamedStatement<KeyRow>>>;
  const unlabeledAfter = prepareFor<KeyRow>(
    (s) => `SELECT ${keyColumns(s)} ${s.from} AND i.shape_count = 0 AND (${s.key}) > (@sortKey, @relPath) ORDER BY ${s.key} LIMIT 1`,
  );
  const firstUnlabeled = prepareFor<KeyRow>((s) => `SELECT ${keyColumns(s)} ${s.from} AND i.shape_count = 0 ORDER BY ${s.key} LIMIT 1`);
  // A label's list reads its range from image_labels alone, as its count does.
  const uuids = prepareFor<{ uuid: string }>((s) => `SELECT ${s === SOURCES.label ? 'l' : 'i'}.uuid ${s.countFrom} ORDER BY ${s.key}`);
  // The key of any stored image: its place in every list's order, in the list or not.
  const keyOf = namedStatement<KeyRow>('SELECT uuid, sort_key, rel_path FROM images WHERE project_id = @projectId AND uuid = @uuid');
  const listedByUuids = namedStatement<ListedImageRow>(`SELECT ${columns} FROM images AS i WHERE i.project_id = @projectId AND i.present AND i.uuid = ANY(@uuids::text[])`);

  // Deep pages of the plain list seek instead of walking an OFFSET, as in the SQLite twin
  // (which says why). Other processes change the images too: the anchors are kept under the
  // project's images_version they were read at, and a page seeks from one only while that is
  // still the project's version, checked in the page's own statement. A page that finds no row
  // is read again with its OFFSET: it may be past the end, or the anchors out of date.
  const all = SOURCES.all;
  const anchorStatement = (from: string) =>
    namedStatement<Anchor>(
      `SELECT p.images_version AS version, k.sort_key, k.rel_path FROM projects AS p
       LEFT JOIN LATERAL (SELECT ${all.key} ${all.from} ${from} ORDER BY ${all.key} LIMIT 1 OFFSET @offset) AS k ON true
       WHERE p.id = @projectId`,
    );
  const anchorFromStart = anchorStatement('');
  const anchorFrom = anchorStatement(`AND (${all.key}) >= (@sortKey, @relPath)`);
  const pageFrom = namedStatement<ListedImageRow>(
    `SELECT ${columns} ${all.from} AND (${all.key}) >= (@sortKey, @relPath)
       AND (SELECT images_version FROM projects WHERE id = @projectId) = @version
     ORDER BY ${all.key} LIMIT @limit OFFSET @offset`,
  );
  const anchors = new Map<string, { version: SqlValue; keys: Map<number, Anchor> }>();
  const anchorAt = async (projectId: string, block: number): Promise<Anchor | undefined> => {
    const known = anchors.get(projectId);
    let from = block;
    while (from > 0 && !known?.keys.has(from)) from -= 1;
    const start = known?.keys.get(from);
    // Used as it is: the page's statement checks its version.
    if (start && from === block) return start;
    let found = start
      ? await anchorFrom.get(db, { projectId, sortKey: start.sort_key, relPath: start.rel_path, offset: (block - from) * ANCHOR_EVERY })
      : await anchorFromStart.get(db, { projectId, offset: block * ANCHOR_EVERY });
    // Found from an anchor of another version: the images moved since it was read.
    if (start && found && found.version !== known?.version) found = await anchorFromStart.get(db, { projectId, offset: block * ANCHOR_EVERY });
    if (!found || found.sort_key === null) return undefined;
    const current = known?.version === found.version ? known : { version: found.version, keys: new Map<number, Anchor>() };
    current.keys.set(block, found);
    anchors.set(projectId, current);
    return found;
  };
  const plainPage = async (projectId: string, offset: number, limit: number): Promise<ListedImageRow[]> => {
    const block = Math.floor(offset / ANCHOR_EVERY);
    const anchor = block > 0 ? await anchorAt(projectId, block) : undefined;
    if (anchor) {
      const rows = await pageFrom.all(db, {
        projectId,
        sortKey: anchor.sort_key,
        relPath: anchor.rel_path,
        version: anchor.version,
        offset: offset - block * ANCHOR_EVERY,
        limit,
      });
      if (rows.length > 0) return rows;
      anchors.delete(projectId);
    }
    return page.all.all(db, { projectId, offset, limit });
  };

  /** undefined: the list is empty by definition (a label's images all have shapes). */
  const resolve = (projectId: string, list: ImageList): { kind: ListKind; params: Params } | undefined => {
    if (list.assignee !== undefined) return { kind: 'assigned', params: { projectId, assignee: list.assignee, filter: list.filter } };
    if (list.label === undefined) return { kind: list.filter, params: { projectId } };
    return list.filter === 'unlabeled' ? undefined : { kind: 'label', params: { projectId, label: list.label } };
  };

  const positionOf = async (kind: ListKind, params: Params, row: KeyRow | undefined): Promise<ImagePosition | undefined> => {
    if (!row) return undefined;
    const before = await countBefore[kind].get(db, { ...params, sortKey: row.sort_key, relPath: row.rel_path });
    return { uuid: row.uuid, index: before?.n ?? 0 };
  };

  return {
    listPage: async (projectId, list, offset, limit) => {
      const found = resolve(projectId, list);
      if (!found) return [];
      const rows = found.kind === 'all' ? await plainPage(projectId, offset, limit) : await page[found.kind].all(db, { ...found.params, offset, limit });
      return rows.map(toListedImage);
    },
    uuidsInList: async (projectId, list) => {
      const found = resolve(projectId, list);
      return found ? (await uuids[found.kind].all(db, found.params)).map((row) => row.uuid) : [];
    },
    listedByUuids: async (projectId, wanted) => {
      const byUuid = new Map((await listedByUuids.all(db, { projectId, uuids: [...wanted] })).map((row) => [row.uuid, toListedImage(row)] as const));
      return wanted.flatMap((uuid) => byUuid.get(uuid) ?? []);
    },
    listCount: async (projectId, list) => {
      const found = resolve(projectId, list);
      return found ? ((await count[found.kind].get(db, found.params))?.n ?? 0) : 0;
    },
    locate: async (projectId, list, text, match) => {
      const found = resolve(projectId, list);
      if (!found) return undefined;
      return positionOf(found.kind, found.params, await locate[match][found.kind].get(db, { ...found.params, text }));
    },
    nextUnlabeled: async (projectId, list, after) => {
      const found = resolve(projectId, list);
      // Every image of a label's list, or of the labeled filter, has shapes.
      if (!found || found.kind === 'label' || found.kind === 'labeled') return undefined;
      const { kind, params } = found;
      const from =
        typeof after === 'object'
          ? await keyOf.get(db, { projectId, uuid: after.uuid })
          : after >= 0
            ? await at[kind].get(db, { ...params, offset: after })
            : undefined;
      const row = from
        ? await unlabeledAfter[kind].get(db, { ...params, sortKey: from.sort_key, relPath: from.rel_path })
        : await firstUnlabeled[kind].get(db, params);
      return positionOf(kind, params, row);
    },
  };
}
