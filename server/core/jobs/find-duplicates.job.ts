// "Find duplicates": hashes the images no thumbnail decode has hashed yet, through the same
// path as thumbnails (so it warms their cache too). The groups are made from the stored
// hashes when asked (server/core/duplicates.ts), so they are never older than the hashes.
import { nextTurn } from '../next-turn';
import type { ImageThumbnails } from '../image-thumbnails';
import type { Repositories } from '../repositories';
import type { JobContext, JobHandler } from './job-runner';

export interface FindDuplicatesParams {
  projectId: string;
}

export interface FindDuplicatesResult {
  /** Images hashed by this run. */
  hashed: number;
  /** Unreadable or vanished files: they take part in no group. */
  failed: number;
  stopped: boolean;
}

const PAGE_SIZE = 100;


export function createFindDuplicatesHandler(deps: {
  repos: Repositories;
  thumbnails: ImageThumbnails;
}): JobHandler<{ params: FindDuplicatesParams; result: FindDuplicatesResult }> {
  const { repos, thumbnails } = deps;
  const run = async ({ projectId }: FindDuplicatesParams, { progress, setPhase, signal }: JobContext) => {
    const result: FindDuplicatesResult = { hashed: 0, failed: 0, stopped: false };
    setPhase('hashing');
    // Hashes thumbnails made a moment ago are still waiting for: they need no second decode.
    await thumbnails.flushHashes();
    const total = await repos.splits.countUnhashed(projectId);
    progress(0, total);
    let done = 0;
    // Keyset paging: a failed image stays unhashed and must not be read again in this run.
    let after = '';
    for (;;) {
      const page = await repos.splits.unhashedPage(projectId, after, PAGE_SIZE);
      if (page.length === 0) break;
      const project = await repos.projects.findById(projectId);
      if (!project) return { result: { ...result, stopped: true }, message: 'The project was deleted' };
      for (const listed of page) {
        // Requests go first: the decode is a few ms on the main thread's turn.
        await nextTurn();
        if (signal.aborted) return { result: { ...result, stopped: true }, message: 'Stopped before every image was hashed' };
        const image = await repos.images.find(projectId, listed.uuid);
        try {
          if (!image) throw new Error('gone');
          await thumbnails.hash(project, await thumbnails.current(project, image));
          result.hashed += 1;
        } catch {
          result.failed += 1;
        }
        done += 1;
        progress(done, Math.max(done, total));
      }
      after = page[page.length - 1]?.relPath ?? after;
    }
    return { result };
  };
  return async (params, context) => {
    try {
      return await run(params, context);
    } finally {
      await thumbnails.flushHashes();
    }
  };
}
