import type { MediaInputType } from '@postlark/shared/media';

// What an upload is, by its first bytes (the formats' magic numbers), never by its name or the
// type it declares: a file that says image/png must be a PNG.

export interface SniffedImage {
  type: MediaInputType;
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Buffer, signature: readonly number[], at = 0): boolean {
  return bytes.length >= at + signature.length && signature.every((byte, index) => bytes[at + index] === byte);
}

function ascii(bytes: Buffer, at: number, text: string): boolean {
  return bytes.length >= at + text.length && bytes.toString('latin1', at, at + text.length) === text;
}

/**
 * The image format the bytes are, 'svg' for markup that holds an <svg> element (refused with its
 * own reason), null for anything else. Only the first kilobyte is read.
 */
export function sniffImage(bytes: Buffer): SniffedImage | 'svg' | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { type: 'image/jpeg' };
  if (startsWith(bytes, PNG)) return { type: 'image/png' };
  if (ascii(bytes, 0, 'GIF87a') || ascii(bytes, 0, 'GIF89a')) return { type: 'image/gif' };
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WEBP')) return { type: 'image/webp' };
  const head = bytes.toString('utf8', 0, Math.min(bytes.length, 1024)).toLowerCase();
  return head.includes('<svg') ? 'svg' : null;
}

const ALIASES: Record<string, string> = { 'image/jpg': 'image/jpeg', 'image/pjpeg': 'image/jpeg' };

/**
 * The type an upload declares (its part's Content-Type), lower-cased, or '' when it declares none
 * worth holding it to (absent, or the generic application/octet-stream a script may send).
 */
export function declaredImageType(declared: string | undefined): string {
  const type = declared?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'application/octet-stream') return '';
  return ALIASES[type] ?? type;
}
