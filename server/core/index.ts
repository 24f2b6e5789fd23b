// Wires storage, jobs and services once per process. The only place that knows every part.
import { openDatabase } from '@/server/db/database';
import { createSqliteRepositories } from '@/server/db/repositories';
import { createChooser, type Chooser } from '@/server/files/chooser';
import { createThumbnailCache } from '@/server/files/thumbnail-cache';
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
import { createJobRunner } from './jobs/job-runner';
import type { JobKinds } from './jobs/job-kinds';
import { createProjectService } from './project.service';

export interface CoreOptions {
  dataDir: string;
  chooser?: Chooser;
  now?: () => number;
  log?: (message: string, error?: unknown) => void;
}

export function createCore(options: CoreOptions) {
  const now = options.now ?? Date.now;
  const log = options.log ?? ((message: string, error?: unknown) => console.error(message, error ?? ''));
  const db = openDatabase(options.dataDir);
  const repos = createSqliteRepositories(db);
  const chooser = options.chooser ?? createChooser();
  const jobs = createJobRunner<JobKinds>({
    repository: repos.jobs,
    handlers: {
      scan: createFolderScanHandler(repos),
      add: createAddImagesHandler(repos, chooser),
      export: createExportHandler(repos, now),
      import: createImportHandler(repos, chooser, now),
    },
    now,
    onUnexpectedError: (kind, error) => log(`job ${kind} failed`, error),
  });
  const imports = createImportService({ jobs });
  const projects = createProjectService({ repos, jobs, imports, now });
  const thumbnails = createThumbnailCache(options.dataDir);
  const images = createImageService({ repos, projects, thumbnails });
  const annotations = createAnnotationService({ repos, projects, now });
  const imageFiles = createImageFilesService({ repos, projects, jobs, thumbnails });
  const choosers = createChooserService(chooser);
  const exports = createExportService({ projects, jobs });
  const annotationImports = createAnnotationImportService({ repos, projects, now });
  return {
    dataDir: options.dataDir,
    projects,
    images,
    annotations,
    imageFiles,
    choosers,
    exports,
    imports,
    annotationImports,
    jobs,
    /** Stops jobs at a safe point, checkpoints and closes the database. */
    async close(): Promise<void> {
      await jobs.shutdown();
      db.close();
    },
  };
}

export type Core = ReturnType<typeof createCore>;
