import { describe, expect, it } from 'vitest';
import { TRAINING_EXPORTERS, TRAINING_FORMATS, TRAINING_IMPORTERS } from './index';
import { box, item } from './test-fixtures';

describe('training formats', () => {
  it('round-trip through every exporter and importer', () => {
    const items = [item('a.jpg', [box(10, 20, 110, 70, 'cat')], { x: 100, y: 50, w: 500, h: 250 }), item('sub/a.jpg', [box(0, 0, 40, 30, 'dog')])];
    const targets = items.map(({ image }) => ({ relPath: image.relPath, width: image.width, height: image.height }));
    for (const format of TRAINING_FORMATS) {
      const back = TRAINING_IMPORTERS[format](TRAINING_EXPORTERS[format](items, ['cat', 'dog'], 'bndbox').files, targets, 'bndbox');
      expect(back.errors, format).toEqual([]);
      // The first box was saved in canvas space: (10,20)-(110,70) → pixels (-180,-60)-(20,40), cut at 0.
      expect(back.matched.get('a.jpg'), format).toEqual([expect.objectContaining({ x1: 0, y1: 0, x2: 20, y2: 40, label: 'cat' })]);
      expect(back.matched.get('sub/a.jpg'), format).toEqual([expect.objectContaining({ x1: 0, y1: 0, x2: 40, y2: 30, label: 'dog' })]);
    }
  });
});
