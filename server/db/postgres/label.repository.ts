import type { ClassNumbers, LabelRecord, LabelRename, LabelRepository } from '@/server/core/repositories';
import { CLASS_NUMBER_COLUMNS as COLUMNS, type ClassRow, toClass } from '../stored-rows';
import type { PostgresDatabase } from './database';


const TABLE = 'SELECT name, color, class_id, hotkey, coco_id, yolo_index FROM labels WHERE project_id = $1 ORDER BY position';
// The counter only grows; greatest() also covers rows a counter never saw.
const TAKE_CLASS_ID = `UPDATE projects
  SET next_class_id = greatest(next_class_id, (SELECT coalesce(max(class_id) + 1, 0) FROM labels WHERE project_id = $1)) + 1
  WHERE id = $1 RETURNING next_class_id - 1 AS id`;
const INSERT = `INSERT INTO labels (project_id, position, name, color, class_id, hotkey, coco_id, yolo_index)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`;

export function createLabelRepository(db: PostgresDatabase): LabelRepository {
  const table = async (projectId: string) => (await db.query<ClassRow>(TABLE, [projectId])).rows.map(toClass);
  /**
   * SQLite has one writer; here two processes may change one project's list at once. Reading
   * the list (or its last position) and writing it back happens after taking the project row's
   * lock, so the second writer waits and then reads what the first committed: no lost label,
   * no class id handed out twice. Each statement after the lock reads a fresh snapshot.
   */
  const lockingProject = <T>(projectId: string, fn: () => Promise<T>) =>
    db.inTransaction(async () => {
      await db.query('SELECT 1 FROM projects WHERE id = $1 FOR UPDATE', [projectId]);
      return fn();
    });
  const classId = async (projectId: string) => {
    const row = (await db.query<{ id: number }>(TAKE_CLASS_ID, [projectId])).rows[0];
    if (!row) throw new Error(`No project ${projectId} to number a label in`);
    return row.id;
  };
  const insertClass = (projectId: string, position: number, label: LabelRecord & Partial<ClassNumbers>, id: number) =>
    db.query(INSERT, [projectId, position, label.name, label.color, id, label.hotkey ?? null, label.cocoId ?? null, label.yoloIndex ?? null]);
  const changes = async (text: string, values: Array<string | number | null>) => (await db.query(text, values)).rowCount;

  return {
    list: async (projectId) => (await db.query<LabelRecord>('SELECT name, color FROM labels WHERE project_id = $1 ORDER BY position', [projectId])).rows,
    table,
    replace: (projectId, labels) =>
      lockingProject(projectId, async () => {
        const kept = new Map((await table(projectId)).map((row) => [row.name, row]));
        await db.query('DELETE FROM labels WHERE project_id = $1', [projectId]);
        for (const [position, label] of labels.entries()) {
          const previous = kept.get(label.name);
          // A repeated name gets a row of its own, without the first one's numbers.
          kept.delete(label.name);
          if (previous) await insertClass(projectId, position, { ...previous, color: label.color }, previous.classId);
          else await insertClass(projectId, position, label, await classId(projectId));
        }
      }),
    // Positions keep gaps after a removal: only their order matters.
    append: (projectId, label) =>
      lockingProject(projectId, async () => {
        // Checked again under the lock: another process may have added it since the caller looked.
        if ((await db.query('SELECT 1 FROM labels WHERE project_id = $1 AND name = $2', [projectId, label.name])).rowCount > 0) return;
        const next = (await db.query<{ next: number }>('SELECT coalesce(max(position) + 1, 0) AS next FROM labels WHERE project_id = $1', [projectId])).rows[0];
        await insertClass(projectId, next?.next ?? 0, label, await classId(projectId));
      }),
    rename: (projectId, from, to) => changes('UPDATE labels SET name = $3 WHERE project_id = $1 AND name = $2', [projectId, from, to]),
    recolor: (projectId, name, color) => changes('UPDATE labels SET color = $3 WHERE project_id = $1 AND name = $2', [projectId, name, color]),
    setNumbers: async (projectId, name, numbers) => {
      const given = (Object.keys(COLUMNS) as Array<keyof ClassNumbers>).filter((key) => numbers[key] !== undefined);
      if (given.length === 0) return 0;
      // One statement for every number given: they change together or not at all.
      const assignments = given.map((key, index) => `${COLUMNS[key]} = $${index + 3}`).join(', ');
      return changes(`UPDATE labels SET ${assignments} WHERE project_id = $1 AND name = $2`, [projectId, name, ...given.map((key) => numbers[key] ?? null)]);
    },
    remove: (projectId, name) => changes('DELETE FROM labels WHERE project_id = $1 AND name = $2', [projectId, name]),
    recordRename: async (projectId, { from, to, at }) => {
      await db.query('INSERT INTO label_renames (project_id, from_name, to_name, at) VALUES ($1, $2, $3, $4)', [projectId, from, to, at]);
    },
    renames: async (projectId) =>
      (await db.query<LabelRename>('SELECT from_name AS "from", to_name AS "to", at FROM label_renames WHERE project_id = $1 ORDER BY id', [projectId])).rows,
  };
}
