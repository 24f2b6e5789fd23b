import type { PresentClient, TeamworkRepository } from '@/server/core/teamwork/teamwork-repository';
import type { SqliteDatabase } from './database';
import type { Synchronous } from './synchronous';

export function createTeamworkRepository(sqlite: SqliteDatabase): Synchronous<TeamworkRepository> {
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
    ...createMemoryPresence(),
    assign: (projectId, uuids, assignee, at, by) => assignAll(projectId, uuids, assignee, at, by),
    assignees: (projectId, uuids) => new Map(assignees.all(projectId, JSON.stringify(uuids)).map((row) => [row.uuid, row.assignee])),
    assignmentCounts: (projectId) => counts.all(projectId),
  };
}

/** More tabs than any machine has open: past it, the longest silent are forgotten first. */
const MAX_PRESENT_TABS = 10_000;

type PresenceMethods = Pick<Synchronous<TeamworkRepository>, 'touchPresence' | 'leavePresence' | 'presentOn' | 'countPresent' | 'forgetPresence'>;

/**
 * Presence on SQLite lives in the server's memory: one server holds the database
 * (server.lock), a mark is stale within seconds anyway, and a row per image switch was a
 * COMMIT, so an fsync, on every key press (migration 015 drops the table). PostgreSQL keeps
 * its rows, which its several servers share.
 */
export function createMemoryPresence(): PresenceMethods {
  // Keyed by project and tab; in order of the last mark, so the first entry is the longest silent.
  const marks = new Map<string, { projectId: string } & PresentClient & { uuid: string }>();
  const keyOf = (projectId: string, clientId: string) => `${projectId}\u0000${clientId}`;
  const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return {
    touchPresence(projectId, clientId, uuid, actor, at) {
      const key = keyOf(projectId, clientId);
      marks.delete(key);
      marks.set(key, { projectId, clientId, uuid, actor, seenAt: at });
      for (const oldest of marks.keys()) {
        if (marks.size <= MAX_PRESENT_TABS) break;
        marks.delete(oldest);
      }
    },
    leavePresence(projectId, clientId) {
      marks.delete(keyOf(projectId, clientId));
    },
    presentOn: (projectId, uuid, since) =>
      [...marks.values()]
        .filter((mark) => mark.projectId === projectId && mark.uuid === uuid && mark.seenAt >= since)
        .map(({ clientId, actor, seenAt }) => ({ clientId, actor, seenAt }))
        .sort((a, b) => byName(a.actor, b.actor) || byName(a.clientId, b.clientId)),
    countPresent: (projectId, since) => [...marks.values()].filter((mark) => mark.projectId === projectId && mark.seenAt >= since).length,
    forgetPresence(before) {
      for (const [key, mark] of marks) if (mark.seenAt < before) marks.delete(key);
    },
  };
}
