import type { TeamworkRepository } from '@/server/core/teamwork/teamwork-repository';
import type { SqliteDatabase } from './database';
import type { Synchronous } from './synchronous';

export function createTeamworkRepository(sqlite: SqliteDatabase): Synchronous<TeamworkRepository> {
  const touch = sqlite.prepare(
    `INSERT INTO presence (project_id, client_id, uuid, actor, seen_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (project_id, client_id) DO UPDATE SET uuid = excluded.uuid, actor = excluded.actor, seen_at = excluded.seen_at`,
  );
  const leave = sqlite.prepare('DELETE FROM presence WHERE project_id = ? AND client_id = ?');
  const present = sqlite.prepare<[string, string, number], { client_id: string; actor: string; seen_at: number }>(
    'SELECT client_id, actor, seen_at FROM presence WHERE project_id = ? AND uuid = ? AND seen_at >= ? ORDER BY actor, client_id',
  );
  const forget = sqlite.prepare('DELETE FROM presence WHERE seen_at < ?');
  const assign = sqlite.prepare(
    `INSERT INTO assignments (project_id, uuid, assignee, assigned_at, assigned_by)
     SELECT project_id, uuid, @assignee, @at, @by FROM images WHERE project_id = @projectId AND uuid = @uuid
     ON CONFLICT (project_id, uuid) DO UPDATE SET assignee = excluded.assignee, assigned_at = excluded.assigned_at, assigned_by = excluded.assigned_by`,
  );
  const unassign = sqlite.prepare('DELETE FROM assignments WHERE project_id = ? AND uuid = ?');
  const assignees = sqlite.prepare<[string, string], { uuid: string; assignee: string }>(
    'SELECT uuid, assignee FROM assignments WHERE project_id = ? AND uuid IN (SELECT value FROM json_each(?))',
  );
  const counts = sqlite.prepare<[string], { assignee: string; images: number }>(
    'SELECT assignee, count(*) AS images FROM assignments WHERE project_id = ? GROUP BY assignee ORDER BY assignee',
  );
  const assignAll = sqlite.transaction((projectId: string, uuids: readonly string[], assignee: string | null, at: number, by: string) => {
    let changed = 0;
    for (const uuid of uuids) {
      changed += assignee === null ? unassign.run(projectId, uuid).changes : assign.run({ projectId, uuid, assignee, at, by }).changes;
    }
    return changed;
  });
  return {
    touchPresence: (projectId, clientId, uuid, actor, at) => void touch.run(projectId, clientId, uuid, actor, at),
    leavePresence: (projectId, clientId) => void leave.run(projectId, clientId),
    presentOn: (projectId, uuid, since) =>
      present.all(projectId, uuid, since).map((row) => ({ clientId: row.client_id, actor: row.actor, seenAt: row.seen_at })),
    forgetPresence: (before) => void forget.run(before),
    assign: (projectId, uuids, assignee, at, by) => assignAll(projectId, uuids, assignee, at, by),
    assignees: (projectId, uuids) => new Map(assignees.all(projectId, JSON.stringify(uuids)).map((row) => [row.uuid, row.assignee])),
    assignmentCounts: (projectId) => counts.all(projectId),
  };
}
