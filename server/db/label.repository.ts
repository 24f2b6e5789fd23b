import type { ClassNumbers, LabelRecord, LabelRename, LabelRepository } from '@/server/core/repositories';
import { CLASS_NUMBER_COLUMNS as COLUMNS, type ClassRow, toClass } from './stored-rows';
import type { SqliteDatabase } from './database';
import type { Synchronous } from './synchronous';


export function createLabelRepository(sqlite: SqliteDatabase): Synchronous<LabelRepository> {
  const list = sqlite.prepare<[string], LabelRecord>('SELECT name, color FROM labels WHERE project_id = ? ORDER BY position');
  const table = sqlite.prepare<[string], ClassRow>(
    'SELECT name, color, class_id, hotkey, coco_id, yolo_index FROM labels WHERE project_id = ? ORDER BY position',
  );
  const clear = sqlite.prepare('DELETE FROM labels WHERE project_id = ?');
  // The counter only grows; max() also covers rows a counter never saw.
  const takeClassId = sqlite.prepare<[string, string], { id: number }>(
    `UPDATE projects SET next_class_id = max(next_class_id, (SELECT coalesce(max(class_id) + 1, 0) FROM labels WHERE project_id = ?)) + 1
     WHERE id = ? RETURNING next_class_id - 1 AS id`,
  );
  const insert = sqlite.prepare(
    `INSERT INTO labels (project_id, position, name, color, class_id, hotkey, coco_id, yolo_index)
     VALUES (@projectId, @position, @name, @color, @classId, @hotkey, @cocoId, @yoloIndex)`,
  );
  const lastPosition = sqlite.prepare<[string], { next: number }>('SELECT coalesce(max(position) + 1, 0) AS next FROM labels WHERE project_id = ?');
  const rename = sqlite.prepare('UPDATE labels SET name = ? WHERE project_id = ? AND name = ?');
  const recolor = sqlite.prepare('UPDATE labels SET color = ? WHERE project_id = ? AND name = ?');
  const remove = sqlite.prepare('DELETE FROM labels WHERE project_id = ? AND name = ?');
  const recordRename = sqlite.prepare('INSERT INTO label_renames (project_id, from_name, to_name, at) VALUES (@projectId, @from, @to, @at)');
  const renames = sqlite.prepare<[string], LabelRename>('SELECT from_name AS "from", to_name AS "to", at FROM label_renames WHERE project_id = ? ORDER BY id');
  const setColumnOf = (column: string) => sqlite.prepare<[string | number | null, string, string]>(`UPDATE labels SET ${column} = ? WHERE project_id = ? AND name = ?`);
  const setColumn: Record<keyof ClassNumbers, ReturnType<typeof setColumnOf>> = {
    hotkey: setColumnOf(COLUMNS.hotkey),
    cocoId: setColumnOf(COLUMNS.cocoId),
    yoloIndex: setColumnOf(COLUMNS.yoloIndex),
  };

  const classId = (projectId: string) => {
    const row = takeClassId.get(projectId, projectId);
    if (!row) throw new Error(`No project ${projectId} to number a label in`);
    return row.id;
  };
  const insertClass = (projectId: string, position: number, label: LabelRecord & Partial<ClassNumbers>, id: number) =>
    insert.run({ projectId, position, name: label.name, color: label.color, classId: id, hotkey: label.hotkey ?? null, cocoId: label.cocoId ?? null, yoloIndex: label.yoloIndex ?? null });

  return {
    list: (projectId) => list.all(projectId),
    table: (projectId) => table.all(projectId).map(toClass),
    replace: (projectId, labels) => {
      const kept = new Map(table.all(projectId).map((row) => [row.name, toClass(row)]));
      clear.run(projectId);
      labels.forEach((label, position) => {
        const previous = kept.get(label.name);
        // A repeated name gets a row of its own, without the first one's numbers.
        kept.delete(label.name);
        if (previous) insertClass(projectId, position, { ...previous, color: label.color }, previous.classId);
        else insertClass(projectId, position, label, classId(projectId));
      });
    },
    // Positions keep gaps after a removal: only their order matters.
    append: (projectId, label) => void insertClass(projectId, lastPosition.get(projectId)?.next ?? 0, label, classId(projectId)),
    rename: (projectId, from, to) => rename.run(to, projectId, from).changes,
    recolor: (projectId, name, color) => recolor.run(color, projectId, name).changes,
    setNumbers: (projectId, name, numbers) => {
      let changed = 0;
      for (const key of Object.keys(COLUMNS) as Array<keyof ClassNumbers>) {
        const value = numbers[key];
        if (value !== undefined) changed = Math.max(changed, setColumn[key].run(value, projectId, name).changes);
      }
      return changed;
    },
    remove: (projectId, name) => remove.run(projectId, name).changes,
    recordRename: (projectId, rename) => void recordRename.run({ projectId, ...rename }),
    renames: (projectId) => renames.all(projectId),
  };
}
