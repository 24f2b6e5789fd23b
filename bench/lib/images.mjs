// Image folders generated once with sharp and kept in bench/.cache (git-ignored). A folder is
// only trusted when its marker (next to it, not inside: the folder is scanned) has our VERSION.
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { ROOT } from './server.mjs';

export const CACHE = path.join(ROOT, 'bench', '.cache');
const VERSION = 1;

// Seeded, so every machine gets the same mix of sizes.
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function mapLimited(count, limit, fn) {
  let next = 0;
  await Promise.all(Array.from({ length: limit }, async () => {
    while (next < count) await fn(next++);
  }));
}

export async function cached(name, generate) {
  const dir = path.join(CACHE, name);
  const marker = `${dir}.done`;
  try {
    const info = JSON.parse(fs.readFileSync(marker, 'utf8'));
    if (info.version === VERSION) return { dir, ...info };
  } catch {
    // not generated yet, or by another version
  }
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const t0 = Date.now();
  process.stdout.write(`generating ${name} in bench/.cache (once) ... `);
  const info = { version: VERSION, ...(await generate(dir)) };
  console.log(`${((Date.now() - t0) / 1000).toFixed(1)} s`);
  fs.writeFileSync(marker, JSON.stringify(info));
  return { dir, ...info };
}

// Gradient plus noise: the noise amplitude sets the JPEG size (~200-500 KB at quality 80),
// so the decoder really has that much entropy to chew through.
const SHAPES = [
  { share: 0.6, width: 1920, height: 1080, amp: [26, 52] },
  { share: 0.3, width: 1280, height: 720, amp: [52, 110] },
  { share: 0.05, width: 1080, height: 1920, amp: [26, 52] },
  { share: 0.05, width: 2048, height: 1536, amp: [20, 40] },
];

const clamp = (v) => (v < 0 ? 0 : v > 255 ? 255 : v);

function photoPixels(shape, amp, seed, noise) {
  const { width, height } = shape;
  const pixels = Buffer.allocUnsafe(width * height * 3);
  const offset = (seed * 7919) % (noise.length - pixels.length);
  for (let y = 0, i = 0; y < height; y++) {
    const g = ((y * 255) / height) | 0;
    for (let x = 0; x < width; x++, i += 3) {
      const r = ((x * 255) / width + seed) & 255;
      const b = (((x + y) * 128) / width + seed * 3) & 255;
      pixels[i] = clamp(r + ((noise[offset + i] * amp) >> 8) - (amp >> 1));
      pixels[i + 1] = clamp(g + ((noise[offset + i + 1] * amp) >> 8) - (amp >> 1));
      pixels[i + 2] = clamp(b + ((noise[offset + i + 2] * amp) >> 8) - (amp >> 1));
    }
  }
  return pixels;
}

export function photoFolder(count) {
  return cached(`photo-${count}`, async (dir) => {
    const next = random(1);
    const noise = crypto.randomBytes(2048 * 1536 * 3 + 1_000_003);
    let bytes = 0;
    await mapLimited(count, 2, async (index) => {
      const roll = next();
      let shape = SHAPES[0];
      for (let acc = 0, k = 0; k < SHAPES.length; k++) if (roll < (acc += SHAPES[k].share)) { shape = SHAPES[k]; break; }
      const amp = Math.round(shape.amp[0] + next() * (shape.amp[1] - shape.amp[0]));
      const raw = photoPixels(shape, amp, index, noise);
      const jpeg = await sharp(raw, { raw: { width: shape.width, height: shape.height, channels: 3 } }).jpeg({ quality: 80 }).toBuffer();
      bytes += jpeg.length;
      await fsp.writeFile(path.join(dir, `photo-${String(index).padStart(4, '0')}.jpg`), jpeg);
    });
    return { count, bytes };
  });
}

// A handful of files the scan must skip or report, as in a real folder.
async function addNonImages(dir) {
  await fsp.writeFile(path.join(dir, 'README.txt'), 'not an image\n');
  await fsp.writeFile(path.join(dir, 'labels.csv'), 'file,label\n');
  await fsp.writeFile(path.join(dir, 'broken.jpg'), crypto.randomBytes(2048));
  await fsp.writeFile(path.join(dir, 'empty.png'), Buffer.alloc(0));
}

