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

type Params = Record<string, SqlValue>;
type ImageListQueries = Pick<ImageRepository, 'listPage' | 'listCount' | 'locate' | 'nextUnlabeled'>;

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
      return found ? (await page[found.kind].all(db, { ...found.params, offset, limit })).map(toListedImage) : [];
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
      const from = after >= 0 ? await at[kind].get(db, { ...params, offset: after }) : undefined;
      const row = from
        ? await unlabeledAfter[kind].get(db, { ...params, sortKey: from.sort_key, relPath: from.rel_path })
        : await firstUnlabeled[kind].get(db, params);
      return positionOf(kind, params, row);
    },
  };
}
