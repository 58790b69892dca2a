import * as z from 'zod/mini';

// The media library (issue 33, point 1): images a customer uploads for their emails, processed
// once into the widths mail needs and served from content-addressed URLs. Defined once for the
// editor, the Media page and the API.

export const MEDIA_LIMITS = {
  /** The largest file accepted, before processing. */
  maxBytes: 15 * 1024 * 1024,
  /** Alt text and a file's name, in characters. */
  altChars: 300,
  nameChars: 200,
  /** Widths made of each image: a 600 px column at twice its pixels, and a phone's. */
  widths: [1200, 640] as const,
  /** One page of the library. */
  pageSize: 60,
  searchChars: 200,
} as const;

/** What is accepted, by the bytes' own signature; the upload's declared type must agree. */
export const MEDIA_INPUT_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export type MediaInputType = (typeof MEDIA_INPUT_TYPES)[number];

/** What is served: WebP arrives as PNG or JPEG, since Outlook for Windows and others show no WebP. */
export const MEDIA_FORMATS = ['jpeg', 'png', 'gif'] as const;
export type MediaFormat = (typeof MEDIA_FORMATS)[number];

export const MEDIA_SORTS = ['newest', 'oldest', 'name', 'largest'] as const;
export type MediaSort = (typeof MEDIA_SORTS)[number];

export const MEDIA_MESSAGES = {
  uploaded: 'Image uploaded.',
  updated: 'Alt text saved.',
  deleted: 'Image deleted.',
  notFound: 'This image does not exist.',
  noFile: 'Choose an image to upload.',
  oneFile: 'Upload one image at a time.',
  unknownField: (name: string) => `The upload form has no field ${name}: send file and, if you like, alt.`,
  unsupported: 'Upload a JPEG, PNG, GIF or WebP image.',
  svgRefused: 'SVG images are not accepted: many inboxes do not show them and they can carry scripts. Upload a PNG instead.',
  typeMismatch: (declared: string, actual: string) => `The file says it is ${declared} but its contents are ${actual}. Upload the image as it is.`,
  undecodable: 'This image cannot be read: the file is damaged or incomplete.',
  tooLarge: (megabytes: number) => `Images can be at most ${megabytes} MB.`,
  tooManyPixels: (megapixels: number) => `This image is too large to process: at most ${megapixels} megapixels.`,
  tooManyFrames: (frames: number) => `An animated image can have at most ${frames} frames.`,
  storageFull: (megabytes: number) => `Your media library is full (${megabytes} MB). Delete images you no longer use, then try again.`,
  busy: 'Another of your uploads is still being processed. Try again in a moment.',
  uploadsPerHour: (seconds: number) => {
    const minutes = Math.ceil(seconds / 60);
    return `Too many uploads this hour. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
  },
  altTooLong: `Alt text can be at most ${MEDIA_LIMITS.altChars} characters.`,
  productNotFound: 'This product is not in your catalogue.',
  productWithoutImage: 'This product has no image address in your catalogue.',
  productImageRefused: 'This product’s image address points inside a private network or to this server, so it is not fetched.',
  productImageFailed: (reason: string) => `We could not fetch this product’s image (${reason}). Check its image address in your catalogue.`,
  productImported: 'Product image added to your library.',
  urlInvalid: 'Enter the image’s address, starting with https:// or http://.',
  urlImageRefused: 'This image’s address points inside a private network or to this server, so it is not fetched.',
  urlImageFailed: (reason: string) => `We could not fetch this image (${reason}). Check its address.`,
  urlImported: 'Image added to your library.',
} as const;

/** POST …/images/from-product: a catalogue product's image, fetched once into the library. */
export const mediaFromProductSchema = z.strictObject({
  product_id: z.string({ error: MEDIA_MESSAGES.productNotFound }).check(z.minLength(1, MEDIA_MESSAGES.productNotFound), z.maxLength(500, MEDIA_MESSAGES.productNotFound)),
  alt: z.optional(z.string().check(z.maxLength(MEDIA_LIMITS.altChars, MEDIA_MESSAGES.altTooLong))),
});
export type MediaFromProductInput = z.output<typeof mediaFromProductSchema>;

/** Where the dashboard copies an image at a web address into the library, under /api. */
export const MEDIA_FROM_URL_PATH = 'media/v1/images/from-url';

/** POST …/images/from-url: an image on the web (a site's logo), fetched once into the library. */
export const mediaFromUrlSchema = z.strictObject({
  url: z.string({ error: MEDIA_MESSAGES.urlInvalid }).check(z.trim(), z.minLength(1, MEDIA_MESSAGES.urlInvalid), z.maxLength(2000, MEDIA_MESSAGES.urlInvalid), z.url({ protocol: /^https?$/, error: MEDIA_MESSAGES.urlInvalid })),
  alt: z.optional(z.string().check(z.maxLength(MEDIA_LIMITS.altChars, MEDIA_MESSAGES.altTooLong))),
});
export type MediaFromUrlInput = z.output<typeof mediaFromUrlSchema>;

/** One stored width of an image. */
export interface MediaVariant {
  url: string;
  width: number;
  height: number;
  bytes: number;
}

/** An image of the library, as the API answers it: `url` is the widest variant. */
export interface MediaAsset {
  id: string;
  url: string;
  width: number;
  height: number;
  alt: string;
  name: string;
  format: MediaFormat;
  animated: boolean;
  bytes: number;
  variants: MediaVariant[];
  created_at: string;
}

export const mediaUpdateSchema = z.strictObject({
  alt: z.string().check(z.maxLength(MEDIA_LIMITS.altChars, MEDIA_MESSAGES.altTooLong)),
});
export type MediaUpdate = z.infer<typeof mediaUpdateSchema>;

export const mediaListQuerySchema = z.strictObject({
  q: z.optional(z.string().check(z.maxLength(MEDIA_LIMITS.searchChars))),
  sort: z.optional(z.enum(MEDIA_SORTS)),
  page: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(10_000))),
});
export type MediaListQuery = z.infer<typeof mediaListQuerySchema>;

/** The path media is served under, outside the API: `/media/{sha256}.{ext}`. */
export const MEDIA_PATH_PREFIX = '/media/';
