import { describe, expect, it } from 'vitest';
import { classListFile, readClassList } from './class-list';
import { exportLabelme, importLabelme } from './labelme';
import { box, item } from './test-fixtures';
import { exportVoc, importVoc } from './voc';

const targets = [{ relPath: 'a.jpg', width: 1000, height: 500 }, { relPath: 'b.jpg', width: 1000, height: 500 }];
// The shapes name the labels in another order than the project's, and one label has none.
const items = [item('a.jpg', [box(10, 20, 110, 70, 'apple', '1')]), item('b.jpg', [box(1, 2, 30, 40, 'zebra', '2')])];
const projectLabels = ['zebra', 'unused', 'apple'];

describe('the class list of formats that have none (VOC, LabelMe)', () => {
  it.each([
    ['VOC', exportVoc, importVoc, 'class_names.txt'],
    ['LabelMe', exportLabelme, importLabelme, 'labels.txt'],
  ] as const)('%s: a round trip keeps the label order and the labels no shape uses', async (_name, exporter, importer, listName) => {
    const { files } = await exporter(items, projectLabels, 'bndbox');
    expect(files.find((file) => file.path === listName)?.content).toBe('zebra\nunused\napple\n');
    const back = importer(files, targets, 'bndbox');
    expect(back.errors).toEqual([]);
    expect(back.labels).toEqual(projectLabels);
  });

  it('reads the list nearest the root, without the masks\' background and ignore classes', () => {
    const files = [
      { path: 'deep/down/classes.txt', content: 'other\n' },
      { path: 'set/class_names.txt', content: '_background_\r\n__ignore__\r\n cat \r\n\r\ndog\r\ncat\r\n' },
    ];
    expect(readClassList(files, 'voc').labels).toEqual(['cat', 'dog']);
  });

  it('writes an imported list back where it was, byte for byte while the labels are the same, else with its background lines and line ends', () => {
    const source = { path: 'set/class_names.txt', content: '_background_\r\ncat\r\ndog\r\n' };
    const { labels, projectFields } = readClassList([source], 'voc');
    expect(classListFile('class_names.txt', labels, projectFields, 'voc')).toEqual([source]);
    expect(classListFile('class_names.txt', ['dog', 'cat', 'bird'], projectFields, 'voc')).toEqual([{ path: source.path, content: '_background_\r\ndog\r\ncat\r\nbird\r\n' }]);
    // Another format's list is not this one's.
    expect(classListFile('labels.txt', labels, projectFields, 'labelme')).toEqual([{ path: 'labels.txt', content: 'cat\ndog\n' }]);
  });

  it('never writes a stored list outside the archive', () => {
    const stored = { voc: { classList: { path: '../../etc/class_names.txt', content: 'cat\n' } } };
    expect(classListFile('class_names.txt', ['cat'], stored, 'voc')).toEqual([{ path: 'class_names.txt', content: 'cat\n' }]);
  });
});
