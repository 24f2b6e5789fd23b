import { describe, expect, it } from 'vitest';
import type { Shape } from '@/server/core/types';
import { buildClassifaiConfig, parseClassifaiConfig, serializeClassifaiConfig, type ExportImage, type ParsedClassifaiProject } from './classifai-cfg';
import { box, imageRecord, polygon, project } from './test-fixtures';

const NOW = new Date(2021, 11, 20, 15, 15, 9);
const V = '8d1e2f3a-4b5c-4d6e-8f90-a1b2c3d4e5f6';

// Reference E.2's example, as the original writes it (the layout does not matter when reading).
const ORIGINAL = `{
  "content" : {
    "5b0c6d2e-1f0a-4c1e-9b77-0a6c1d2e3f40" : {
      "checksum" : "q2xV0b8m6l9Zr3kq8f0sY6m2hF9tL0cQ1vWm7o4pK1E=",
      "img_path" : "sub\\\\cat1.jpg",
      "version_list" : [ {
        "version_uuid" : "${V}",
        "annotation_data" : {
          "annotation" : [ {
            "x1" : 12, "y1" : 30, "x2" : 140, "y2" : 200,
            "lineWidth" : 2, "color" : "rgba(255,0,0,1.0)",
            "distancetoImg" : { "x" : 5, "y" : 9 },
            "label" : "cat", "id" : "1612202114305123"
          } ],
          "img_x" : 212, "img_y" : 48, "img_w" : 800, "img_h" : 600
        }
      } ],
      "img_depth" : 3, "img_ori_w" : 640, "img_ori_h" : 480, "file_size" : 0
    }
  },
  "tool" : "classifai",
  "tool_version" : "2.0.0-alpha3",
  "updated_date" : "2021/12/20 03:15:09 PM",
  "project_id" : "0f9e8d7c-6b5a-4f3e-9d2c-1b0a9f8e7d6c",
  "project_name" : "pets",
  "annotation_type" : "boundingbox",
  "project_path" : "/home/alice/pets",
  "is_new" : false,
  "is_starred" : true,
  "project_infra" : "on_premise",
  "current_version" : "{version_uuid:${V},created_date:2021/12/20 03:01:00 PM,last_modified_date:2021/12/20 03:14:55 PM,next_version_uuid:null}",
  "project_version" : "[{version_uuid:${V},created_date:2021/12/20 03:01:00 PM,last_modified_date:2021/12/20 03:01:00 PM,next_version_uuid:null}]",
  "uuid_version_list" : "[{${V}:[5b0c6d2e-1f0a-4c1e-9b77-0a6c1d2e3f40, 77aa0b1c-2d3e-4f50-8a9b-c0d1e2f3a4b5]}]",
  "label_version_list" : "[{${V}:[cat, dog]}]"
}`;

function parsed(text: string): ParsedClassifaiProject {
  const result = parseClassifaiConfig(text);
  if (!result.ok) throw new Error(result.error);
  return result.value;
}

function errorOf(change: (config: Record<string, unknown>) => void): string {
  const config = JSON.parse(ORIGINAL) as Record<string, unknown>;
  change(config);
  const result = parseClassifaiConfig(JSON.stringify(config));
  return result.ok ? 'accepted' : result.error;
}

const catBox: Shape = { ...box(12, 30, 140, 200, 'cat', '1612202114305123'), distanceToImg: { x: 5, y: 9 } };

