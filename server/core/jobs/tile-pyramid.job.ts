// Cuts a huge image's tile pyramid in the background (its preview and thumbnail first, which
// the editor may already have asked for). The editor polls the status and swaps in tiles when
// they are there.
import { notFound } from '../errors';
import type { ImageThumbnails } from '../image-thumbnails';
import type { InteractiveActivity } from '../interactive-activity';
import { tileKeyOf, type TileMaker } from '../image-tiles';
import type { Repositories } from '../repositories';
import type { JobHandler } from './job-runner';

export interface TilePyramidParams {
  projectId: string;
  uuid: string;
}

export interface TilePyramidResult {
  tiles: number;
}

const CUT_WAITS_AT_MOST_MS = 1000;

export function createTilePyramidHandler(deps: {
  repos: Repositories;
  thumbnails: ImageThumbnails;
  maker: TileMaker;
  activity: InteractiveActivity;
}): JobHandler<{ params: TilePyramidParams; result: TilePyramidResult }> {
  const { repos, thumbnails, maker, activity } = deps;
  return async ({ projectId, uuid }, context) => {
    const project = await repos.projects.findById(projectId);
    const image = project ? await repos.images.find(projectId, uuid) : undefined;
    if (!project || !image) throw notFound('The image or its project was deleted');
    const file = await thumbnails.current(project, image);
    const key = tileKeyOf(project, file.image);
    context.setPhase('preview');
    await maker.preview(key, file);
    // The thumbnail, cut from that preview, is the editor's first picture of the image: made
    // before the cut takes both cores, beside which it took 200 ms instead of 15.
    await thumbnails.thumbnailOf(project, file).catch(() => undefined);
    // The cut takes both cores for seconds: it starts once the workspace has the thumbnail it
    // opens with (the first open's first picture came 0.2-0.4 s later beside it), but waits a
    // second at most (a client asking for thumbnails back to back leaves no quiet moment). It
    // then counts as interactive, so the background thumbnails step aside for it.
    await activity.waitForQuiet(AbortSignal.any([context.signal, AbortSignal.timeout(CUT_WAITS_AT_MOST_MS)]));
    context.signal.throwIfAborted();
    context.setPhase('cutting');
    let total = 0;
    await activity.during(() =>
      maker.pyramid(
        key,
        file,
        (done, all) => {
          total = all;
          context.progress(done, all);
        },
        context.signal,
      ),
    );
    return { result: { tiles: total } };
  };
}