export function smallFolder(count) {
  return cached(`small-${count}`, async (dir) => {
    let bytes = 0;
    await mapLimited(count, 8, async (index) => {
      const sub = path.join(dir, `d${String(Math.floor(index / 250)).padStart(3, '0')}`);
      await fsp.mkdir(sub, { recursive: true });
      const jpeg = await sharp(crypto.randomBytes(64 * 64 * 3), { raw: { width: 64, height: 64, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();
      bytes += jpeg.length;
      await fsp.writeFile(path.join(sub, `img-${String(index).padStart(5, '0')}.jpg`), jpeg);
    });
    await addNonImages(dir);
    return { count, bytes };
  });
}

// 100,000 files: only the row count matters, so a few distinct 2x2 JPEGs are written again and again.
export function tinyFolder(count) {
  return cached(`tiny-${count}`, async (dir) => {
    const variants = await Promise.all(
      Array.from({ length: 16 }, (_, k) =>
        sharp({ create: { width: 2, height: 2, channels: 3, background: { r: k * 16, g: 255 - k * 16, b: 128 } } }).jpeg().toBuffer(),
      ),
    );
    for (let folder = 0; folder * 1000 < count; folder++) fs.mkdirSync(path.join(dir, `t${String(folder).padStart(3, '0')}`));
    await mapLimited(count, 64, (index) =>
      fsp.writeFile(
        path.join(dir, `t${String(Math.floor(index / 1000)).padStart(3, '0')}`, `tiny-${String(index).padStart(6, '0')}.jpg`),
        variants[index % variants.length],
      ),
    );
    return { count, bytes: count * variants[0].length };
  });
}

/** Every file under dir (absolute paths, sorted), the way a scan sees them. */
export async function listFiles(dir) {
  const out = [];
  const walk = async (folder) => {
    for (const entry of await fsp.readdir(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) out.push(full);
    }
  };
  await walk(dir);
  return out.sort();
}

/** Reads every file once so the server and the baselines both start from a warm page cache. */
export async function warm(dir) {
  const files = await listFiles(dir);
  await mapLimited(files.length, 8, async (index) => {
    await fsp.readFile(files[index]);
  });
}

/** Export outputs land in the project folder: drop them so the next scan sees the same files. */
export function removeExportOutputs(dir) {
  for (const name of fs.readdirSync(dir)) if (/\.(json|zip)$/.test(name)) fs.rmSync(path.join(dir, name), { force: true });
}

/** `count` photos of one size (W7's image switch), named so the strip's order is the file order. */
export function sizedPhotoFolder(width, height, count) {
  return cached(`switch-${width}x${height}-${count}`, async (dir) => {
    const noise = crypto.randomBytes(width * height * 3 + 1_000_003);
    let bytes = 0;
    await mapLimited(count, 2, async (index) => {
      const raw = photoPixels({ width, height }, 40, index + 1, noise);
      const jpeg = await sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality: 80 }).toBuffer();
      bytes += jpeg.length;
      await fsp.writeFile(path.join(dir, `frame-${String(index).padStart(3, '0')}.jpg`), jpeg);
    });
    return { count, bytes, width, height };
  });
}

/**
 * A 1080p photo of one object for the smart polygon: an orange ellipse on a noisy two-tone
 * striped background (sharp edges inside the background, so the cut has somewhere to go wrong).
 */
export function objectPhotoFolder() {
  return cached('smart-photo-1080', async (dir) => {
    const width = 1920;
    const height = 1080;
    const next = random(29);
    const pixels = Buffer.alloc(width * height * 3);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const object = ((x - 900) / 260) ** 2 + ((y - 520) / 180) ** 2 < 1;
        const base = object ? [225, 120, 30] : Math.floor((x + y) / 60) % 2 ? [70, 110, 170] : [90, 140, 95];
        const i = (y * width + x) * 3;
        for (let c = 0; c < 3; c++) pixels[i + c] = clamp(base[c] + (next() - 0.5) * 36);
      }
    }
    await sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 88 }).toFile(path.join(dir, 'object.jpg'));
    return { object: { x: 640, y: 340, w: 520, h: 360 } };
  });
}

/** Noise blocks scaled up without smoothing: detail at every zoom, a file that compresses like a photo's. */
async function blockyPixels(width, height, seed) {
  const small = { width: Math.ceil(width / 8), height: Math.ceil(height / 8) };
  const next = random(seed);
  const pixels = Buffer.alloc(small.width * small.height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = clamp(128 + (next() - 0.5) * 160);
  return sharp(pixels, { raw: { ...small, channels: 3 } }).resize(width, height, { kernel: 'nearest' });
}

/** The huge images of W8: a 20,000 x 20,000 JPEG and a 100-megapixel PNG, one a folder. */
export function hugeFolder(kind) {
  const [width, height, write] = kind === 'jpeg' ? [20_000, 20_000, (image, file) => image.jpeg({ quality: 85 }).toFile(file)] : [10_000, 10_000, (image, file) => image.png({ compressionLevel: 6 }).toFile(file)];
  return cached(`huge-${kind}`, async (dir) => {
    await write(await blockyPixels(width, height, 41), path.join(dir, `huge.${kind === 'jpeg' ? 'jpg' : 'png'}`));
    return { width, height };
  });
}
