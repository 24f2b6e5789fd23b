// W4's plain-script baseline for the dataset exports, run as its own process so its peak RSS
// is its own: the same rows read from the server's SQLite file, the same format's files made
// with JSON.stringify and string concatenation, stored into a zip by archiver. No streaming
// care, no validation, no lossless bookkeeping: what a one-off script would do.
//   node bench/lib/dataset-baseline.mjs <labelport.db> <project name> <coco|voc|yolo|labelme> <out.zip>
// Prints {"ms": …, "peakMb": …, "bytes": …}.
import { ZipArchive } from 'archiver';
import Database from 'better-sqlite3';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';

const [dbFile, name, format, target] = process.argv.slice(2);
const started = process.hrtime.bigint();
const db = new Database(dbFile, { readonly: true });
const project = db.prepare('SELECT id FROM projects WHERE name = ?').get(name);
const rows = db.prepare('SELECT rel_path, width, height, depth, shapes, img_x, img_y, img_w, img_h FROM images WHERE project_id = ? AND present = 1 ORDER BY sort_key, rel_path').iterate(project.id);

const archive = new ZipArchive({ store: true });
const written = pipeline(archive, fs.createWriteStream(target));
const labels = new Map();
const classOf = (label) => {
  if (!labels.has(label)) labels.set(label, labels.size);
  return labels.get(label);
};
// The stored boxes are in classifai's canvas space: scaled by the image over the placement.
const pixelBoxes = (row) => {
  const sx = row.img_w > 0 ? row.width / row.img_w : 1;
  const sy = row.img_h > 0 ? row.height / row.img_h : 1;
  return JSON.parse(row.shapes).map((s) => ({ label: s.label, x1: (s.x1 - row.img_x) * sx, y1: (s.y1 - row.img_y) * sy, x2: (s.x2 - row.img_x) * sx, y2: (s.y2 - row.img_y) * sy }));
};
const stem = (relPath) => relPath.replace(/\.[^./]+$/, '');

if (format === 'coco') {
  const images = [];
  const annotations = [];
  for (const row of rows) {
    const id = images.length + 1;
    images.push({ id, file_name: row.rel_path, width: row.width, height: row.height });
    for (const b of pixelBoxes(row)) {
      const w = b.x2 - b.x1;
      const h = b.y2 - b.y1;
      annotations.push({ id: annotations.length + 1, image_id: id, category_id: classOf(b.label) + 1, segmentation: [[b.x1, b.y1, b.x2, b.y1, b.x2, b.y2, b.x1, b.y2]], area: w * h, bbox: [b.x1, b.y1, w, h], iscrowd: 0 });
    }
  }
  const categories = [...labels].map(([label, index]) => ({ id: index + 1, name: label, supercategory: '' }));
  archive.append(JSON.stringify({ info: {}, licenses: [], images, annotations, categories }), { name: 'annotations/instances.json' });
} else {
  for (const row of rows) {
    const boxes = pixelBoxes(row);
    if (format === 'yolo') {
      const lines = boxes.map((b) => `${classOf(b.label)} ${((b.x1 + b.x2) / 2 / row.width).toFixed(6)} ${((b.y1 + b.y2) / 2 / row.height).toFixed(6)} ${((b.x2 - b.x1) / row.width).toFixed(6)} ${((b.y2 - b.y1) / row.height).toFixed(6)}\n`);
      archive.append(lines.join(''), { name: `labels/${stem(row.rel_path)}.txt` });
    } else if (format === 'voc') {
      const objects = boxes.map(
        (b) =>
          `  <object>\n    <name>${b.label}</name>\n    <bndbox>\n      <xmin>${Math.round(b.x1) + 1}</xmin>\n      <ymin>${Math.round(b.y1) + 1}</ymin>\n      <xmax>${Math.round(b.x2)}</xmax>\n      <ymax>${Math.round(b.y2)}</ymax>\n    </bndbox>\n  </object>\n`,
      );
      const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<annotation>\n  <filename>${row.rel_path}</filename>\n  <size>\n    <width>${row.width}</width>\n    <height>${row.height}</height>\n    <depth>${row.depth}</depth>\n  </size>\n${objects.join('')}</annotation>\n`;
      archive.append(xml, { name: `Annotations/${stem(row.rel_path)}.xml` });
    } else {
      const shapes = boxes.map((b) => ({ label: b.label, points: [[b.x1, b.y1], [b.x2, b.y2]], group_id: null, description: '', shape_type: 'rectangle', flags: {} }));
      const file = { version: '5.5.0', flags: {}, shapes, imagePath: row.rel_path.split('/').pop(), imageData: null, imageHeight: row.height, imageWidth: row.width };
      archive.append(`${JSON.stringify(file, null, 2)}\n`, { name: `${stem(row.rel_path)}.json` });
    }
  }
  if (format === 'yolo') archive.append([...labels.keys()].map((label) => `${label}\n`).join(''), { name: 'classes.txt' });
}
await archive.finalize();
await written;
db.close();
const ms = Number(process.hrtime.bigint() - started) / 1e6;
// maxRSS is in KiB: the peak of this whole process, as VmHWM is for the server's.
console.log(JSON.stringify({ ms, peakMb: process.resourceUsage().maxRSS / 1024, bytes: fs.statSync(target).size }));
