import { join } from 'node:path';
import type { AppConfig } from '../../config/env';
import type { Db } from '../../db/client';
import { fairGate } from '../../lib/fair-gate';
import { publicAddressesOnly, publicOrLoopback } from '../outgoing-webhooks/webhook-target';
import { diskMediaStorage } from './disk-media-storage';
import type { MediaDeps } from './media.service';
import type { MediaStorage } from './media-storage';

type MediaConfig = Pick<
  AppConfig,
  | 'APP_URL'
  | 'DATA_DIR'
  | 'MEDIA_MAX_PIXELS'
  | 'MEDIA_MAX_FRAMES'
  | 'MEDIA_STORAGE_MB_PER_ACCOUNT'
  | 'MEDIA_PROCESSING_CONCURRENCY'
  | 'S3_BUCKET'
  | 'S3_REGION'
  | 'S3_ENDPOINT'
  | 'S3_FORCE_PATH_STYLE'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_PREFIX'
  | 'WEBHOOKS_ALLOW_LOCAL'
>;

/** How long a catalogue image may take to arrive, in all. */
const REMOTE_IMAGE_TIMEOUT_MS = 15_000;

/**
 * The bucket when S3_BUCKET is set, else DATA_DIR/media. The AWS SDK is loaded only for a bucket:
 * it is large, and a deployment without one never needs it.
 */
export async function mediaStorageFrom(config: MediaConfig): Promise<MediaStorage> {
  if (!config.S3_BUCKET) return diskMediaStorage(join(config.DATA_DIR, 'media'));
  const { s3MediaStorage } = await import('./s3-media-storage');
  return s3MediaStorage({
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    prefix: config.S3_PREFIX,
  });
}

export function mediaDepsFrom(config: MediaConfig, deps: { db: Db; now: () => Date; storage: MediaStorage }): MediaDeps {
  return {
    ...deps,
    appUrl: config.APP_URL,
    images: { maxPixels: config.MEDIA_MAX_PIXELS, maxFrames: config.MEDIA_MAX_FRAMES },
    storageBytesPerAccount: config.MEDIA_STORAGE_MB_PER_ACCOUNT * 1024 * 1024,
    gate: fairGate(config.MEDIA_PROCESSING_CONCURRENCY),
    // The guard of outgoing webhooks, and its development switch.
    remoteImages: { allowed: config.WEBHOOKS_ALLOW_LOCAL ? publicOrLoopback : publicAddressesOnly, timeoutMs: REMOTE_IMAGE_TIMEOUT_MS },
  };
}
