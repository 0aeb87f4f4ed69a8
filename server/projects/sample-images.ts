import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';

/**
 * The demo's project photos: small PNGs generated from the project id and the photo's index (the same bytes every
 * time, nothing stored), so a project's download is a real ZIP of real images without shipping any. Every sample
 * has the same dimensions and is stored uncompressed (deflate level 0), so every one is `samplePngSize` bytes: the
 * ZIP's length is known before it is streamed.
 */
export const sampleWidth = 48;
export const sampleHeight = 32;

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** Two colours per photo from a hash of (project, index): a diagonal gradient between them, like a tiny thumbnail. */
function colours(projectId: number, index: number): [number[], number[]] {
  const hash = createHash('sha256').update(`loupe sample ${projectId}/${index}`).digest();
  return [
    [hash[0] ?? 0, hash[1] ?? 0, hash[2] ?? 0],
    [hash[3] ?? 0, hash[4] ?? 0, hash[5] ?? 0],
  ];
}

/** The index-th sample photo of a project, as PNG bytes. */
export function samplePng(projectId: number, index: number): Buffer {
  const [from, to] = colours(projectId, index);
  return gradientPng(sampleWidth, sampleHeight, from, to, 0);
}

/** An RGB PNG of a diagonal gradient between two colours; `level` is deflate's (0: stored, so the size is fixed). */
export function gradientPng(width: number, height: number, from: number[], to: number[], level = 6): Buffer {
  const row = 1 + width * 3;
  const raw = Buffer.alloc(row * height);
  for (let y = 0; y < height; y++) {
    raw[y * row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const t = (x + y) / (width + height - 2);
      for (let c = 0; c < 3; c++) {
        raw[y * row + 1 + x * 3 + c] = Math.round((from[c] ?? 0) * (1 - t) + (to[c] ?? 0) * t);
      }
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The size of every sample photo, in bytes. */
export const samplePngSize = samplePng(0, 0).length;

/** How many photos a project's download holds: its edits sent, else the photos uploaded (at least one). */
export function samplePhotoCount(project: { editsSent: number; imagesSent: number }): number {
  return Math.max(1, project.editsSent || project.imagesSent);
}

/** A file-name-safe form of a project's name: "Smith wedding" → "smith-wedding". */
export function fileSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '-');
  return slug.slice(0, 60) || 'project';
}
