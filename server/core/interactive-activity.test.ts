// What the thumbnail pre-generation steps aside for: requests in flight, and for a while after
// any interactive request, awaited or synchronous.
import { describe, expect, it } from 'vitest';
import { createInteractiveActivity } from './interactive-activity';

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
});
