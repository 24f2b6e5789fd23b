import { describe, expect, it } from 'vitest';
import { availabilityOf, noticeOf } from './image-availability';

const describeError = (error: unknown) => (error instanceof Error ? error.message : String(error));
const IMAGE = { uuid: 'u1', img_path: 'a.png', width: 10, height: 10, shapes: [], version: 1 };

describe('whether the image at the editor\'s position can be shown', () => {
  it('is loading until its read answers, and ready once it brought the image', () => {
    expect(availabilityOf({ data: undefined, error: null, fetching: true }, describeError)).toEqual({ state: 'loading' });
    expect(availabilityOf({ data: undefined, error: null, fetching: false }, describeError)).toEqual({ state: 'loading' });
    expect(availabilityOf({ data: [IMAGE], error: null, fetching: false }, describeError)).toEqual({ state: 'ready' });
  });

  it('is missing when the server answers nothing for it (deleted meanwhile), even while asked again', () => {
    expect(availabilityOf({ data: [], error: null, fetching: false }, describeError)).toEqual({ state: 'missing' });
    expect(availabilityOf({ data: [], error: null, fetching: true }, describeError)).toEqual({ state: 'missing' });
  });

  it('failed with the reason when the read failed and nothing was read; a read that failed after data came keeps it shown', () => {
    expect(availabilityOf({ data: undefined, error: new Error('Failed to fetch'), fetching: false }, describeError)).toEqual({ state: 'failed', reason: 'Failed to fetch', retrying: false });
    expect(availabilityOf({ data: undefined, error: new Error('Failed to fetch'), fetching: true }, describeError)).toMatchObject({ state: 'failed', retrying: true });
    expect(availabilityOf({ data: [IMAGE], error: new Error('Failed to fetch'), fetching: false }, describeError)).toEqual({ state: 'ready' });
  });

  it('says nothing over an image loading or shown', () => {
    expect(noticeOf({ state: 'loading' })).toBeNull();
    expect(noticeOf({ state: 'ready' })).toBeNull();
  });

  it('says a deleted image is no longer in the project, offers no retry, and refuses input', () => {
    expect(noticeOf({ state: 'missing' })).toEqual({
      text: 'This image is no longer in the project.',
      detail: 'Nothing can be drawn on it; go on to another image.',
      retry: false,
      retrying: false,
      refusesInput: true,
    });
  });

  it('says why a read failed and offers a retry; input let go while it was on its way is said', () => {
    expect(noticeOf({ state: 'failed', reason: 'Failed to fetch', retrying: false }, true)).toEqual({
      text: 'This image could not be loaded: Failed to fetch',
      detail: 'What was drawn on it before this was known was not kept. Nothing can be drawn on it; go on to another image.',
      retry: true,
      retrying: false,
      refusesInput: true,
    });
    expect(noticeOf({ state: 'failed', reason: 'x', retrying: true })).toMatchObject({ retry: true, retrying: true });
  });
});
