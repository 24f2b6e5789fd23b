import type { TeamworkRepository } from '@/server/core/teamwork/teamwork-repository';
import type { PostgresDatabase } from './database';

export function createTeamworkRepository(db: PostgresDatabase): TeamworkRepository {
  return {
    touchPresence: async (projectId, clientId, uuid, actor, at) =>
      void (await db.query(
        `INSERT INTO presence (project_id, client_id, uuid, actor, seen_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (project_id, client_id) DO UPDATE SET uuid = excluded.uuid, actor = excluded.actor, seen_at = excluded.seen_at`,
        [projectId, clientId, uuid, actor, at],
      )),
    leavePresence: async (projectId, clientId) => void (await db.query('DELETE FROM presence WHERE project_id = $1 AND client_id = $2', [projectId, clientId])),
    presentOn: async (projectId, uuid, since) =>
      (
        await db.query<{ client_id: string; actor: string; seen_at: number }>(
          'SELECT client_id, actor, seen_at FROM presence WHERE project_id = $1 AND uuid = $2 AND seen_at >= $3 ORDER BY actor COLLATE "C", client_id COLLATE "C"',
          [projectId, uuid, since],
        )
      ).rows.map((row) => ({ clientId: row.client_id, actor: row.actor, seenAt: Number(row.seen_at) })),
    countPresent: async (projectId, since) =>
      Number((await db.query<{ tabs: string }>('SELECT count(*) AS tabs FROM presence WHERE project_id = $1 AND seen_at >= $2', [projectId, since])).rows[0]?.tabs ?? 0),
    forgetPresence: async (before) => void (await db.query('DELETE FROM presence WHERE seen_at < $1', [before])),
    assign: async (projectId, uuids, assignee, at, by) => {
      const result =
        assignee === null
          ? await db.query('DELETE FROM assignments WHERE project_id = $1 AND uuid = ANY($2::text[])', [projectId, uuids])
          : await db.query(
              `INSERT INTO assignments (project_id, uuid, assignee, assigned_at, assigned_by)
               SELECT project_id, uuid, $3, $4, $5 FROM images WHERE project_id = $1 AND uuid = ANY($2::text[])
               ON CONFLICT (project_id, uuid) DO UPDATE SET assignee = excluded.assignee, assigned_at = excluded.assigned_at, assigned_by = excluded.assigned_by`,
              [projectId, uuids, assignee, at, by],
            );
      return result.rowCount;
    },
    assignees: async (projectId, uuids) =>
      new Map(
        (await db.query<{ uuid: string; assignee: string }>('SELECT uuid, assignee FROM assignments WHERE project_id = $1 AND uuid = ANY($2::text[])', [projectId, uuids])).rows.map(
          (row) => [row.uuid, row.assignee],
        ),
      ),
    assignmentCounts: async (projectId) =>
      (
        await db.query<{ assignee: string; images: number }>(
          'SELECT assignee, count(*)::int AS images FROM assignments WHERE project_id = $1 GROUP BY assignee ORDER BY assignee',
          [projectId],
        )
      ).rows,
  };
}
