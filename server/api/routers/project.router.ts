import { toCreationStatus, toLoadingStatus, toReloadStatus, toThumbnailStatus } from '../mappers/status.mapper';
import { toCreateProjectCommand, toProjectMeta, toProjectOverviewOutput, toStatisticOutput } from '../mappers/project.mapper';
import { SUCCESS, parseBooleanText, projectPathInput, successOutput } from '../schemas/common.schema';
import {
  checkFolderInput,
  checkFolderOutput,
  closeInput,
  createProjectInput,
  lastChangeOutput,
  loadingStatusOutput,
  newLabelsInput,
  projectListInput,
  projectMetaOutput,
  projectOverviewOutput,
  renameProjectInput,
  starInput,
  statisticOutput,
  thumbnailStatusOutput,
} from '../schemas/project.schema';
import { creationStatusOutput, reloadStatusOutput } from '../schemas/status.schema';
import { statusProcedure } from '../status';
import { adminProcedure, annotateProcedure, readProcedure, restMeta, router } from '../trpc';

// Literal paths (/meta) are declared before {project_name} ones: routes match in order.
export const projectRouter = router({
  list: readProcedure
    .meta(restMeta('GET', '/{annotation_type}/projects/meta', 'List the projects of a type'))
    .input(projectListInput)
    .output(projectMetaOutput)
    .query(async ({ ctx, input }) => ({
      message: 1 as const,
      content: (await ctx.core.projects.list(input.annotation_type)).map(toProjectMeta),
    })),

  overviews: readProcedure.output(projectOverviewOutput).query(async ({ ctx }) => (await ctx.core.projects.listAll()).map(toProjectOverviewOutput)),

  create: adminProcedure
    .meta(restMeta('PUT', '/v2/projects', 'Create a project from a folder (status raw) or import one (status config)'))
    .input(createProjectInput)
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.core.projects.create(toCreateProjectCommand(input));
      return SUCCESS;
    }),

  checkFolder: adminProcedure
    .input(checkFolderInput)
    .output(checkFolderOutput)
    .query(async ({ ctx, input, signal }) => {
      const contents = await ctx.core.projects.checkFolder(input.project_path, signal);
      return { image_count: contents.imageCount, other_file_count: contents.otherFileCount };
    }),

  creationStatus: statusProcedure({
    path: '/v2/{annotation_type}/projects/{project_name}',
    summary: 'Status of the folder scan that creates a project',
    input: projectPathInput,
    output: creationStatusOutput,
    read: async (core, input) => toCreationStatus(await core.projects.scanStatus(input.annotation_type, input.project_name)),
    missing: () => ({ message: 0 as const, file_system_status: 0, file_system_message: null }),
  }),

  meta: readProcedure
    .meta(restMeta('GET', '/{annotation_type}/projects/{project_name}/meta', 'One project'))
    .input(projectPathInput)
    .output(projectMetaOutput)
    .query(async ({ ctx, input }) => ({
      message: 1 as const,
      content: [toProjectMeta(await ctx.core.projects.overview(input.annotation_type, input.project_name))],
    })),

  load: readProcedure
    .meta(restMeta('GET', '/{annotation_type}/projects/{project_name}', 'Open (load) a project'))
    .input(projectPathInput)
    .output(successOutput)
    .query(async ({ ctx, input }) => {
      await ctx.core.projects.load(input.annotation_type, input.project_name);
      return SUCCESS;
    }),

  thumbnailStatus: readProcedure
    .input(projectPathInput)
    .output(thumbnailStatusOutput)
    .query(async ({ ctx, input }) => toThumbnailStatus(await ctx.core.projects.thumbnailStatus(input.annotation_type, input.project_name))),

  loadingStatus: statusProcedure({
    path: '/{annotation_type}/projects/{project_name}/loadingstatus',
    summary: 'V1 loading status: message 2 with labels and uuids once loaded',
    input: projectPathInput,
    output: loadingStatusOutput,
    read: async (core, input) => toLoadingStatus(await core.projects.loadingStatus(input.annotation_type, input.project_name), input.project_name),
    missing: () => ({ message: 0 as const, progress: null, label_list: null, uuid_list: null }),
  }),

  star: adminProcedure
    .meta(restMeta('PUT', '/{annotation_type}/projects/{project_name}/star', 'Star ("true") or unstar ("false") a project'))
    .input(starInput)
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.core.projects.star(input.annotation_type, input.project_name, parseBooleanText(input.status));
      return SUCCESS;
    }),

  close: readProcedure
    .meta(restMeta('PUT', '/{annotation_type}/projects/{project_name}', 'Close a project (status "closed")'))
    .input(closeInput)
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.core.projects.close(input.annotation_type, input.project_name);
      return SUCCESS;
    }),

  rename: adminProcedure
    .meta(restMeta('PUT', '/v2/{annotation_type}/projects/{project_name}/rename/{new_project_name}', 'Rename a project'))
    .input(renameProjectInput)
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.core.projects.rename(input.annotation_type, input.project_name, input.new_project_name);
      return SUCCESS;
    }),

  remove: adminProcedure
    .meta(restMeta('DELETE', '/{annotation_type}/projects/{project_name}', 'Forget a project; its images stay on disk'))
    .input(projectPathInput)
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.core.projects.remove(input.annotation_type, input.project_name);
      return SUCCESS;
    }),

  statistic: statusProcedure({
    path: '/v2/{annotation_type}/projects/{project_name}/statistic',
    summary: 'Labeled and unlabeled images and objects per label',
    input: projectPathInput,
    output: statisticOutput,
    read: async (core, input) => toStatisticOutput(await core.projects.statistic(input.annotation_type, input.project_name)),
    missing: () => ({ message: 0 as const, labeled_image: 0, unlabeled_image: 0, label_per_class_in_project: null }),
  }),

  lastChange: readProcedure
    .input(projectPathInput)
    .output(lastChangeOutput)
    .query(async ({ ctx, input }) => ({ last_modified_at: (await ctx.core.projects.get(input.annotation_type, input.project_name)).lastModifiedAt })),

  newLabels: annotateProcedure
    .meta(restMeta('PUT', '/{annotation_type}/projects/{project_name}/newlabels', 'Replace the label list'))
    .input(newLabelsInput)
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.core.labels.replace(input.annotation_type, input.project_name, input.label_list);
      return SUCCESS;
    }),

  reload: adminProcedure
    .meta(restMeta('PUT', '/v2/{annotation_type}/projects/{project_name}/reload', 'Rescan the project folder'))
    .input(projectPathInput)
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.core.projects.reload(input.annotation_type, input.project_name);
      return SUCCESS;
    }),

  reloadStatus: statusProcedure({
    path: '/v2/{annotation_type}/projects/{project_name}/reloadstatus',
    summary: 'Status of a reload: added and removed uuids once done',
    input: projectPathInput,
    output: reloadStatusOutput,
    read: async (core, input) => toReloadStatus(await core.projects.scanStatus(input.annotation_type, input.project_name)),
    missing: () => ({
      message: 0 as const,
      progress: null,
      file_system_status: 0,
      file_system_message: null,
      uuid_add_list: null,
      uuid_delete_list: null,
      unsupported_image_list: null,
    }),
  }),
});

