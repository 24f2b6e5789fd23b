// The project's train/val/test split and the images' duplicate-finding hashes.
import type { ImageHashes, SideCount, SplitCandidate, SplitRepository, SplitSettings } from '@/server/core/repositories';
import type { SplitName } from '@/server/core/types';
import { IMAGE_COLUMNS, type ImageRow, toImageRecord } from '../image-row';
import type { PostgresDatabase } from './database';

interface SettingsRow {
  split_seed: number;
  split_train: number;
  split_val: number;
  split_test: number;
  split_at: number | null;
}

interface CandidateRow {
  uuid: string;
  rel_path: string;
  content_hash: string | null;
  perceptual_hash: string | null;
  split: SplitName | null;
}

const DEFAULT_SETTINGS: SplitSettings = { seed: 1, percentages: { train: 80, val: 20, test: 0 }, splitAt: null };
const COLUMNS = IMAGE_COLUMNS.join(', ');

export function createSplitRepository(db: PostgresDatabase): SplitRepository {
  const rows = async <Row extends object>(text: string, values: Array<string | number | boolean | null | readonly string[]>) => (await db.query<Row>(text, values)).rows;
  const sides = (text: string, projectId: string) => rows<SideCount>(text, [projectId]);
  return {
    settings: async (projectId) => {
      const [row] = await rows<SettingsRow>('SELECT split_seed, split_train, split_val, split_test, split_at FROM projects WHERE id = $1', [projectId]);
      if (!row) return DEFAULT_SETTINGS;
      return { seed: row.split_seed, percentages: { train: row.split_train, val: row.split_val, test: row.split_test }, splitAt: row.split_at };
    },
    saveSettings: async (projectId, { seed, percentages, splitAt }) => {
      await db.query('UPDATE projects SET split_seed = $2, split_train = $3, split_val = $4, split_test = $5, split_at = $6 WHERE id = $1', [
        projectId,
        seed,
        percentages.train,
        percentages.val,
        percentages.test,
        splitAt,
      ]);
    },
    candidates: async (projectId): Promise<SplitCandidate[]> =>
      (
        await rows<CandidateRow>(
          'SELECT uuid, rel_path, content_hash, perceptual_hash, split FROM images WHERE project_id = $1 AND present ORDER BY rel_path',
          [projectId],
        )
      ).map((row) => ({ uuid: row.uuid, relPath: row.rel_path, contentHash: row.content_hash, perceptualHash: row.perceptual_hash, split: row.split })),
    imageLabels: (projectId) => rows<{ uuid: string; label: string }>('SELECT uuid, label FROM image_labels WHERE project_id = $1 AND present', [projectId]),
    setSide: async (projectId, uuids, side) => {
      if (uuids.length === 0) return;
      await db.query('UPDATE images SET split = $3 WHERE project_id = $1 AND uuid = ANY($2::text[])', [projectId, uuids, side]);
    },
    sideCounts: async (projectId) => ({
      perSide: await sides('SELECT split AS side, count(*) AS images FROM images WHERE project_id = $1 AND present GROUP BY split', projectId),
      // The images row is read by its primary key for each label row: no scan of the shapes.
      perLabel: await rows<SideCount & { label: string }>(
        `SELECT i.split AS side, l.label AS label, count(*) AS images
         FROM image_labels AS l JOIN images AS i ON i.project_id = l.project_id AND i.uuid = l.uuid
         WHERE l.project_id = $1 AND l.present GROUP BY l.label, i.split`,
        [projectId],
      ),
      unlabeled: await sides('SELECT split AS side, count(*) AS images FROM images WHERE project_id = $1 AND present AND shape_count = 0 GROUP BY split', projectId),
    }),
    setHashes: async (projectId, uuid, hashes: ImageHashes) => {
      // Hashes made from a file that changed since (size or mtime) are not stored on the new one.
      await db.query(
        'UPDATE images SET content_hash = $3, perceptual_hash = $4 WHERE project_id = $1 AND uuid = $2 AND file_size = $5 AND mtime_ms = $6',
        [projectId, uuid, hashes.contentHash, hashes.perceptualHash, hashes.fileSize, hashes.mtimeMs],
      );
    },
    unhashedPage: async (projectId, afterRelPath, limit) =>
      (
        await rows<ImageRow>(
          `SELECT ${COLUMNS} FROM images WHERE project_id = $1 AND present AND perceptual_hash IS NULL AND rel_path > $2 ORDER BY rel_path LIMIT $3`,
          [projectId, afterRelPath, limit],
        )
      ).map(toImageRecord),
    countUnhashed: async (projectId) =>
      (await rows<{ n: number }>('SELECT count(*) AS n FROM images WHERE project_id = $1 AND present AND perceptual_hash IS NULL', [projectId]))[0]?.n ?? 0,
    hasSides: async (projectId) =>
      (await rows<{ found: boolean }>('SELECT EXISTS (SELECT 1 FROM images WHERE project_id = $1 AND present AND split IS NOT NULL) AS found', [projectId]))[0]
        ?.found ?? false,
  };
}
