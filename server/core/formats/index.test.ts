import { describe, expect, it } from 'vitest';
import { EXPORT_FORMATS, exportPages, TRAINING_IMPORTERS } from './index';
import { box, item } from './test-fixtures';

describe('training formats', () => {
  it('round-trip through every registered dataset exporter and its importer, split over pages', async () => {
    const items = [item('a.jpg', [box(10, 20, 110, 70, 'cat')], { x: 100, y: 50, w: 500, h: 250 }), item('sub/a.jpg', [box(0, 0, 40, 30, 'dog')])];
    const targets = items.map(({ image }) => ({ relPath: image.relPath, width: image.width, height: image.height }));
    for (const { type: format, content } of EXPORT_FORMATS) {
      if (content.kind !== 'dataset' || !(format in TRAINING_IMPORTERS)) continue;
      // One image per page, as the export job reads them: stems and classes must hold across pages.
      const files = await exportPages(content.exporter, items.map((one) => [one]), ['cat', 'dog'], 'bndbox');
      const back = TRAINING_IMPORTERS[format as keyof typeof TRAINING_IMPORTERS](files, targets, 'bndbox');
      expect(back.errors, format).toEqual([]);
      // The first box was saved in canvas space: (10,20)-(110,70) → pixels (-180,-60)-(20,40), cut at 0.
      expect(back.matched.get('a.jpg'), format).toEqual([expect.objectContaining({ x1: 0, y1: 0, x2: 20, y2: 40, label: 'cat' })]);
      expect(back.matched.get('sub/a.jpg'), format).toEqual([expect.objectContaining({ x1: 0, y1: 0, x2: 40, y2: 30, label: 'dog' })]);
    }
  });

  it('keeps file names unique and class numbers stable when the same name comes on a later page', async () => {
    const pages = [[item('a.jpg', [box(0, 0, 10, 10, 'cat')])], [item('a.png', [box(0, 0, 10, 10, 'zebra')])]];
    const paths = async (type: string) => {
      const format = EXPORT_FORMATS.find((candidate) => candidate.type === type);
      return format?.content.kind === 'dataset' ? await exportPages(format.content.exporter, pages, ['cat'], 'bndbox') : [];
    };
    expect((await paths('voc')).map((file) => file.path)).toEqual(['Annotations/a.xml', 'Annotations/a.png.xml', 'class_names.txt']);
    const yolo = await paths('yolo');
    expect(yolo.map((file) => [file.path, file.content])).toEqual([
      ['labels/a.txt', expect.stringMatching(/^0 /)],
      ['labels/a.png.txt', expect.stringMatching(/^1 /)],
      ['classes.txt', 'cat\nzebra\n'],
      ['data.yaml', expect.stringContaining('nc: 2\nnames:\n  0: "cat"\n  1: "zebra"\n')],
    ]);
  });
});
