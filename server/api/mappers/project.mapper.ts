import type { CreateProjectCommand, ProjectOverview, ProjectStatistic } from '@/server/core/project.service';
import type { AnnotationType } from '@/server/core/types';
import type { CreateProjectInput, ProjectMeta, ProjectOverviewOutput } from '../schemas/project.schema';
import { formatClassifaiDate } from '@/server/core/formats';

export function toProjectMeta(overview: ProjectOverview): ProjectMeta {
  const { project } = overview;
  return {
    project_name: project.name,
    project_path: project.folder,
    is_new: project.isNew,
    is_starred: project.isStarred,
    is_loaded: overview.isLoaded,
    is_cloud: false,
    project_infra: 'ON_PREMISE',
    created_date: formatClassifaiDate(new Date(project.createdAt)),
    last_modified_date: formatClassifaiDate(new Date(project.lastModifiedAt)),
    current_version: project.versionUuid,
    total_uuid: overview.imageCount,
    root_path_valid: overview.folderExists,
  };
}

/** The body's annotation_type: the client sends boundingbox/segmentation, its interface description bndbox/seg. */
export function annotationTypeFromBody(value: string): AnnotationType {
  return /^(bndbox|boundingbox)$/i.test(value) ? 'bndbox' : 'seg';
}

/** status "config" asks for a classifai configuration file through the chooser instead of a folder. */
export function toCreateProjectCommand(input: CreateProjectInput): CreateProjectCommand {
  if (input.status.toLowerCase() === 'config') return { source: 'chosen_config' };
  return {
    source: 'folder',
    name: input.project_name ?? '',
    type: annotationTypeFromBody(input.annotation_type ?? ''),
    folder: input.project_path ?? '',
    labelFilePath: input.label_file_path ?? '',
  };
}

export function toStatisticOutput(statistic: ProjectStatistic) {
  return {
    message: 1 as const,
    labeled_image: statistic.labeled,
    unlabeled_image: statistic.unlabeled,
    label_per_class_in_project: statistic.perLabel.map(({ label, count }) => ({ label, count })),
  };
}

/** The workspace's project card (tRPC only). */
export function toProjectOverviewOutput({ project, imageCount, labeledCount, folderExists, isLoaded, scanning }: ProjectOverview): ProjectOverviewOutput {
  return {
    name: project.name,
    type: project.type,
    folder: project.folder,
    folder_exists: folderExists,
    image_count: imageCount,
    labeled_count: labeledCount,
    is_starred: project.isStarred,
    is_loaded: isLoaded,
    is_scanning: scanning,
    created_at: project.createdAt,
    last_modified_at: project.lastModifiedAt,
    labels: project.labels,
  };
}