describe('buildClassifaiConfig + serializeClassifaiConfig', () => {
  const images: ExportImage[] = [
    {
      image: { ...imageRecord('sub/cat1.jpg', 640, 480, '5b0c6d2e-1f0a-4c1e-9b77-0a6c1d2e3f40'), fileSize: 0 },
      annotation: { shapes: [catBox], placement: { x: 212, y: 48, w: 800, h: 600 } },
      checksum: 'q2xV0b8m6l9Zr3kq8f0sY6m2hF9tL0cQ1vWm7o4pK1E=',
    },
  ];

  it('writes the keys, order and values of reference E.2', () => {
    const config = buildClassifaiConfig(project(), images, NOW);
    expect(Object.keys(config)).toEqual([
      'content', 'tool', 'tool_version', 'updated_date', 'project_id', 'project_name', 'annotation_type', 'project_path',
      'is_new', 'is_starred', 'project_infra', 'current_version', 'project_version', 'uuid_version_list', 'label_version_list',
    ]);
    const entry = config.content['5b0c6d2e-1f0a-4c1e-9b77-0a6c1d2e3f40'];
    expect(Object.keys(entry ?? {})).toEqual(['checksum', 'img_path', 'version_list', 'img_depth', 'img_ori_w', 'img_ori_h', 'file_size']);
    expect(Object.keys(entry?.version_list[0]?.annotation_data.annotation[0] ?? {})).toEqual(['x1', 'y1', 'x2', 'y2', 'lineWidth', 'color', 'distancetoImg', 'label', 'id']);
    expect(config).toMatchObject({
      tool: 'classifai',
      tool_version: '2.0.0-alpha3',
      updated_date: '2021/12/20 03:15:09 PM',
      annotation_type: 'boundingbox',
      project_infra: 'on_premise',
      current_version: `{version_uuid:${V},created_date:2021/12/20 03:01:00 PM,last_modified_date:2021/12/20 03:14:55 PM,next_version_uuid:null}`,
      uuid_version_list: `[{${V}:[5b0c6d2e-1f0a-4c1e-9b77-0a6c1d2e3f40]}]`,
      label_version_list: `[{${V}:[cat, dog]}]`,
    });
    expect(buildClassifaiConfig(project({ type: 'seg', labels: [] }), [], NOW, '9.9')).toMatchObject({
      annotation_type: 'segmentation',
      tool_version: '9.9',
      uuid_version_list: `[{${V}:[]}]`,
      label_version_list: `[{${V}:[]}]`,
    });
  });

  it("lays the file out as Jackson's pretty printer does", () => {
    const text = serializeClassifaiConfig(buildClassifaiConfig(project(), images, NOW));
    expect(text.startsWith('{\n  "content" : {\n    "5b0c6d2e-1f0a-4c1e-9b77-0a6c1d2e3f40" : {\n      "checksum" : "q2xV')).toBe(true);
    expect(text).toContain('      "version_list" : [ {\n        "version_uuid" : "8d1e2f3a-4b5c-4d6e-8f90-a1b2c3d4e5f6",\n        "annotation_data" : {\n          "annotation" : [ {\n            "x1" : 12,\n');
    expect(text).toContain('            "distancetoImg" : {\n              "x" : 5,\n              "y" : 9\n            },\n');
    expect(text).toContain('          } ],\n          "img_x" : 212,');
    expect(text).toContain('      } ],\n      "img_depth" : 3,');
    expect(text.endsWith(`  "label_version_list" : "[{${V}:[cat, dog]}]"\n}`)).toBe(true);
  });

  it('leaves out null region, subLabel and a box offset but keeps them when set, sub-labels as strings as classifai reads them', () => {
    const shapes: Shape[] = [box(1, 2, 3, 4), { ...box(1, 2, 3, 4), region: '2', subLabel: [{ label: 'x', region: '1' }, 'y', 7] }];
    const config = buildClassifaiConfig(project(), [{ image: imageRecord('a.jpg'), annotation: { shapes, placement: { x: 0, y: 0, w: 0, h: 0 } }, checksum: null }], NOW);
    const [plain, rich] = config.content['uuid-a.jpg']?.version_list[0]?.annotation_data.annotation ?? [];
    expect(plain).toEqual({ x1: 1, y1: 2, x2: 3, y2: 4, lineWidth: 2, color: 'rgba(255,0,0,1.0)', label: 'cat', id: '1' });
    expect(rich).toMatchObject({ region: '2', subLabel: ['x', 'y'] });
    expect(Object.keys(rich ?? {})).toEqual(['x1', 'y1', 'x2', 'y2', 'lineWidth', 'color', 'region', 'subLabel', 'label', 'id']);
  });
});

