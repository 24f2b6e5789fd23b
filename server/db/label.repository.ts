import type { LabelRecord, LabelRepository } from '@/server/core/repositories';
import type { SqliteDatabase } from './database';

export function createLabelRepository(sqlite: SqliteDatabase): LabelRepository {
  const list = sqlite.prepare<[string], LabelRecord>('SELECT name, color FROM labels WHERE project_id = ? ORDER BY position');
  const clear = sqlite.prepare('DELETE FROM labels WHERE project_id = ?');
  const insert = sqlite.prepare('INSERT INTO labels (project_id, position, name, color) VALUES (?, ?, ?, ?)');
  // Positions keep gaps after a removal: only their order matters.
  const append = sqlite.prepare(
    `INSERT INTO labels (project_id, position, name, color)
     VALUES (@projectId, (SELECT coalesce(max(position) + 1, 0) FROM labels WHERE project_id = @projectId), @name, @color)`,
  );
  const rename = sqlite.prepare('UPDATE labels SET name = ? WHERE project_id = ? AND name = ?');
  const recolor = sqlite.prepare('UPDATE labels SET color = ? WHERE project_id = ? AND name = ?');
  const remove = sqlite.prepare('DELETE FROM labels WHERE project_id = ? AND name = ?');
  return {
    list: (projectId) => list.all(projectId),
    replace: (projectId, labels) => {
      clear.run(projectId);
      labels.forEach((label, position) => insert.run(projectId, position, label.name, label.color));
    },
    append: (projectId, label) => void append.run({ projectId, name: label.name, color: label.color }),
    rename: (projectId, from, to) => rename.run(to, projectId, from).changes,
    recolor: (projectId, name, color) => recolor.run(color, projectId, name).changes,
    remove: (projectId, name) => remove.run(projectId, name).changes,
  };
}
