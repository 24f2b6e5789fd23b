import { describe, expect, it } from 'vitest';
import { reloadSummaryText } from './reload-summary';

const lists = (added: number, removed: number, unreadable: number) => ({
  uuid_add_list: Array.from({ length: added }, (_, index) => `a${index}`),
  uuid_delete_list: Array.from({ length: removed }, (_, index) => `d${index}`),
  unsupported_image_list: Array.from({ length: unreadable }, (_, index) => `/f/u${index}.png`),
});

describe('reloadSummaryText', () => {
  it('says what came, what went and what was skipped, in words that count right', () => {
    expect(reloadSummaryText(lists(4, 1, 2))).toBe(
      'Reloaded: 4 images found; 1 image no longer in the folder (kept with their shapes, back if the files return); 2 files skipped as unreadable',
    );
    expect(reloadSummaryText(lists(1, 0, 1))).toBe('Reloaded: 1 image found; 1 file skipped as unreadable');
    expect(reloadSummaryText(lists(0, 1200, 0))).toBe('Reloaded: 1,200 images no longer in the folder (kept with their shapes, back if the files return)');
  });

  it('says a reload that changed nothing did so, also when the lists are absent', () => {
    expect(reloadSummaryText(lists(0, 0, 0))).toBe('Reloaded: no images found or gone');
    expect(reloadSummaryText({ uuid_add_list: null, uuid_delete_list: null, unsupported_image_list: null })).toBe('Reloaded: no images found or gone');
  });
});
