import { z } from 'zod';
import { booleanFlag, wholeNumber } from './env-parts';

// The media library's settings (issue 33, point 1), spread into env.ts's one schema as
// import-env.ts is. Each limit holds against an account uploading in a loop.

export const mediaSettings = {
  // Width × height an upload may have (of all its frames together, for an animation), checked on
  // its header before anything is decoded. 40 MP takes any phone's or camera's photo (12 MP is
  // 4032 × 3024) and decodes in about 120 MB.
  MEDIA_MAX_PIXELS: wholeNumber.min(1_000_000).default(40_000_000),
  MEDIA_MAX_FRAMES: wholeNumber.min(1).max(10_000).default(300),
  MEDIA_UPLOADS_PER_HOUR: wholeNumber.min(1).default(200),
  // The Brand page's "Fill from my website" an hour per account: each reads a page, two style
  // sheets and maybe a logo from the customer's site, a few times in all when setting up a kit.
  BRAND_WEBSITE_READS_PER_HOUR: wholeNumber.min(1).default(20),
  // What one account's library may take in storage, every width of every image counted.
  MEDIA_STORAGE_MB_PER_ACCOUNT: wholeNumber.min(1).default(1024),
  // Images processed at once by this process; further uploads wait their turn, one per account.
  MEDIA_PROCESSING_CONCURRENCY: wholeNumber.min(1).max(64).default(2),
  // Storage in an S3-compatible bucket instead of DATA_DIR/media: S3_BUCKET turns it on. The
  // product still serves the images itself, from /media/…, so the bucket can stay private.
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  // An S3-compatible service's address (MinIO, Cloudflare R2, Backblaze B2); unset: AWS.
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://s3.eu-central-1.amazonaws.com' }).optional(),
  // Bucket names in the path (http://host/bucket/key), which most S3-compatible services want.
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  // Unset: the AWS SDK's own chain (environment, instance role).
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PREFIX: z.string().max(200).default('media/'),
};
