import { DomainError, invalidState } from './errors';
import type { JobRunner } from './jobs/job-runner';
import { IMPORT_JOB_KEY, type JobKinds, type JobStatusOf } from './jobs/job-kinds';

/** Import of a classifai configuration; like classifai, one import status for the server. */
export function createImportService(deps: { jobs: JobRunner<JobKinds>; remote?: boolean }) {
  const { jobs } = deps;
  return {
    /** configPath: the file to import; absent, the server's file dialog asks for it (not on a team server). */
    async start(configPath?: string): Promise<JobStatusOf<'import'>> {
      if (configPath === undefined && deps.remote) {
        throw new DomainError('unsupported', "This team server has no file dialog: give the configuration file's path under its project roots");
      }
      const started = await jobs.startIfIdle('import', IMPORT_JOB_KEY, configPath === undefined ? {} : { configPath });
      if (!started) throw invalidState('Another import is running; try again when it is done');
      return started;
    },
    status(): Promise<JobStatusOf<'import'> | undefined> {
      return jobs.status('import', IMPORT_JOB_KEY);
    },
  };
}

export type ImportService = ReturnType<typeof createImportService>;
