// An export in another format than the data came in says exactly what it could not write
// (the cannot_hold section of report.md and report.json in the zip); an export in the same
// format has nothing to say there.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestCore, type TestCore } from '@/server/testing/test-core';
import { cocoImageSizes, fixtureFiles, roundTrip } from './dataset-roundtrip-support';

let t: TestCore;
beforeAll(async () => {
  t = await createTestCore();
});
afterAll(() => t.close());

interface Report {
  format: string;
  cannot_hold: Array<{ from: string; what: string; shapes: number; images: number; project: boolean }>;
}

describe('cross-format exports', () => {
  it('a COCO dataset exported as Pascal VOC lists its polygons as boxes and every COCO field left out', async () => {
    const fixture = 'coco-datumaro-instances';
    const trip = await roundTrip(t, fixture, 'coco', 'seg', cocoImageSizes(fixture));
    expect(((await trip.exportAgain()).exported('report.json') as Report).cannot_hold).toEqual([]);

    const voc = await trip.exportAgain('voc');
    const report = voc.exported('report.json') as Report;
    expect(report.format).toBe('voc');
    const geometry = report.cannot_hold.find((item) => item.from === 'geometry');
    expect(geometry?.shapes).toBeGreaterThan(0);
    const coco = new Map(report.cannot_hold.filter((item) => item.from === 'coco').map((item) => [item.what, item]));
    // The fixture's annotations carry attributes and a crowd region; its images their COCO ids.
    expect(coco.get('attributes')?.shapes).toBeGreaterThan(0);
    expect(coco.get('iscrowd')?.shapes).toBeGreaterThan(0);
    expect([...coco.values()].some((item) => item.images > 0 || item.project)).toBe(true);

    // YOLO keeps outlines: only the COCO fields are reported.
    const yolo = (await trip.exportAgain('yolo')).exported('report.json') as Report;
    expect(yolo.cannot_hold.some((item) => item.from === 'geometry')).toBe(false);
    expect(yolo.cannot_hold.some((item) => item.from === 'coco' && item.what === 'attributes')).toBe(true);
  });

  it('a VOC dataset exported as COCO names the VOC elements it leaves out', async () => {
    const trip = await roundTrip(t, 'voc-datumaro-voc2007', 'voc', 'bndbox', { '2007_000001.jpg': [20, 10] }, fixtureFiles('voc-datumaro-voc2007'));
    const report = (await trip.exportAgain('coco')).exported('report.json') as Report;
    const voc = report.cannot_hold.filter((item) => item.from === 'voc').map((item) => item.what);
    expect(voc).toEqual(expect.arrayContaining(['truncated', 'part', 'actions']));
    expect(voc).not.toContain('bndbox');
  });

  it('a labelme dataset exported as YOLO names the shape types it cannot draw', async () => {
    const trip = await roundTrip(t, 'labelme-labelmers-mandrill', 'labelme', 'seg', { 'Mandrill.jpg': [256, 256] }, fixtureFiles('labelme-labelmers-mandrill'));
    const report = (await trip.exportAgain('yolo')).exported('report.json') as Report;
    const labelme = report.cannot_hold.filter((item) => item.from === 'labelme').map((item) => item.what);
    expect(labelme).toEqual(expect.arrayContaining(['line shapes', 'circle shapes', 'point shapes']));
  });
});
