// The editor's save and read on a real core: pixel shapes in, classifai canvas space stored.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, writeImage } from '@/server/testing/image-fixtures';
import { createTestCore, type TestCore } from '@/server/testing/test-core';

let t: TestCore;
let uuid: string;

beforeAll(async () => {
  t = createTestCore();
  const folder = await makeTempDir('labelport-annotation-service-');
  await writeImage(path.join(folder, 'wide.png'), { format: 'png', width: 400, height: 200 });
  await t.core.projects.create({ source: 'folder', name: 'shapes', type: 'bndbox', folder, labelFilePath: '' });
  await t.scanSettled('bndbox', 'shapes');
  t.core.labels.add('bndbox', 'shapes', 'cat');
  t.core.labels.recolor('bndbox', 'shapes', 'cat', 'rgba(1,2,3,1.0)');
  [uuid = ''] = t.core.projects.loadingStatus('bndbox', 'shapes').uuids;
}, 30_000);

afterAll(() => t.close());

describe('annotation service', () => {
  it('stores an editor box drawn right to left as a normal box, in the label colour, placed as the image itself', () => {
    t.core.annotations.saveEditorShapes('bndbox', 'shapes', uuid, [{ id: 'b1', kind: 'box', x: 150, y: 80, w: -100, h: -50, label: 'cat' }]);
    const [stored] = t.core.annotations.withImages('bndbox', 'shapes', [uuid]);
    expect(stored?.annotation.placement).toEqual({ x: 0, y: 0, w: 400, h: 200 });
    expect(stored?.annotation.shapes).toEqual([expect.objectContaining({ kind: 'box', x1: 50, y1: 30, x2: 150, y2: 80, color: 'rgba(1,2,3,1.0)', label: 'cat', id: 'b1' })]);
    expect(t.core.annotations.editorImages('bndbox', 'shapes', [uuid])[0]?.shapes).toEqual([{ id: 'b1', kind: 'box', x: 50, y: 30, w: 100, h: 50, label: 'cat' }]);
  });

  it('gives the editor pixels for shapes a classifai client saved in its canvas space', () => {
    // The client drew the 400x200 image at (100,50) scaled to 200x100.
    const shapes = [{ kind: 'box' as const, x1: 110, y1: 60, x2: 160, y2: 85, distanceToImg: null, lineWidth: 2, color: null, label: 'cat', id: 'c1' }];
    t.core.annotations.update('bndbox', 'shapes', uuid, { shapes, placement: { x: 100, y: 50, w: 200, h: 100 } });
    expect(t.core.annotations.editorImages('bndbox', 'shapes', [uuid])[0]?.shapes).toEqual([{ id: 'c1', kind: 'box', x: 20, y: 20, w: 100, h: 50, label: 'cat' }]);
  });

  it('refuses a save for an unknown image or project and changes nothing', () => {
    const before = t.core.annotations.withImages('bndbox', 'shapes', [uuid]);
    expect(() => t.core.annotations.saveEditorShapes('bndbox', 'shapes', 'nope', [])).toThrow(expect.objectContaining({ code: 'not_found' }));
    expect(() => t.core.annotations.saveEditorShapes('bndbox', 'ghost', uuid, [])).toThrow(expect.objectContaining({ code: 'not_found' }));
    expect(t.core.annotations.withImages('bndbox', 'shapes', [uuid])).toEqual(before);
  });
});
