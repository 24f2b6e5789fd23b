// The workspace strip's list (a filter, optionally one label) read in natural order: pages,
// counts, positions and look-ups, all as index ranges so they stay cheap at 100,000 images.
import type { ImageList, ImagePosition, ImageRepository } from '@/server/core/repositories';
import type { SqliteDatabase } from './database';
import type { Synchronous } from './synchronous';
import { LISTED_IMAGE_COLUMNS, type ListedImageValues, listedImageFromValues } from './image-row';

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
  from: `FROM images AS i WHERE i.project_id = @projectId AND i.present = 1 ${condition}`,
  countFrom: `FROM images AS i WHERE i.project_id = @projectId AND i.present = 1 ${condition}`,
  key: 'i.sort_key, i.rel_path',
});

// image_labels copies sort_key, rel_path and present (migration 005): the range is read from
// its primary key, and the images row is joined only for the rows returned.
const SOURCES: Record<ListKind, ListSource> = {
  all: plain(''),
  labeled: plain('AND i.shape_count > 0'),
  unlabeled: plain('AND i.shape_count = 0'),
  label: {
    from: `FROM image_labels AS l JOIN images AS i ON i.project_id = l.project_id AND i.uuid = l.uuid
      WHERE l.project_id = @projectId AND l.label = @label AND l.present = 1`,
    countFrom: 'FROM image_labels AS l WHERE l.project_id = @projectId AND l.label = @label AND l.present = 1',
    key: 'l.sort_key, l.rel_path',
  },
  // An annotator's images ("assigned to me"), with the filter as a parameter.
  assigned: {
    from: `FROM assignments AS a JOIN images AS i ON i.project_id = a.project_id AND i.uuid = a.uuid
      WHERE a.project_id = @projectId AND a.assignee = @assignee AND i.present = 1 AND (@filter = 'all' OR (@filter = 'labeled' AND i.shape_count > 0) OR (@filter = 'unlabeled' AND i.shape_count = 0))`,
    countFrom: `FROM assignments AS a JOIN images AS i ON i.project_id = a.project_id AND i.uuid = a.uuid
      WHERE a.project_id = @projectId AND a.assignee = @assignee AND i.present = 1 AND (@filter = 'all' OR (@filter = 'labeled' AND i.shape_count > 0) OR (@filter = 'unlabeled' AND i.shape_count = 0))`,
    key: 'i.sort_key, i.rel_path',
  },
};

const MATCHES = {
  path: 'AND i.rel_path = @text',
  // lower() folds ASCII only and keeps the length, so the suffix test lines up.
  file_name: "AND (lower(i.rel_path) = lower(@text) OR substr(lower(i.rel_path), -length(@text) - 1) = '/' || lower(@text))",
  contains: 'AND instr(lower(i.rel_path), lower(@text)) > 0',
} as const;

interface KeyRow {
  uuid: string;
  sort_key: string;
  rel_path: string;
}

type Params = Record<string, string | number>;

type ImageListQueries = Pick<Synchronous<ImageRepository>, 'listPage' | 'listCount' | 'locate' | 'nextUnlabeled' | 'uuidsInList' | 'listedByUuids'> & {
  /** Drops what is known of the positions in a project's lists (every project's: none given). */
  forgetListPositions(projectId?: string): void;
};

/** Every this-many-th position of a project's plain list has its key remembered. */
const ANCHOR_EVERY = 256;

