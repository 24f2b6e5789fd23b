// When a huge image's pyramid is cut: after its preview and thumbnail, once the requests in
// flight have ended (the workspace's opening), and never later than a second after.
import { describe, expect, it } from 'vitest';
import type { ImageThumbnails } from '../image-thumbnails';
import type { TileMaker } from '../image-tiles';
import { createInteractiveActivity } from '../interactive-activity';
import type { Repositories } from '../repositories';
import type { ImageRecord, Project } from '../types';
import { createTilePyramidHandler } from './tile-pyramid.job';

const project = { id: 'p1', folder: '/photos' } as Project;
const image = { uuid: 'u1', fileSize: 10, mtimeMs: 1, width: 20_000, height: 20_000 } as ImageRecord;

function setUp() {
  const steps: string[] = [];
  const activity = createInteractiveActivity();
  const repos = { projects: { findById: async () => project }, images: { find: async () => image } } as unknown as Repositories;
  const thumbnails = {
    current: async () => ({ image, absPath: '/photos/huge.jpg' }),
    thumbnailOf: async () => {
      steps.push('thumbnail');
      return Buffer.alloc(0);
    },
  } as unknown as ImageThumbnails;
  const maker = {
    preview: async () => {
      steps.push('preview');
      return Buffer.alloc(0);
    },
    pyramid: async (_key: unknown, _file: unknown, progress: (done: number, total: number) => void) => {
      steps.push('cut');
      progress(1, 1);
    },
  } as unknown as TileMaker;
  const cut = createTilePyramidHandler({ repos, thumbnails, maker, activity });
  const run = () => cut({ projectId: project.id, uuid: image.uuid }, { progress: () => undefined, setPhase: () => undefined, signal: new AbortController().signal });
  return { steps, activity, run };
}

describe('tile pyramid job', () => {
  it('cuts after the preview and the thumbnail, once the request in flight has been answered', async () => {
    const { steps, activity, run } = setUp();
    let answer = () => undefined as void;
    const request = activity.during(() => new Promise<void>((resolve) => (answer = resolve)));
    const job = run();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(steps).toEqual(['preview', 'thumbnail']);
    steps.push('answered');
    answer();
    await request;
    await job;
    expect(steps).toEqual(['preview', 'thumbnail', 'answered', 'cut']);
  });

  it('cuts anyway while requests never stop coming', async () => {
    const { steps, activity, run } = setUp();
    let stop = false;
    // A client asking back to back: a new request as soon as the last is answered.
    const client = (async () => {
      while (!stop) await activity.during(() => new Promise((resolve) => setTimeout(resolve, 5)));
    })();
    await run();
    stop = true;
    await client;
    expect(steps).toEqual(['preview', 'thumbnail', 'cut']);
  });
});
