// Opening a project makes, in the background, the thumbnails its image strip and classifai
// clients will ask for, so a person rarely waits for a cold one. It is the lowest priority
// work there is: one image at a time, and it steps aside while a request is being served.
import { nextTurn } from '../next-turn';
import type { ImageThumbnails } from '../image-thumbnails';
import type { InteractiveActivity } from '../interactive-activity';
import { readPages } from '../paging';
import type { Repositories } from '../repositories';
import type { JobContext, JobHandler } from './job-runner';

export interface ThumbnailWarmParams {
  projectId: string;
}

export interface ThumbnailWarmResult {
  /** Thumbnails made by this run. */
  made: number;
  /** Already cached: reopening a warmed project makes none. */
  cached: number;
  /** Unreadable or vanished files, skipped: the request for one answers its own error. */
  failed: number;
  /** The project was closed or deleted, or the server stopped, before every image was seen. */
  stopped: boolean;
}

const PAGE_SIZE = 200;

/** Waits, after letting the request that started the job answer, for a quiet moment; false when aborted. */
async function waitForQuiet(activity: InteractiveActivity, signal: AbortSignal): Promise<boolean> {
  await nextTurn();
  return activity.waitForQuiet(signal);
}

export function createThumbnailWarmHandler(deps: {
  repos: Repositories;
  thumbnails: ImageThumbnails;
  activity: InteractiveActivity;
}): JobHandler<{ params: ThumbnailWarmParams; result: ThumbnailWarmResult }> {
  const { repos, thumbnails, activity } = deps;
  const warm = async ({ projectId }: ThumbnailWarmParams, { progress, setPhase, signal }: JobContext) => {
    const result: ThumbnailWarmResult = { made: 0, cached: 0, failed: 0, stopped: false };
    setPhase('making');
    let done = 0;
    // Natural order: the strip shows the first images first, so they are warmed first.
    for await (const page of readPages((offset, limit) => repos.images.naturalPage(projectId, 'all', offset, limit), PAGE_SIZE)) {
      // Read once a page, not once an image: images added meanwhile grow the total, and a
      // deleted project cancels the job (its signal) between images.
      const total = (await repos.images.counts(projectId)).total;
      const project = await repos.projects.findById(projectId);
      if (!project) return { result: { ...result, stopped: true }, message: 'The project was deleted' };
      for (const listed of page) {
        if (!(await waitForQuiet(activity, signal))) return { result: { ...result, stopped: true }, message: 'Stopped before every thumbnail was made' };
        // Read again after the wait: the image may have been deleted or renamed meanwhile.
        const image = await repos.images.find(projectId, listed.uuid);
        if (!image) result.failed += 1;
        else if (await thumbnails.isCached(project, image)) result.cached += 1;
        else {
          try {
            await thumbnails.thumbnailOf(project, await thumbnails.current(project, image));
            result.made += 1;
          } catch {
            result.failed += 1;
          }
        }
        done += 1;
        progress(done, Math.max(done, total));
      }
    }
    return { result };
  };
  return async (params, context) => {
    try {
      return await warm(params, context);
    } finally {
      // The hashes of the thumbnails made are in the database once the job reports its end
      // (a huge image's, and those of a thumbnail a request was making, follow when it is quiet).
      await thumbnails.flushHashes();
    }
  };
}
