// Wires jobs and services from the edges it is handed (storage, chooser, thumbnail cache).
// Opening those is the runtime's work: server/runtime/open-core.ts.
import type { Chooser } from '@/server/files/chooser';
import type { ThumbnailCache } from '@/server/files/thumbnail-cache';
import { createAnnotationImportService } from './annotation-import.service';
import { createAnnotationService } from './annotation.service';
import { createChooserService, refusingChooser } from './chooser.service';
import { createImageFilesService } from './image-files.service';
import { createImageService } from './image.service';
import { createDatasetCheckService } from './dataset-check.service';
import { createExportService } from './export.service';
import { createImportService } from './import.service';
import { createAddImagesHandler } from './jobs/add-images.job';
import { createExportHandler } from './jobs/export.job';
import { createImportHandler } from './jobs/import.job';
import { createFolderScanHandler } from './jobs/folder-scan.job';
import { createThumbnailWarmHandler } from './jobs/thumbnail-warm.job';
import { createTilePyramidHandler } from './jobs/tile-pyramid.job';
import { createImageTiles, createTileMaker, tileKeyOf } from './image-tiles';
import { createTileStore } from '@/server/files/tile-store';
import { createFindDuplicatesHandler } from './jobs/find-duplicates.job';
import { createImageThumbnails } from './image-thumbnails';
import { createInteractiveActivity, interactiveWork } from './interactive-activity';
import { createLabelService } from './label.service';
import { createJobRunner } from './jobs/job-runner';
import type { JobKinds } from './jobs/job-kinds';
import { createProjectService } from './project.service';
import { createSettingsService } from './settings.service';
import { createSplitService } from './split.service';
import type { Repositories } from './repositories';
import { createProjectRoots } from './project-roots';
import { createTeamworkService } from './teamwork/teamwork.service';
import { createUserService } from './users/user.service';

export interface CoreEdges {
  dataDir: string;
  repos: Repositories;
  chooser: Chooser;
  thumbnails: ThumbnailCache;
  /** No other process can share the storage (SQLite): jobs left running at start-up are failed. */
  exclusiveStore?: boolean;
  /** Checkpoints and closes the storage; called once the jobs have stopped. */
  closeStorage: () => void | Promise<void>;
  /** How often a running job's row says its process is alive, and how old a silent one may get. */
  jobTiming?: { heartbeatMs?: number; staleAfterMs?: number };
  /** How jobs name this process, and which named processes are known to have stopped (see JobRunnerOptions). */
  jobOwners?: { owner: string; stopped: (owner: string) => boolean };
  now?: () => number;
  log?: (message: string, error?: unknown) => void;
  /** LABELPORT_ROOTS: projects only from folders under these (team server); undefined: anywhere. */
  projectRoots?: readonly string[];
  /** How long an unused browser session lasts (team mode). */
  sessionTtlMs?: number;
  /** A full garbage collection, where the runtime can run one (long exports keep their peak down). */
  compactHeap?: () => void;
}

export function createCore(edges: CoreEdges) {
  const { repos, thumbnails } = edges;
  const now = edges.now ?? Date.now;
  const log = edges.log ?? ((message: string, error?: unknown) => console.error(message, error ?? ''));
  const activity = createInteractiveActivity();
  const tileStore = createTileStore(edges.dataDir);
  const tileMaker = createTileMaker(tileStore);
  const imageThumbnails = createImageThumbnails({ repos, thumbnails, activity, previewOf: (project, file) => tileMaker.preview(tileKeyOf(project, file.image), file) });
  const roots = createProjectRoots(edges.projectRoots);
  // A team server with roots: its users sit at other machines, a dialog on the server helps nobody.
  // Every job gets a chooser that refuses, so no path can open one; the services refuse earlier,
  // with a reply that says what to do instead.
  const remote = edges.projectRoots !== undefined;
  const chooser = remote ? refusingChooser : edges.chooser;
  // A job a person waits for, its progress on screen, counts as interactive: the thumbnails
  // and hashes made in the background step aside for it as for a request. Beside them, a cfg
  // export of 1,000 photos took 590-650 ms where it takes 440 alone (460 with this). Not the
  // add and import jobs: they may wait on a file dialog, and the thumbnails must not wait on it.
  const waitedFor = interactiveWork(activity);
  const jobs = createJobRunner<JobKinds>({
    repository: repos.jobs,
    handlers: {
      scan: waitedFor(createFolderScanHandler(repos, edges.compactHeap)),
      add: createAddImagesHandler(repos, chooser),
      export: waitedFor(createExportHandler(repos, edges.compactHeap)),
      import: createImportHandler(repos, chooser, now, roots.check),
      thumbnails: createThumbnailWarmHandler({ repos, thumbnails: imageThumbnails, activity }),
      tiles: createTilePyramidHandler({ repos, thumbnails: imageThumbnails, maker: tileMaker, activity }),
      duplicates: createFindDuplicatesHandler({ repos, thumbnails: imageThumbnails }),
    },
    now,
    exclusiveStore: edges.exclusiveStore,
    owner: edges.jobOwners?.owner,
    ownerStopped: edges.jobOwners?.stopped,
    ...edges.jobTiming,
    onUnexpectedError: (kind, error) => log(`job ${kind} failed`, error),
  });
  const imports = createImportService({ jobs, remote });
  const projects = createProjectService({ repos, jobs, imports, now, roots });
  const labels = createLabelService({ repos, projects, now });
  const images = createImageService({ repos, projects, thumbnails: imageThumbnails, activity });
  const tiles = createImageTiles({ repos, projects, thumbnails: imageThumbnails, jobs, store: tileStore, maker: tileMaker, now });
  const annotations = createAnnotationService({ repos, projects, now, activity });
  const imageFiles = createImageFilesService({ repos, projects, jobs, thumbnails, remote });
  const choosers = createChooserService(chooser, { remote });
  const exports = createExportService({ projects, jobs });
  const datasetChecks = createDatasetCheckService({ repos, projects });
  const annotationImports = createAnnotationImportService({ repos, projects, now, roots });
  const settings = createSettingsService({ dataDir: edges.dataDir, users: repos.users });
  const splits = createSplitService({ repos, projects, jobs, now });
  const users = createUserService({ users: repos.users, now, sessionTtlMs: edges.sessionTtlMs });
  const teamwork = createTeamworkService({ repos, projects, now });
  return {
    dataDir: edges.dataDir,
    projects,
    labels,
    images,
    tiles,
    annotations,
    imageFiles,
    choosers,
    exports,
    datasetChecks,
    imports,
    annotationImports,
    settings,
    splits,
    users,
    teamwork,
    roots,
    jobs,
    /** Stops jobs at a safe point, checkpoints and closes the database. */
    async close(): Promise<void> {
      await jobs.shutdown();
      // Saves already queued were accepted: they commit (and are answered) before the close.
      await annotations.flushSaves();
      await imageThumbnails.close();
      await edges.closeStorage();
    },
  };
}

export type Core = ReturnType<typeof createCore>;
