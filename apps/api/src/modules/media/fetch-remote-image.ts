import { type GuardedAnswer, guardedGet } from '../outgoing-webhooks/guarded-get';
import type { AddressCheck } from '../outgoing-webhooks/webhook-target';

// An image at an address a customer gave us (a catalogue product's image_url, a site's logo),
// fetched through the one guarded client (outgoing-webhooks/guarded-get.ts), held to the file
// limit the caller gives.

export interface RemoteImageOptions {
  allowed: AddressCheck;
  timeoutMs: number;
  maxBytes: number;
}

export type RemoteImage = GuardedAnswer;

const USER_AGENT = 'Postlark-Media/1.0 (+copies an image into a media library)';

/** The image's bytes and declared type, or why there are none (`refused`: the address guard said no). */
export function fetchRemoteImage(address: string, options: RemoteImageOptions): Promise<RemoteImage> {
  return guardedGet(address, { ...options, accept: 'image/*', userAgent: USER_AGENT });
}
