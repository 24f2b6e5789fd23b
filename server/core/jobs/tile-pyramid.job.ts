// Cuts a huge image's tile pyramid in the background (its preview and thumbnail first, which the
// editor may already have asked for). The editor polls the status and swaps in tiles when they are there.
import { notFound } from '../errors';
import type { ImageThumbnails } from '../image-thumbnails';
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

export function createTilePyramidHandler(deps: { repos: Repositories; thumbnails: ImageThumbnails; maker: TileMaker }): JobHandler<{ params: TilePyramidParams; result: TilePyramidResult }> {
  const { repos, thumbnails, maker } = deps;
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
    context.setPhase('cutting');
    let total = 0;
    await maker.pyramid(
      key,
      file,
      (done, all) => {
        total = all;
        context.progress(done, all);
      },
      context.signal,
    );
    return { result: { tiles: total } };
  };
}
