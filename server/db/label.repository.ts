import type { LabelRecord, LabelRepository } from '@/server/core/repositories';
import type { SqliteDatabase } from './database';

export function createLabelRepository(sqlite: SqliteDatabase): LabelRepository {
  const list = sqlite.prepare<[string], LabelRecord>('SELECT name, color FROM labels WHERE project_id = ? ORDER BY position');
  const clear = sqlite.prepare('DELETE FROM labels WHERE project_id = ?');
  const insert = sqlite.prepare('INSERT INTO labels (project_id, position, name, color) VALUES (?, ?, ?, ?)');
  return {
    list: (projectId) => list.all(projectId),
    replace: (projectId, labels) => {
      clear.run(projectId);
      labels.forEach((label, position) => insert.run(projectId, position, label.name, label.color));
    },
  };
}
