import { describe, expect, it } from 'vitest';
import { detectFormat, insideChosenFolder, isImportable, type SelectedFile } from './import-selection';

const text = (path: string, content = '') => ({ path, content });
const zip = (path: string): SelectedFile => ({ path, content: 'UEsDBA==', encoding: 'base64' });

describe('detectFormat', () => {
  it('tells each format from the files a user would pick', () => {
    expect(detectFormat([text('annotations/instances_val.json', '{"images": [], "annotations": [], "categories": []}')])).toBe('coco');
    expect(detectFormat([text('a.json', '{"version": "5.0", "shapes": [], "imagePath": "a.jpg"}')])).toBe('labelme');
    expect(detectFormat([text('Annotations/a.xml', '<annotation/>'), text('ImageSets/Main/train.txt', 'a')])).toBe('voc');
    expect(detectFormat([text('obj.names', 'car'), text('obj_train_data/a.txt', '0 0.5 0.5 0.1 0.1')])).toBe('yolo');
    expect(detectFormat([text('data.yaml', 'names: [car]'), text('labels/train/a.txt', '0 0.5 0.5 0.1 0.1')])).toBe('yolo');
    expect(detectFormat([zip('street_coco.zip')])).toBe('coco');
    expect(detectFormat([zip('street_labelme.zip')])).toBe('labelme');
  });

  it('leaves the choice to the user when the files do not say', () => {
    expect(detectFormat([text('labels/a.txt', '0 0.5 0.5 0.1 0.1')])).toBeNull();
    expect(detectFormat([text('notes.json', '[1, 2]'), text('broken.json', '{')])).toBeNull();
    expect(detectFormat([zip('dataset.zip')])).toBeNull();
    expect(detectFormat([zip('cocoa-beans.zip')])).toBeNull();
  });
});

describe('the selection', () => {
  it('keeps annotation files and zips, not the images beside them', () => {
    expect(['a.json', 'b.XML', 'c.txt', 'data.yaml', 'obj.names', 'obj.data', 'x.zip'].every(isImportable)).toBe(true);
    expect(['a.jpg', 'b.png', 'c.webp', 'README'].some(isImportable)).toBe(false);
  });
});

describe('insideChosenFolder', () => {
  it('takes the chosen folder as the root, as a zip of it would be', () => {
    const picked = ['p_coco/annotations/instances.json', 'p_coco/report.json', 'p_coco/images/a.jpg'].map((path) => text(path));
    expect(insideChosenFolder(picked).map((file) => file.path)).toEqual(['annotations/instances.json', 'report.json', 'images/a.jpg']);
  });

  it('keeps the paths of files picked one by one, or of several folders dropped together', () => {
    expect(insideChosenFolder([text('a.json'), text('b.json')]).map((file) => file.path)).toEqual(['a.json', 'b.json']);
    expect(insideChosenFolder([text('train/a.txt'), text('val/b.txt')]).map((file) => file.path)).toEqual(['train/a.txt', 'val/b.txt']);
    expect(insideChosenFolder([text('labels/a.txt'), text('data.yaml')]).map((file) => file.path)).toEqual(['labels/a.txt', 'data.yaml']);
  });
});
