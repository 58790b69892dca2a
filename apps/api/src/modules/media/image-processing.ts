import { createHash } from 'node:crypto';
import sharp, { type Sharp } from 'sharp';
import { MEDIA_LIMITS, MEDIA_MESSAGES, type MediaFormat } from '@postlark/shared/media';
import { HttpError } from '../../http/errors';
import { declaredImageType, sniffImage } from './image-signature';

// An upload becomes what mail needs (issue 33, point 1): decoded by libvips through sharp, turned
// upright, stripped of its metadata (EXIF, GPS, XMP: sharp writes none unless asked), scaled to
// the widths of MEDIA_LIMITS.widths and compressed. The pixel limit is checked on the header,
// before anything is decoded, so a small file claiming 20,000 × 20,000 costs a header read.

// Nothing is read twice: libvips' operation cache would only hold decoded uploads in memory.
sharp.cache(false);

export interface ImageLimits {
  /** Width × height of one frame, and of all frames together for an animation. */
  maxPixels: number;
  maxFrames: number;
}

export interface ProcessedVariant {
  data: Buffer;
  width: number;
  height: number;
  /** `{sha256 of the bytes}.{ext}`: the file's name in storage and in its URL. */
  key: string;
  contentType: string;
}

export interface ProcessedImage {
  format: MediaFormat;
  animated: boolean;
  /** The upright original's size. */
  width: number;
  height: number;
  /** Widest first. */
  variants: ProcessedVariant[];
}

const OUTPUT: Record<MediaFormat, { ext: string; contentType: string }> = {
  jpeg: { ext: 'jpg', contentType: 'image/jpeg' },
  png: { ext: 'png', contentType: 'image/png' },
  gif: { ext: 'gif', contentType: 'image/gif' },
};

/** The widths made of an image `width` px wide: at most the column's, and a phone's when smaller. */
export function variantWidths(width: number): number[] {
  const [column, phone] = MEDIA_LIMITS.widths;
  const widest = Math.min(width, column);
  return widest > phone ? [widest, phone] : [widest];
}

function megapixels(pixels: number): number {
  return Math.floor(pixels / 1_000_000);
}

/** The upload's bytes, checked against what it says it is, then processed; a bad one is a 4xx. */
export async function processImage(bytes: Buffer, declared: string | undefined, limits: ImageLimits): Promise<ProcessedImage> {
  const actual = sniffImage(bytes);
  if (actual === 'svg') throw new HttpError(415, MEDIA_MESSAGES.svgRefused);
  if (actual === null) throw new HttpError(415, MEDIA_MESSAGES.unsupported);
  const claimed = declaredImageType(declared);
  if (claimed === 'image/svg+xml') throw new HttpError(415, MEDIA_MESSAGES.svgRefused);
  if (claimed !== '' && claimed !== actual.type) throw new HttpError(415, MEDIA_MESSAGES.typeMismatch(claimed, actual.type));

  // Header only: no pixel is decoded before the limits below.
  const header = await sharp(bytes, { limitInputPixels: false }).metadata().catch(() => {
    throw new HttpError(400, MEDIA_MESSAGES.undecodable);
  });
  const frameHeight = header.pageHeight ?? header.height;
  const frames = header.pages ?? 1;
  if (!header.width || !frameHeight) throw new HttpError(400, MEDIA_MESSAGES.undecodable);
  if (header.width * frameHeight > limits.maxPixels) throw new HttpError(413, MEDIA_MESSAGES.tooManyPixels(megapixels(limits.maxPixels)));
  const animated = frames > 1 && (actual.type === 'image/gif' || actual.type === 'image/webp');
  if (animated && frames > limits.maxFrames) throw new HttpError(413, MEDIA_MESSAGES.tooManyFrames(limits.maxFrames));
  if (animated && header.width * frameHeight * frames > limits.maxPixels) throw new HttpError(413, MEDIA_MESSAGES.tooManyPixels(megapixels(limits.maxPixels)));

  const format = outputFormat(actual.type, animated, header.hasAlpha ?? false);
  // A GIF's first frame, the one a client without animation (Outlook for Windows) shows, decoded in
  // full: a damaged one is refused here, not served. Other formats fail in the encoding below.
  if (format === 'gif') {
    await sharp(bytes, { limitInputPixels: limits.maxPixels, failOn: 'error' })
      .raw()
      .toBuffer()
      .catch(() => {
        throw new HttpError(400, MEDIA_MESSAGES.undecodable);
      });
  }
  // EXIF orientation applied to the pixels (a phone's portrait photo stays portrait without it).
  const rotated = header.orientation !== undefined && header.orientation >= 5;
  const width = rotated ? frameHeight : header.width;
  const height = rotated ? header.width : frameHeight;
  const widths = variantWidths(width);
  const variants: ProcessedVariant[] = [];
  if (animated) {
    const input = sharp(bytes, { limitInputPixels: limits.maxPixels * frames, animated, failOn: 'error' });
    for (const target of widths) variants.push(await encode(input.clone().resize({ width: target, withoutEnlargement: true }), format));
    return { format, animated, width, height, variants };
  }
  // Decoded once, upright and at the widest width (a JPEG shrinks as it is decoded): each width is
  // made from those pixels. Decoding the full photo once per width took most of the time.
  const { data, info } = await sharp(bytes, { limitInputPixels: limits.maxPixels, failOn: 'error' })
    .rotate()
    .resize({ width: widths[0], withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch(() => {
      throw new HttpError(400, MEDIA_MESSAGES.undecodable);
    });
  const pixels = { raw: { width: info.width, height: info.height, channels: info.channels } };
  for (const target of widths) variants.push(await encode(sharp(data, pixels).resize({ width: target, withoutEnlargement: true }), format));
  return { format, animated, width, height, variants };
}

function outputFormat(type: string, animated: boolean, hasAlpha: boolean): MediaFormat {
  if (animated || type === 'image/gif') return 'gif';
  if (type === 'image/jpeg') return 'jpeg';
  // WebP is served as what every inbox shows: PNG where it has transparency, else JPEG.
  return type === 'image/png' || hasAlpha ? 'png' : 'jpeg';
}

async function encode(image: Sharp, format: MediaFormat): Promise<ProcessedVariant> {
  const encoder =
    format === 'jpeg'
      ? image.flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true })
      : format === 'png'
        ? image.png({ compressionLevel: 9, adaptiveFiltering: true })
        : image.gif({ effort: 7 });
  const { data, info } = await encoder.toBuffer({ resolveWithObject: true }).catch(() => {
    throw new HttpError(400, MEDIA_MESSAGES.undecodable);
  });
  const { ext, contentType } = OUTPUT[format];
  const hash = createHash('sha256').update(data).digest('hex');
  return { data, width: info.width, height: info.pageHeight ?? info.height, key: `${hash}.${ext}`, contentType };
}
