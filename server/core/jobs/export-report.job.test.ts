// Every zip export carries report.json and report.md: the checks before and after writing
// (counts per rule, entries naming image and shape) and what the format cannot hold.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readZip } from '@/server/files/zip-reader';
import { makeTempDir, writeImage } from '@/server/testing/image-fixtures';
import { createTestCore, type TestCore } from '@/server/testing/test-core';
import type { BoxShape } from '../types';
import { EXPORT_JOB_KEY } from './job-kinds';

interface RuleJson {
  rule: string;
  count: number;
  entries: Array<{ image: string; shape_id?: string; detail: string }>;
}
interface ReportJson {
  format: string;
  checks: { before: RuleJson[]; after: RuleJson[] };
  cannot_hold: unknown[];
}

const box = (id: string, label: string, x1: number, y1: number, x2: number, y2: number): BoxShape => ({
  kind: 'box', x1, y1, x2, y2, distanceToImg: null, lineWidth: null, color: null, label, id,
});
const pixels = { x: 0, y: 0, w: 40, h: 30 };

let t: TestCore;
let folder: string;

beforeAll(async () => {
  t = await createTestCore();
  folder = await makeTempDir('labelport-export-report-');
  await writeImage(path.join(folder, 'a.png'), { format: 'png', width: 40, height: 30 });
  await writeImage(path.join(folder, 'b.png'), { format: 'png', width: 40, height: 30 });
  const labelFile = path.join(folder, '..', `${path.basename(folder)}-labels.txt`);
  fs.writeFileSync(labelFile, 'car\nbig, red\n');
  await t.core.projects.create({ source: 'folder', name: 'checked', type: 'bndbox', folder, labelFilePath: labelFile });
  await t.scanSettled('bndbox', 'checked');
  await t.core.projects.load('bndbox', 'checked');
  const [a = '', b = ''] = (await t.core.projects.loadingStatus('bndbox', 'checked')).uuids;
  await t.core.annotations.update('bndbox', 'checked', a, {
    shapes: [box('ok', 'car', 5, 5, 15, 15), box('out', 'car', 30, 20, 50, 40), box('flat', 'car', 10, 10, 10, 20)],
    placement: pixels,
  });
  await t.core.annotations.update('bndbox', 'checked', b, { shapes: [box('fine', 'car', 1, 1, 9, 9), box('nameless', '', 2, 2, 8, 8)], placement: pixels });
}, 30_000);

afterAll(() => t.close());

async function exported(format: 'cfgdata' | 'coco' | 'voc' | 'yolo' | 'labelme') {
  await t.core.exports.start('bndbox', 'checked', format);
  await t.core.jobs.settled(EXPORT_JOB_KEY);
  const status = await t.core.exports.status();
  if (status?.state !== 'succeeded') throw new Error(`export failed: ${JSON.stringify(status)}`);
  const zip = readZip(fs.readFileSync(status.result?.path ?? ''));
  const text = (name: string) => zip.find((entry) => entry.name === name)?.data.toString('utf8');
  return { json: JSON.parse(text('report.json') ?? 'null') as ReportJson, markdown: text('report.md') ?? '' };
}

const counts = (rules: readonly RuleJson[]) => Object.fromEntries(rules.filter((rule) => rule.count > 0).map((rule) => [rule.rule, rule.count]));

describe('the report in every export zip', () => {
  it.each(['coco', 'voc', 'yolo', 'labelme'] as const)('%s: the box past the edge, the flat box and the unlabelled one before; the written files clean', async (format) => {
    const { json, markdown } = await exported(format);
    expect(json.format).toBe(format);
    expect(counts(json.checks.before)).toEqual({ 'outside-image': 1, 'zero-area': 1, 'shape-unlabelled': 1 });
    expect(counts(json.checks.after)).toEqual({});
    const outside = json.checks.before.find((rule) => rule.rule === 'outside-image');
    expect(outside?.entries).toEqual([expect.objectContaining({ image: 'a.png', shape_id: 'out' })]);
    expect(json.cannot_hold).toEqual([]);
    expect(markdown).toContain('| Coordinates outside the image (`outside-image`) | error | 1 | 0 |');
    expect(markdown).toContain('`a.png` shape `flat`');
  });

  it('cfgdata: the label the classifai label list cannot spell, and no dataset rules', async () => {
    const { json, markdown } = await exported('cfgdata');
    expect(counts(json.checks.before)).toEqual({ 'label-unspellable': 1 });
    expect(json.checks.before.map((rule) => rule.rule)).not.toContain('outside-image');
    expect(markdown).toContain('big, red');
  });

  it('two exports of unchanged data give the same report, byte for byte', async () => {
    const first = await exported('yolo');
    const second = await exported('yolo');
    expect(second.markdown).toBe(first.markdown);
    expect(JSON.stringify(second.json)).toBe(JSON.stringify(first.json));
  });
});
