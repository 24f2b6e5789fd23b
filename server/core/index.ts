// Wires jobs and services from the edges it is handed (storage, chooser, thumbnail cache).
// Opening those is the runtime's work: server/runtime/open-core.ts.
import type { Chooser } from '@/server/files/chooser';
import type { ThumbnailCache } from '@/server/files/thumbnail-cache';
import { createAnnotationImportService } from './annotation-import.service';
import { createAnnotationService } from './annotation.service';
import { createChooserService } from './chooser.service';
import { createImageFilesService } from './image-files.service';
import { createImageService } from './image.service';
import { createExportService } from './export.service';
import { createImportService } from './import.service';
import { createAddImagesHandler } from './jobs/add-images.job';
import { createExportHandler } from './jobs/export.job';
import { createImportHandler } from './jobs/import.job';
import { createFolderScanHandler } from './jobs/folder-scan.job';
import { createThumbnailWarmHandler } from './jobs/thumbnail-warm.job';
import { createImageThumbnails } from './image-thumbnails';
import { createInteractiveActivity } from './interactive-activity';
import { createLabelService } from './label.service';
import { createJobRunner } from './jobs/job-runner';
import type { JobKinds } from './jobs/job-kinds';
import { createProjectService } from './project.service';
import { createSettingsService } from './settings.service';
import type { Repositories } from './repositories';

export interface CoreEdges {
  dataDir: string;
  repos: Repositories;
  chooser: Chooser;
  thumbnails: ThumbnailCache;
  /** Checkpoints and closes the storage; called once the jobs have stopped. */
  closeStorage: () => void;
  now?: () => number;
  log?: (message: string, error?: unknown) => void;
}

export function createCore(edges: CoreEdges) {
  const { repos, chooser, thumbnails } = edges;
  const now = edges.now ?? Date.now;
  const log = edges.log ?? ((message: string, error?: unknown) => console.error(message, error ?? ''));
  const activity = createInteractiveActivity();
  const imageThumbnails = createImageThumbnails({ repos, thumbnails });
  const jobs = createJobRunner<JobKinds>({
    repository: repos.jobs,
    handlers: {
      scan: createFolderScanHandler(repos),
      add: createAddImagesHandler(repos, chooser),
      export: createExportHandler(repos),
      import: createImportHandler(repos, chooser, now),
      thumbnails: createThumbnailWarmHandler({ repos, thumbnails: imageThumbnails, activity }),
    },
    now,
    onUnexpectedError: (kind, error) => log(`job ${kind} failed`, error),
  });
  const imports = createImportService({ jobs });
  const projects = createProjectService({ repos, jobs, imports, now });
  const labels = createLabelService({ repos, projects, now });
  const images = createImageService({ repos, projects, thumbnails: imageThumbnails, activity });
  const annotations = createAnnotationService({ repos, projects, now, activity });
  const imageFiles = createImageFilesService({ repos, projects, jobs, thumbnails });
  const choosers = createChooserService(chooser);
  const exports = createExportService({ projects, jobs });
  const annotationImports = createAnnotationImportService({ repos, projects, now });
  const settings = createSettingsService({ dataDir: edges.dataDir });
  return {
    dataDir: edges.dataDir,
    projects,
    labels,
    images,
    annotations,
    imageFiles,
    choosers,
    exports,
    imports,
    annotationImports,
    settings,
    jobs,
    /** Stops jobs at a safe point, checkpoints and closes the database. */
    async close(): Promise<void> {
      await jobs.shutdown();
      // Saves already queued were accepted: they commit (and are answered) before the close.
      annotations.flushSaves();
      edges.closeStorage();
    },
  };
}

export type Core = ReturnType<typeof createCore>;