export function createImageListQueries(sqlite: SqliteDatabase): ImageListQueries {
  const prepareFor = <Row>(build: (source: ListSource) => string) =>
    Object.fromEntries(
      (Object.keys(SOURCES) as ListKind[]).map((kind) => [kind, sqlite.prepare<[Params], Row>(build(SOURCES[kind]))]),
    ) as Record<ListKind, ReturnType<typeof sqlite.prepare<[Params], Row>>>;

  const keyColumns = (source: ListSource) => {
    const [sortKey, relPath] = source.key.split(', ');
    return `i.uuid, ${sortKey} AS sort_key, ${relPath} AS rel_path`;
  };
  const columns = LISTED_IMAGE_COLUMNS.map((column) => `i.${column}`).join(', ');
  const page = prepareFor<ListedImageValues>((s) =>
    s === SOURCES.label
      ? // SQLite builds every row an OFFSET skips: the join waits until the page is cut.
        `SELECT ${columns} FROM (SELECT l.uuid, ${s.key} ${s.countFrom} ORDER BY ${s.key} LIMIT @limit OFFSET @offset) AS l
         JOIN images AS i ON i.project_id = @projectId AND i.uuid = l.uuid ORDER BY ${s.key}`
      : `SELECT ${columns} ${s.from} ORDER BY ${s.key} LIMIT @limit OFFSET @offset`,
  );
  for (const statement of Object.values(page)) statement.raw();
  const count = prepareFor<{ n: number }>((s) => `SELECT count(*) AS n ${s.countFrom}`);
  const countBefore = prepareFor<{ n: number }>(
    (s) => `SELECT count(*) AS n ${s.countFrom} AND (${s.key}) < (@sortKey, @relPath)`,
  );
  const at = prepareFor<KeyRow>((s) => `SELECT ${keyColumns(s)} ${s.from} ORDER BY ${s.key} LIMIT 1 OFFSET @offset`);
  const locate = Object.fromEntries(
    Object.entries(MATCHES).map(([match, condition]) => [
      match,
      prepareFor<KeyRow>((s) => `SELECT ${keyColumns(s)} ${s.from} ${condition} ORDER BY ${s.key} LIMIT 1`),
    ]),
  ) as Record<keyof typeof MATCHES, ReturnType<typeof prepareFor<KeyRow>>>;
  const unlabeledAfter = prepareFor<KeyRow>(
    (s) => `SELECT ${keyColumns(s)} ${s.from} AND i.shape_count = 0 AND (${s.key}) > (@sortKey, @relPath) ORDER BY ${s.key} LIMIT 1`,
  );
  const firstUnlabeled = prepareFor<KeyRow>((s) => `SELECT ${keyColumns(s)} ${s.from} AND i.shape_count = 0 ORDER BY ${s.key} LIMIT 1`);
  // A label's list reads its range from image_labels alone, as its count does.
  const uuids = prepareFor<string>((s) => `SELECT ${s === SOURCES.label ? 'l' : 'i'}.uuid ${s.countFrom} ORDER BY ${s.key}`);
  for (const statement of Object.values(uuids)) statement.pluck();
  // The key of any stored image: its place in every list's order, in the list or not.
  const keyOf = sqlite.prepare<[Params], KeyRow>('SELECT uuid, sort_key, rel_path FROM images WHERE project_id = @projectId AND uuid = @uuid');
  const listedByUuids = sqlite
    .prepare<[Params], ListedImageValues>(`SELECT ${columns} FROM images AS i WHERE i.project_id = @projectId AND i.present = 1 AND i.uuid IN (SELECT value FROM json_each(@uuids))`)
    .raw();

  // A deep page of a project's plain list: SQLite walks every index entry an OFFSET skips
  // (0.5 ms at 5,000 of 100,000 images, 6 ms at 50,000, on every page the strip reads there).
  // The keys found at every ANCHOR_EVERY-th position are kept per project, so a page seeks to
  // the one before it and skips fewer than ANCHOR_EVERY entries; an anchor not known yet is
  // found by one skip from the nearest known one before it. Only the plain list: which images
  // it holds, and their order, change only with the images (not with saved shapes), and every
  // such write drops the project's anchors (repositories.ts), as does a rollback.
  const all = SOURCES.all;
  const keyFrom = sqlite.prepare<[Params], KeyRow>(
    `SELECT ${keyColumns(all)} ${all.from} AND (${all.key}) >= (@sortKey, @relPath) ORDER BY ${all.key} LIMIT 1 OFFSET @offset`,
  );
  const pageFrom = sqlite.prepare<[Params], ListedImageValues>(
    `SELECT ${columns} ${all.from} AND (${all.key}) >= (@sortKey, @relPath) ORDER BY ${all.key} LIMIT @limit OFFSET @offset`,
  ).raw();
  const anchors = new Map<string, Map<number, KeyRow>>();
  /** The key at position block * ANCHOR_EVERY of the plain list; undefined past its end. */
  const anchorAt = (projectId: string, block: number): KeyRow | undefined => {
    let known = anchors.get(projectId);
    if (!known) anchors.set(projectId, (known = new Map()));
    let from = block;
    while (from > 0 && !known.has(from)) from -= 1;
    const start = known.get(from);
    if (start && from === block) return start;
    const offset = (block - from) * ANCHOR_EVERY;
    const key = start
      ? keyFrom.get({ projectId, sortKey: start.sort_key, relPath: start.rel_path, offset })
      : at.all.get({ projectId, offset });
    if (key) known.set(block, key);
    return key;
  };
  const plainPage = (projectId: string, offset: number, limit: number): ListedImageValues[] => {
    const block = Math.floor(offset / ANCHOR_EVERY);
    if (block === 0) return page.all.all({ projectId, offset, limit });
    const anchor = anchorAt(projectId, block);
    return anchor ? pageFrom.all({ projectId, sortKey: anchor.sort_key, relPath: anchor.rel_path, offset: offset - block * ANCHOR_EVERY, limit }) : [];
  };

  /** undefined: the list is empty by definition (a label's images all have shapes). */
  const resolve = (projectId: string, list: ImageList): { kind: ListKind; params: Params } | undefined => {
    if (list.assignee !== undefined) return { kind: 'assigned', params: { projectId, assignee: list.assignee, filter: list.filter } };
    if (list.label === undefined) return { kind: list.filter, params: { projectId } };
    return list.filter === 'unlabeled' ? undefined : { kind: 'label', params: { projectId, label: list.label } };
  };

  const positionOf = (kind: ListKind, params: Params, row: KeyRow | undefined): ImagePosition | undefined =>
    row && { uuid: row.uuid, index: countBefore[kind].get({ ...params, sortKey: row.sort_key, relPath: row.rel_path })?.n ?? 0 };

  return {
    listPage: (projectId, list, offset, limit) => {
      const found = resolve(projectId, list);
      if (!found) return [];
      const rows = found.kind === 'all' ? plainPage(projectId, offset, limit) : page[found.kind].all({ ...found.params, offset, limit });
      return rows.map(listedImageFromValues);
    },
    uuidsInList: (projectId, list) => {
      const found = resolve(projectId, list);
      return found ? (uuids[found.kind].all(found.params) as unknown as string[]) : [];
    },
    listedByUuids: (projectId, wanted) => {
      const byUuid = new Map(listedByUuids.all({ projectId, uuids: JSON.stringify(wanted) }).map((values) => [values[1], listedImageFromValues(values)] as const));
      return wanted.flatMap((uuid) => byUuid.get(uuid) ?? []);
    },
    forgetListPositions: (projectId) => (projectId === undefined ? anchors.clear() : anchors.delete(projectId)),
    listCount: (projectId, list) => {
      const found = resolve(projectId, list);
      return found ? (count[found.kind].get(found.params)?.n ?? 0) : 0;
    },
    locate: (projectId, list, text, match) => {
      const found = resolve(projectId, list);
      if (!found) return undefined;
      return positionOf(found.kind, found.params, locate[match][found.kind].get({ ...found.params, text }));
    },
    nextUnlabeled: (projectId, list, after) => {
      const found = resolve(projectId, list);
      // Every image of a label's list, or of the labeled filter, has shapes.
      if (!found || found.kind === 'label' || found.kind === 'labeled') return undefined;
      const { kind, params } = found;
      const from = typeof after === 'object' ? keyOf.get({ projectId, uuid: after.uuid }) : after >= 0 ? at[kind].get({ ...params, offset: after }) : undefined;
      const row = from ? unlabeledAfter[kind].get({ ...params, sortKey: from.sort_key, relPath: from.rel_path }) : firstUnlabeled[kind].get(params);
      return positionOf(kind, params, row);
    },
  };
}
