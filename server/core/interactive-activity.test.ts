// What the thumbnail pre-generation steps aside for: requests in flight, and for a while after
// any interactive request, awaited or synchronous.
import { describe, expect, it } from 'vitest';
import { createInteractiveActivity, interactiveWork } from './interactive-activity';

describe('interactive activity', () => {
  it('is quiet before any request', () => {
    expect(createInteractiveActivity().isQuiet(60_000)).toBe(true);
  });

  it('is not quiet while a request runs, nor right after it', async () => {
    const activity = createInteractiveActivity();
    let during = true;
    await activity.during(async () => {
      during = activity.isQuiet(0);
    });
    expect(during).toBe(false);
    expect(activity.isQuiet(60_000)).toBe(false);
    expect(activity.isQuiet(0)).toBe(true);
  });

  it('counts a synchronous read that was just served', () => {
    const activity = createInteractiveActivity();
    activity.served();
    expect(activity.isQuiet(60_000)).toBe(false);
    expect(activity.isQuiet(0)).toBe(true);
  });

  it('lets background work wait until a request has ended, and stop waiting when aborted', async () => {
    const activity = createInteractiveActivity();
    let release: () => void = () => undefined;
    const request = activity.during(() => new Promise<void>((resolve) => (release = resolve)));
    let quietSeen = false;
    const waited = activity.waitForQuiet().then((quiet) => (quietSeen = quiet));
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(quietSeen).toBe(false);
    release();
    await request;
    expect(await waited).toBe(true);

    const stop = new AbortController();
    const busy = activity.during(() => new Promise<void>((resolve) => setTimeout(resolve, 500)));
    const aborted = activity.waitForQuiet(stop.signal);
    stop.abort();
    expect(await aborted).toBe(false);
    await busy;
  });
});

describe('interactive work (a job a person waits for)', () => {
  it('holds background work back for as long as any run of it is in flight, and passes its arguments and answer through', async () => {
    const activity = createInteractiveActivity();
    const releases: Array<() => void> = [];
    const job = interactiveWork(activity)(async (name: string, size: number) => {
      await new Promise<void>((resolve) => releases.push(resolve));
      return `${name}:${size}`;
    });
    const first = job('cfg', 1);
    const second = job('coco', 2);
    let quietSeen = false;
    const waited = activity.waitForQuiet().then((quiet) => (quietSeen = quiet));
    await new Promise((resolve) => setTimeout(resolve, 80));
    releases[0]?.();
    expect(await first).toBe('cfg:1');
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(quietSeen).toBe(false);
    releases[1]?.();
    expect(await second).toBe('coco:2');
    expect(await waited).toBe(true);
  });
});
