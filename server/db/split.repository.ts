// The project's train/val/test split and the images' duplicate-finding hashes (migration 008).
import type { SplitName } from '@/server/core/types';
import type { ImageHashes, SplitCandidate, SplitRepository } from '@/server/core/repositories';
import { type SplitCandidateRow, type SplitSettingsRow, toSplitCandidate, toSplitSettings } from './stored-rows';
import type { SqliteDatabase } from './database';
import type { Synchronous } from './synchronous';
import { IMAGE_COLUMNS, type ImageRow, toImageRecord } from './image-row';


export function createSplitRepository(sqlite: SqliteDatabase): Synchronous<SplitRepository> {
  const settings = sqlite.prepare<[string], SplitSettingsRow>('SELECT split_seed, split_train, split_val, split_test, split_at FROM projects WHERE id = ?');
  const saveSettings = sqlite.prepare(
    'UPDATE projects SET split_seed = @seed, split_train = @train, split_val = @val, split_test = @test, split_at = @splitAt WHERE id = @projectId',
  );
  const candidates = sqlite.prepare<[string], SplitCandidateRow>(
    'SELECT uuid, rel_path, file_size, mtime_ms, content_hash, perceptual_hash, split FROM images WHERE project_id = ? AND present = 1 ORDER BY rel_path',
  );
  const hashedCandidates = sqlite.prepare<[string], SplitCandidateRow>(
    'SELECT uuid, rel_path, file_size, mtime_ms, content_hash, perceptual_hash, split FROM images WHERE project_id = ? AND present = 1 AND content_hash IS NOT NULL AND perceptual_hash IS NOT NULL ORDER BY rel_path',
  );
  const imageLabels = sqlite.prepare<[string], { uuid: string; label: string }>('SELECT uuid, label FROM image_labels WHERE project_id = ? AND present = 1');
  const setSide = sqlite.prepare('UPDATE images SET split = ? WHERE project_id = ? AND uuid = ?');
  const perSide = sqlite.prepare<[string], { side: SplitName | null; images: number }>(
    'SELECT split AS side, count(*) AS images FROM images WHERE project_id = ? AND present = 1 GROUP BY split',
  );
  // The images row is read by its primary key for each label row: no scan of the shapes. The
  // label rows are taken in uuid order, so one image's labels read its row once (half the time
  // of the label order's random reads at 100,000 images).
  const perLabel = sqlite.prepare<[string], { side: SplitName | null; label: string; images: number }>(
    `SELECT i.split AS side, l.label AS label, count(*) AS images
     FROM image_labels AS l INDEXED BY image_labels_by_image CROSS JOIN images AS i ON i.project_id = l.project_id AND i.uuid = l.uuid
     WHERE l.project_id = ? AND l.present = 1 GROUP BY l.label, i.split`,
  );
  // A project never split (no image has a side) needs no images row at all: the label index alone.
  const perLabelUnsplit = sqlite.prepare<[string], { side: null; label: string; images: number }>(
    'SELECT NULL AS side, label, count(*) AS images FROM image_labels WHERE project_id = ? AND present = 1 GROUP BY label',
  );
  const unlabeledPerSide = sqlite.prepare<[string], { side: SplitName | null; images: number }>(
    'SELECT split AS side, count(*) AS images FROM images WHERE project_id = ? AND present = 1 AND shape_count = 0 GROUP BY split',
  );
  const setHashes = sqlite.prepare(
    'UPDATE images SET content_hash = @contentHash, perceptual_hash = @perceptualHash WHERE project_id = @projectId AND uuid = @uuid AND file_size = @fileSize AND mtime_ms = @mtimeMs',
  );
  const columns = IMAGE_COLUMNS.join(', ');
  const unhashed = sqlite.prepare<[string, string, number], ImageRow>(
    `SELECT ${columns} FROM images WHERE project_id = ? AND present = 1 AND perceptual_hash IS NULL AND rel_path > ? ORDER BY rel_path LIMIT ?`,
  );
  const anySide = sqlite
    .prepare<[string], number>('SELECT EXISTS (SELECT 1 FROM images WHERE project_id = ? AND present = 1 AND split IS NOT NULL)')
    .pluck();
  const countUnhashed = sqlite
    .prepare<[string], number>('SELECT count(*) FROM images WHERE project_id = ? AND present = 1 AND perceptual_hash IS NULL')
    .pluck();

  return {
    settings: (projectId) => {
      const row = settings.get(projectId);
      return toSplitSettings(row);
    },
    saveSettings: (projectId, { seed, percentages, splitAt }) => void saveSettings.run({ projectId, seed, ...percentages, splitAt }),
    candidates: (projectId): SplitCandidate[] =>
      candidates.all(projectId).map(toSplitCandidate),
    hashedCandidates: (projectId): SplitCandidate[] => hashedCandidates.all(projectId).map(toSplitCandidate),
    imageLabels: (projectId) => imageLabels.all(projectId),
    setSide: (projectId, uuids, side) => {
      for (const uuid of uuids) setSide.run(side, projectId, uuid);
    },
    sideCounts: (projectId) => ({
      perSide: perSide.all(projectId),
      perLabel: anySide.get(projectId) === 1 ? perLabel.all(projectId) : perLabelUnsplit.all(projectId),
      unlabeled: unlabeledPerSide.all(projectId),
    }),
    setHashes: (projectId, uuid, hashes: ImageHashes) => void setHashes.run({ projectId, uuid, ...hashes }),
    unhashedPage: (projectId, afterRelPath, limit) => unhashed.all(projectId, afterRelPath, limit).map(toImageRecord),
    countUnhashed: (projectId) => countUnhashed.get(projectId) ?? 0,
    hasSides: (projectId) => anySide.get(projectId) === 1,
  };
}
