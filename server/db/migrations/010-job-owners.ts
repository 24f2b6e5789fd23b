// Jobs become rows every process sees (issue #21): a running row names the process running it
// and when that process last said so, and its step, so another process answers its status. The
// unique index lets one INSERT decide which process runs a key. Rows left running by an older
// version are ended first: their process is gone, and two of them under one key would break
// the index.
export const jobOwners = `
ALTER TABLE jobs ADD COLUMN phase TEXT NOT NULL DEFAULT '';
ALTER TABLE jobs ADD COLUMN owner TEXT NOT NULL DEFAULT '';
ALTER TABLE jobs ADD COLUMN heartbeat_at INTEGER NOT NULL DEFAULT 0;
UPDATE jobs SET state = 'failed', message = 'Interrupted: the server stopped while this ran',
  finished_at = CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)
  WHERE state = 'running';
CREATE UNIQUE INDEX jobs_running_key ON jobs (key) WHERE state = 'running';
`;
