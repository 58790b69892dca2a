import type { ApiMessage } from '@postlark/shared/api-response';
import { BRAND_FROM_WEBSITE_PATH, BRAND_KIT_PATH, type BrandKit, type BrandKitInput, type BrandWebsiteSuggestion } from '@postlark/shared/brand-kit';
import { MEDIA_FROM_URL_PATH, type MediaAsset } from '@postlark/shared/media';
import { webEnv } from '../../config/env';
import { requestJson } from '../../lib/api-client';

const kitUrl = () => `${webEnv.apiBase}${BRAND_KIT_PATH}`;

export function getBrandKit(signal?: AbortSignal) {
  return requestJson<{ payload: BrandKit }>('GET', kitUrl(), undefined, signal);
}

export function putBrandKit(kit: BrandKitInput) {
  return requestJson<{ payload: ApiMessage['payload'] & BrandKit }>('PUT', kitUrl(), kit);
}

/** What the customer's site suggests for the kit: nothing is saved. */
export function postFromWebsite(url: string) {
  return requestJson<{ payload: BrandWebsiteSuggestion }>('POST', `${webEnv.apiBase}${BRAND_FROM_WEBSITE_PATH}`, { url });
}

/** The suggested logo copied into the media library (the kit's logo is a library image). */
export function postImageFromUrl(url: string, alt: string) {
  return requestJson<{ payload: ApiMessage['payload'] & MediaAsset }>('POST', `${webEnv.apiBase}${MEDIA_FROM_URL_PATH}`, { url, alt });
}