describe('parseClassifaiConfig', () => {
  it('reads a file written by the original', () => {
    const project = parsed(ORIGINAL);
    expect(project).toMatchObject({
      projectId: '0f9e8d7c-6b5a-4f3e-9d2c-1b0a9f8e7d6c',
      name: 'pets',
      type: 'bndbox',
      isStarred: true,
      versionUuid: V,
      labels: ['cat', 'dog'],
      uuids: ['5b0c6d2e-1f0a-4c1e-9b77-0a6c1d2e3f40', '77aa0b1c-2d3e-4f50-8a9b-c0d1e2f3a4b5'],
      toolVersion: '2.0.0-alpha3',
      projectPath: '/home/alice/pets',
      createdAt: new Date(2021, 11, 20, 15, 1, 0).getTime(),
      lastModifiedAt: new Date(2021, 11, 20, 15, 14, 55).getTime(),
    });
    expect(project.images).toEqual([
      {
        uuid: '5b0c6d2e-1f0a-4c1e-9b77-0a6c1d2e3f40',
        relPath: 'sub/cat1.jpg',
        checksum: 'q2xV0b8m6l9Zr3kq8f0sY6m2hF9tL0cQ1vWm7o4pK1E=',
        depth: 3,
        width: 640,
        height: 480,
        fileSize: 0,
        placement: { x: 212, y: 48, w: 800, h: 600 },
        shapes: [{ ...catBox, region: null, subLabel: null }],
      },
    ]);
  });

  it('round-trips a bndbox project field by field, fractional coordinates and numeric ids included', () => {
    const shapes: Shape[] = [catBox, { ...box(0.25, 1.5, 99.75, 42.125, 'dog', '17'), region: 'r', subLabel: ['s'] }];
    const images: ExportImage[] = [
      { image: imageRecord('sub/a.jpg', 640, 480, 'u1'), annotation: { shapes, placement: { x: 10.5, y: 20, w: 320, h: 240 } }, checksum: 'abc=' },
      { image: imageRecord('b.png', 10, 20, 'u2'), annotation: { shapes: [], placement: { x: 0, y: 0, w: 0, h: 0 } }, checksum: null },
    ];
    const source = project({ labels: ['cat', 'dog', 'traffic light', 'a"b\\c'] });
    const back = parsed(serializeClassifaiConfig(buildClassifaiConfig(source, images, NOW)));
    expect(back).toMatchObject({ projectId: source.id, name: source.name, type: 'bndbox', isStarred: true, versionUuid: V, labels: source.labels, uuids: ['u1', 'u2'] });
    expect(back.createdAt).toBe(source.createdAt);
    expect(back.lastModifiedAt).toBe(source.lastModifiedAt);
    expect(back.updatedDate).toBe('2021/12/20 03:15:09 PM');
    expect(back.images).toEqual(
      images.map(({ image, annotation, checksum }) => ({
        uuid: image.uuid,
        relPath: image.relPath,
        checksum,
        depth: image.depth,
        width: image.width,
        height: image.height,
        fileSize: image.fileSize,
        placement: annotation.placement,
        shapes: annotation.shapes,
      })),
    );
  });

  it('round-trips a seg project', () => {
    const shape = { ...polygon([[1, 2], [30.5, 4], [5, 60]], 'x', '7'), region: '1' };
    shape.points[0] = { x: 1, y: 2, distanceToImg: { x: 3, y: 4 } };
    const images: ExportImage[] = [{ image: imageRecord('a.jpg', 100, 100, 'u1'), annotation: { shapes: [shape], placement: { x: 5, y: 5, w: 50, h: 50 } }, checksum: null }];
    const back = parsed(serializeClassifaiConfig(buildClassifaiConfig(project({ type: 'seg', isStarred: false, labels: [] }), images, NOW)));
    expect(back).toMatchObject({ type: 'seg', isStarred: false, labels: [] });
    expect(back.images[0]?.shapes).toEqual([shape]);
  });

  it('cannot round-trip a label holding ", ": the bracket format splits it', () => {
    const back = parsed(serializeClassifaiConfig(buildClassifaiConfig(project({ labels: ['cat, black', 'dog'] }), [], NOW)));
    expect(back.labels).toEqual(['cat', 'black', 'dog']);
  });

  it('drops empty and repeated labels and uuids', () => {
    expect(parsed(ORIGINAL.replace(`[{${V}:[cat, dog]}]`, `[{${V}:[]}]`)).labels).toEqual([]);
    expect(parsed(ORIGINAL.replace(`[{${V}:[cat, dog]}]`, `[{${V}:[cat, , dog, cat]}]`)).labels).toEqual(['cat', 'dog']);
    expect(parsed(ORIGINAL.replace(/:\[5b0c[^\]]*\]/, ':[u1, u2, u1]')).uuids).toEqual(['u1', 'u2']);
  });

  it('reads annotation types in any case, ids and regions given as numbers, missing counts as 0', () => {
    const config = JSON.parse(ORIGINAL) as { annotation_type: string; content: Record<string, Record<string, unknown>> };
    config.annotation_type = 'BoundingBox';
    const entry = config.content['5b0c6d2e-1f0a-4c1e-9b77-0a6c1d2e3f40'] ?? {};
    entry.file_size = null;
    entry.version_list = [{ version_uuid: V, annotation_data: { annotation: [{ x1: 1, y1: 2, x2: 3, y2: 4, id: 42, region: 3 }], img_x: 0, img_y: 0, img_w: 0, img_h: 0 } }];
    const back = parsed(JSON.stringify(config));
    expect(back.images[0]).toMatchObject({ fileSize: 0, shapes: [{ kind: 'box', id: '42', region: '3', label: null, color: null, lineWidth: null }] });
  });

  it('takes the current version of an image and ignores other versions', () => {
    const config = JSON.parse(ORIGINAL) as { content: Record<string, { version_list: unknown[] }> };
    const entry = config.content['5b0c6d2e-1f0a-4c1e-9b77-0a6c1d2e3f40'];
    entry?.version_list.unshift({ version_uuid: 'old', annotation_data: { annotation: [], img_x: 1, img_y: 1, img_w: 1, img_h: 1 } });
    expect(parsed(JSON.stringify(config)).images[0]?.placement).toEqual({ x: 212, y: 48, w: 800, h: 600 });
    entry?.version_list.splice(1, 1);
    expect(parsed(JSON.stringify(config)).images[0]).toMatchObject({ placement: { x: 0, y: 0, w: 0, h: 0 }, shapes: [] });
  });

  it('refuses what it cannot import, saying why', () => {
    expect(parseClassifaiConfig('{"tool":')).toMatchObject({ ok: false, error: expect.stringContaining('not valid JSON') });
    expect(parseClassifaiConfig('[]')).toMatchObject({ ok: false, error: 'The file must hold a JSON object' });
    const content = (c: Record<string, unknown>) => (c.content as Record<string, Record<string, unknown>>)['5b0c6d2e-1f0a-4c1e-9b77-0a6c1d2e3f40'] ?? {};
    const cases: Array<[string, (c: Record<string, unknown>) => void]> = [
      ['tool is missing', (c) => delete c.tool],
      ['tool_version is missing', (c) => (c.tool_version = null)],
      ['updated_date is missing', (c) => delete c.updated_date],
      ['tool is "labelimg", not "classifai"', (c) => (c.tool = 'labelimg')],
      ['annotation_type "polygon" is neither boundingbox nor segmentation', (c) => (c.annotation_type = 'polygon')],
      ['project_infra "cloud" is not supported', (c) => (c.project_infra = 'cloud')],
      ['project_name must not be empty', (c) => (c.project_name = ' ')],
      ['project_id must be a string', (c) => (c.project_id = 7)],
      ['is_starred must be true or false', (c) => (c.is_starred = 'yes')],
      ['current_version: ', (c) => (c.current_version = 'nonsense')],
      ['project_version: ', (c) => (c.project_version = '{}')],
      ['uuid_version_list: ', (c) => (c.uuid_version_list = `[${V}:[a]]`)],
      [`current_version other is not listed in project_version`, (c) => (c.current_version = '{version_uuid:other,created_date:null,last_modified_date:null,next_version_uuid:null}')],
      [`label_version_list has no list for the current version ${V}`, (c) => (c.label_version_list = '[{other:[a]}]')],
      ['content must be an object', (c) => (c.content = [])],
      ['.checksum must be a string', (c) => (content(c).checksum = 5)],
      ['.img_path must be a string', (c) => delete content(c).img_path],
      ['must be a relative path inside the project folder', (c) => (content(c).img_path = '../secret.jpg')],
      ['must be a relative path inside the project folder', (c) => (content(c).img_path = '/etc/passwd')],
      ['must be a relative path inside the project folder', (c) => (content(c).img_path = 'C:\\x.jpg')],
      ['.img_ori_w must be a whole number', (c) => (content(c).img_ori_w = 1.5)],
      ['.img_depth must be a number', (c) => (content(c).img_depth = '3')],
      ['.version_list must be a list', (c) => (content(c).version_list = {})],
      ['.annotation_data.img_x must be a number', (c) => ((content(c).version_list as Array<{ annotation_data: Record<string, unknown> }>)[0]!.annotation_data.img_x = 'x')],
      ['.annotation[0].x1 must be a number', (c) => ((content(c).version_list as Array<{ annotation_data: { annotation: Array<Record<string, unknown>> } }>)[0]!.annotation_data.annotation[0]!.x1 = '12')],
      ['.annotation[0].label must be a string', (c) => ((content(c).version_list as Array<{ annotation_data: { annotation: Array<Record<string, unknown>> } }>)[0]!.annotation_data.annotation[0]!.label = 1)],
      ['a polygon needs at least 3', (c) => ((content(c).version_list as Array<{ annotation_data: { annotation: unknown[] } }>)[0]!.annotation_data.annotation = [{ coorPt: [{ x: 1, y: 1 }] }])],
    ];
    for (const [message, change] of cases) expect(errorOf(change), message).toContain(message);
  });

  it('refuses two images with one path', () => {
    const config = JSON.parse(ORIGINAL) as { content: Record<string, unknown> };
    config.content.other = { ...(config.content['5b0c6d2e-1f0a-4c1e-9b77-0a6c1d2e3f40'] as object), img_path: 'sub/cat1.jpg' };
    expect(parseClassifaiConfig(JSON.stringify(config))).toMatchObject({ ok: false, error: expect.stringContaining('both have img_path "sub/cat1.jpg"') });
  });
});
