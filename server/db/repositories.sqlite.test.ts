// The repository contract (repository-contract.ts) on SQLite, a fresh DATA_DIR per test. The
// cases for several processes are PostgreSQL's: SQLite's file lock allows one process.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describeRepositoryContract } from './repository-contract';
import { openDatabase } from './database';
import { createSqliteRepositories } from './repositories';

describeRepositoryContract('sqlite', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'labelport-contract-'));
  const db = openDatabase(dataDir);
  return {
    repos: createSqliteRepositories(db),
    close: async () => {
      db.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
});
