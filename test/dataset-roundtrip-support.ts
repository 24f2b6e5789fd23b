// Import a fixture of test/fixtures/datasets into a project over stand-in images, export the
// same format through the export job, and compare what comes back with the source file.
import fs from 'node:fs';
import path from 'node:path';
import type { ImportFile, TrainingFormat } from '@/server/core/formats';
import { EXPORT_JOB_KEY } from '@/server/core/jobs/job-kinds';
import type { AnnotationType } from '@/server/core/types';
import { makeTempDir, writeImage } from '@/server/testing/image-fixtures';
import type { TestCore } from '@/server/testing/test-core';
import { readZip } from '@/server/files/zip-reader';

export const DATASETS = path.join(__dirname, 'fixtures', 'datasets');

/** relPath → [width, height] of the stand-in image, as the annotation file states it. */
export type ImageSizes = Record<string, readonly [number, number]>;

/** Every file of a fixture, paths relative to its folder, as an inline import sends them. */
export const fixtureFiles = (fixture: string): ImportFile[] =>
  fs
    .readdirSync(path.join(DATASETS, fixture), { recursive: true, encoding: 'utf8' })
    .filter((relPath) => fs.statSync(path.join(DATASETS, fixture, relPath)).isFile() && !relPath.endsWith('.md'))
    .map((relPath) => ({ path: relPath.split(path.sep).join('/'), content: fs.readFileSync(path.join(DATASETS, fixture, relPath), 'utf8') }));

/** The images a COCO fixture lists, each beside the JSON file that lists it (Roboflow's layout). */
export function cocoImageSizes(fixture: string): ImageSizes {
  const sizes: Record<string, readonly [number, number]> = {};
  for (const file of fixtureFiles(fixture).filter((f) => f.path.endsWith('.json'))) {
    const { images } = JSON.parse(file.content) as { images: Array<{ file_name: string; width: number; height: number }> };
    for (const image of images) sizes[path.posix.join(path.posix.dirname(file.path), image.file_name)] = [image.width, image.height];
  }
  return sizes;
}

export const fixtureJson = (fixture: string, relPath: string): unknown => JSON.parse(fs.readFileSync(path.join(DATASETS, fixture, relPath), 'utf8'));

export interface RoundTrip {
  errors: string[];
  uuids: readonly string[];
  /** The exported file at this path of the zip, parsed; undefined when it is not there. */
  exported(relPath: string): unknown;
  /** The dataset's own files: every zip also carries the export's report.json and report.md. */
  exportedPaths: string[];
}

const REPORT_FILES = ['report.json', 'report.md'];

/** A project over blank images, the fixture imported (as a folder, or the files given), then exported in `format`. */
export async function roundTrip(t: TestCore, name: string, format: TrainingFormat, type: AnnotationType, images: ImageSizes, files?: ImportFile[]) {
  const folder = await makeTempDir(`labelport-${name}-`);
  for (const [relPath, [width, height]] of Object.entries(images)) {
    await writeImage(path.join(folder, relPath), { format: relPath.endsWith('.png') ? 'png' : 'jpeg', width, height });
  }
  await t.core.projects.create({ source: 'folder', name, type, folder, labelFilePath: '' });
  await t.scanSettled(type, name);
  const source = files ? { files } : { path: path.join(DATASETS, name) };
  const summary = await t.core.annotationImports.importAnnotations(type, name, format, source);
  const uuids = (await t.core.projects.loadingStatus(type, name)).uuids;
  /** In the imported format unless told: another one tells what it cannot hold in report.json. */
  const exportAgain = async (as: TrainingFormat = format): Promise<RoundTrip> => {
    await t.core.exports.start(type, name, as);
    await t.core.jobs.settled(EXPORT_JOB_KEY);
    const status = await t.core.exports.status();
    if (status?.state !== 'succeeded') throw new Error(`export failed: ${JSON.stringify(status)}`);
    const zip = readZip(fs.readFileSync(path.join(folder, `${name}_${as}.zip`)));
    const exported = (relPath: string) => {
      const entry = zip.find((file) => file.name === relPath);
      return entry ? (JSON.parse(entry.data.toString('utf8')) as unknown) : undefined;
    };
    return { errors: summary.errors, uuids, exported, exportedPaths: zip.map((entry) => entry.name).filter((name) => !REPORT_FILES.includes(name)) };
  };
  return { summary, uuids, exportAgain };
}

/**
 * Where two parsed files differ: numbers further apart than half a pixel, other values not
 * equal, keys missing or added, lists of other lengths. [] when they are the same data.
 */
export function differences(actual: unknown, expected: unknown, at = '$'): string[] {
  if (typeof expected === 'number' && typeof actual === 'number') return Math.abs(actual - expected) <= 0.5 ? [] : [`${at}: ${actual} vs ${expected}`];
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [`${at}: ${JSON.stringify(actual)?.slice(0, 80)} is not a list`];
    if (actual.length !== expected.length) return [`${at}: ${actual.length} items vs ${expected.length}`];
    return expected.flatMap((item, i) => differences(actual[i], item, `${at}[${i}]`));
  }
  if (typeof expected === 'object' && expected !== null) {
    if (typeof actual !== 'object' || actual === null || Array.isArray(actual)) return [`${at}: ${JSON.stringify(actual)?.slice(0, 80)} is not an object`];
    const want = expected as Record<string, unknown>;
    const got = actual as Record<string, unknown>;
    const keys = [...new Set([...Object.keys(want), ...Object.keys(got)])];
    return keys.flatMap((key) => {
      if (!(key in got)) return [`${at}.${key}: dropped`];
      if (!(key in want)) return [`${at}.${key}: added`];
      return differences(got[key], want[key], `${at}.${key}`);
    });
  }
  return Object.is(actual, expected) ? [] : [`${at}: ${JSON.stringify(actual)} vs ${JSON.stringify(expected)}`];
}
