// The workspace's "Check dataset": the export's before checks on the project as it is now, for
// one format or all, without writing anything. Pages are read as the export reads them, with
// a turn of the event loop between pages so saves and polls are answered meanwhile.
import { nextTurn } from './next-turn';
import { exportItems } from './jobs/export.job';
import { EXPORT_TYPES } from './formats/export-registry';
import type { ProjectService } from './project.service';
import type { Repositories } from './repositories';
import type { AnnotationType } from './types';
import { createBeforeCheck } from './validation/before-check';
import type { RuleResult } from './validation/collector';
import type { ValidationFormat } from './validation/rules';


export function createDatasetCheckService(deps: { repos: Repositories; projects: ProjectService }) {
  const { repos, projects } = deps;
  return {
    /** format 'all': every rule of every format, each finding once. */
    async check(type: AnnotationType, name: string, format: ValidationFormat | 'all'): Promise<RuleResult[]> {
      const project = await projects.get(type, name);
      const classes = (await repos.labels.table(project.id)).sort((a, b) => a.classId - b.classId);
      const check = createBeforeCheck({
        formats: format === 'all' ? EXPORT_TYPES : [format],
        type: project.type,
        classes,
        labels: project.labels,
        projectFields: await repos.projects.datasetFields(project.id),
      });
      for await (const page of exportItems(repos, project.id)) {
        page.forEach(check.add);
        await nextTurn();
      }
      return check.results();
    },
  };
}

export type DatasetCheckService = ReturnType<typeof createDatasetCheckService>;
