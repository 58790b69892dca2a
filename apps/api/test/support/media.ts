import { once } from 'node:events';
import { createDeflate } from 'node:zlib';
import sharp from 'sharp';

// Uploads for the media tests: real images made with sharp, a multipart body built as a browser
// builds one, and a PNG whose header claims more pixels than any server should decode.

export interface UploadPart {
  name: string;
  value: string | Buffer;
  fileName?: string;
  contentType?: string;
}

/** A multipart/form-data body and its Content-Type, parts in the order given. */
export function multipartBody(parts: UploadPart[]): { body: Buffer; contentType: string } {
  const boundary = `----postlark${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.fileName !== undefined ? `; filename="${part.fileName}"` : ''}`;
    const head = [`--${boundary}`, `Content-Disposition: ${disposition}`, ...(part.contentType ? [`Content-Type: ${part.contentType}`] : []), '', ''].join('\r\n');
    chunks.push(Buffer.from(head), Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The parts of one image upload: the file (with its declared type) and, if given, its alt text. */
export function imageUpload(data: Buffer, contentType: string, fileName = 'picture', alt?: string): UploadPart[] {
  return [{ name: 'file', value: data, fileName, contentType }, ...(alt !== undefined ? [{ name: 'alt', value: alt }] : [])];
}

export function solid(width: number, height: number, background: string, channels: 3 | 4 = 3) {
  return sharp({ create: { width, height, channels, background } });
}

/** A photo-like JPEG that carries a camera's metadata, GPS position included. */
export function jpegWithGps(width: number, height: number): Promise<Buffer> {
  return solid(width, height, '#3366cc')
    .jpeg()
    .withExif({ IFD0: { Copyright: 'A reader of Postlark', Make: 'Camera' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' } })
    .toBuffer();
}

/** An animated GIF of `frames` solid frames. */
export async function animatedGif(width: number, height: number, frames: number): Promise<Buffer> {
  const colours = ['#ff0000', '#00ff00', '#0000ff', '#ffff00'];
  const pictures = await Promise.all(Array.from({ length: frames }, (_, index) => solid(width, height, colours[index % colours.length]!).png().toBuffer()));
  return sharp(pictures, { join: { animated: true } })
    .gif({ delay: pictures.map(() => 100) })
    .toBuffer();
}

/** Noise, which no encoder can shrink much: for filling a storage quota with few uploads. */
export function noisePng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
    .png()
    .toBuffer();
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * A valid PNG of `width` × `height` grey pixels whose rows are all zero, compressed: 20,000 ×
 * 20,000 (400 megapixels, 1.2 GB decoded) fits in about 400 KB, the classic decompression bomb.
 * Compressed as a stream, a hundred rows at a time, so making it takes no such memory either.
 */
export async function pngBomb(width: number, height: number): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  const deflate = createDeflate({ level: 9 });
  const compressed: Buffer[] = [];
  deflate.on('data', (piece: Buffer) => compressed.push(piece));
  const rowsAtATime = 100;
  const block = Buffer.alloc((width + 1) * rowsAtATime);
  for (let row = 0; row < height; row += rowsAtATime) {
    if (!deflate.write(block.subarray(0, (width + 1) * Math.min(rowsAtATime, height - row)))) await once(deflate, 'drain');
  }
  const ended = once(deflate, 'end');
  deflate.end();
  await ended;
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', Buffer.concat(compressed)), chunk('IEND', Buffer.alloc(0))]);
}

/** A body documented as a form (the public API's upload): each field a part, `file` a small PNG named by its value. */
export class FormBody {
  constructor(readonly fields: Record<string, unknown>) {}

  async parts(): Promise<UploadPart[]> {
    const png = await solid(24, 12, '#4f46e5').png().toBuffer();
    return Object.entries(this.fields).map(([name, value]) => (name === 'file' ? { name, value: png, fileName: String(value), contentType: 'image/png' } : { name, value: String(value) }));
  }
}

export const asForm = (fields: Record<string, unknown>) => new FormBody(fields);
