// The project's train/val/test split and the images' duplicate-finding hashes.
import type { ImageHashes, SideCount, SplitCandidate, SplitRepository } from '@/server/core/repositories';
import { type SplitCandidateRow, type SplitSettingsRow, toSplitCandidate, toSplitSettings } from '../stored-rows';
import { IMAGE_COLUMNS, type ImageRow, toImageRecord } from '../image-row';
import type { PostgresDatabase } from './database';

const COLUMNS = IMAGE_COLUMNS.join(', ');

export function createSplitRepository(db: PostgresDatabase): SplitRepository {
  const rows = async <Row extends object>(text: string, values: Array<string | number | boolean | null | readonly string[]>) => (await db.query<Row>(text, values)).rows;
  const sides = (text: string, projectId: string) => rows<SideCount>(text, [projectId]);
  return {
    settings: async (projectId) => {
      const [row] = await rows<SplitSettingsRow>('SELECT split_seed, split_train, split_val, split_test, split_at FROM projects WHERE id = $1', [projectId]);
      return toSplitSettings(row);
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
        await rows<SplitCandidateRow>(
          'SELECT uuid, rel_path, file_size, mtime_ms, content_hash, perceptual_hash, split FROM images WHERE project_id = $1 AND present ORDER BY rel_path',
          [projectId],
        )
      ).map(toSplitCandidate),
    hashedCandidates: async (projectId): Promise<SplitCandidate[]> =>
      (
        await rows<SplitCandidateRow>(
          'SELECT uuid, rel_path, file_size, mtime_ms, content_hash, perceptual_hash, split FROM images WHERE project_id = $1 AND present AND content_hash IS NOT NULL AND perceptual_hash IS NOT NULL ORDER BY rel_path',
          [projectId],
        )
      ).map(toSplitCandidate),
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
