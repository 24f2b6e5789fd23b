// Header-only identification from the first 64 KiB: the "stretch floor" of W1, i.e. what a scan
// costs when it never hands a file to an image library.
import fs from 'node:fs';

const HEAD = 64 * 1024;

function jpeg(b) {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1];
    if (marker === 0xff) {
      i++;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    // SOF0..SOF15 carry the size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but do not.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { format: 'jpeg', height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7), depth: b[i + 9] };
    }
    i += 2 + b.readUInt16BE(i + 2);
  }
  return null;
}

export function identify(b) {
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return jpeg(b);
  if (b.length >= 24 && b.readUInt32BE(0) === 0x89504e47 && b.toString('latin1', 12, 16) === 'IHDR') {
    return { format: 'png', width: b.readUInt32BE(16), height: b.readUInt32BE(20), depth: 3 };
  }
  if (b.length >= 26 && b[0] === 0x42 && b[1] === 0x4d) return { format: 'bmp', width: b.readInt32LE(18), height: Math.abs(b.readInt32LE(22)), depth: 3 };
  if (b.length >= 30 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') {
    const chunk = b.toString('latin1', 12, 16);
    if (chunk === 'VP8X') return { format: 'webp', width: 1 + b.readUIntLE(24, 3), height: 1 + b.readUIntLE(27, 3), depth: 3 };
    if (chunk === 'VP8 ') return { format: 'webp', width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff, depth: 3 };
    if (chunk === 'VP8L') {
      const bits = b.readUInt32LE(21);
      return { format: 'webp', width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff), depth: 3 };
    }
  }
  return null;
}

// Callback fs, not FileHandle: a promise FileHandle costs ~2.5x the CPU per small file (more
// under async hooks), and the floor should be what the machine allows.
export function identifyFile(file) {
  return new Promise((resolve, reject) => {
    fs.open(file, 'r', (openError, fd) => {
      if (openError) return reject(openError);
      const buffer = Buffer.allocUnsafe(HEAD);
      fs.read(fd, buffer, 0, HEAD, 0, (readError, bytesRead) => {
        fs.close(fd, () => (readError ? reject(readError) : resolve(identify(buffer.subarray(0, bytesRead)))));
      });
    });
  });
}
