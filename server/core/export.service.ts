import { notFound, invalidState } from './errors';
import type { JobRunner } from './jobs/job-runner';
import { EXPORT_JOB_KEY, type JobKinds, type JobStatusOf } from './jobs/job-kinds';
import type { ExportOptions, ExportType } from './formats';
import type { ProjectService } from './project.service';
import type { AnnotationType } from './types';
import { actingUser } from './users/acting-user';

/** classifai has one export status for the whole server; so do we: one export at a time. */
export function createExportService(deps: { projects: ProjectService; jobs: JobRunner<JobKinds> }) {
  const { projects, jobs } = deps;
  return {
    async start(type: AnnotationType, name: string, exportType: ExportType, options?: ExportOptions): Promise<JobStatusOf<'export'>> {
      const project = await projects.get(type, name);
      // One step decides, also between processes: a second ask never reports another project's export as its own.
      const started = await jobs.startIfIdle('export', EXPORT_JOB_KEY, { projectId: project.id, exportType, options });
      if (!started) throw invalidState('Another export is running; try again when it is done');
      return started;
    },
    status(): Promise<JobStatusOf<'export'> | undefined> {
      return jobs.status('export', EXPORT_JOB_KEY);
    },
    /**
     * The status as the workspace's Export menu of a project shows it to the user asking: an
     * export another user started is not theirs (its file is not the one they asked for), and
     * another project's finished one is not this project's (its Download answered 404), so none.
     */
    async ownStatus(type: AnnotationType, name: string): Promise<JobStatusOf<'export'> | undefined> {
      const project = await projects.get(type, name);
      const last = await jobs.status('export', EXPORT_JOB_KEY);
      if (last?.startedBy !== actingUser()) return undefined;
      return last.state === 'succeeded' && last.result?.projectId !== project.id ? undefined : last;
    },
    /**
     * The file the last export of this project wrote, for the browser's download. Only that
     * file: the path comes from the job, never from the request.
     */
    async writtenFile(type: AnnotationType, name: string): Promise<string> {
      const project = await projects.get(type, name);
      const last = await jobs.status('export', EXPORT_JOB_KEY);
      if (last?.state !== 'succeeded' || last.result?.projectId !== project.id) {
        throw notFound(`No finished export of ${name} to download; export it first`);
      }
      return last.result.path;
    },
  };
}

export type ExportService = ReturnType<typeof createExportService>;
