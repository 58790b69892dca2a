import type { ApiMessage } from '@postlark/shared/api-response';
import { BRAND_KIT_PATH, type BrandKit, type BrandKitInput } from '@postlark/shared/brand-kit';
import { webEnv } from '../../config/env';
import { requestJson } from '../../lib/api-client';

const kitUrl = () => `${webEnv.apiBase}${BRAND_KIT_PATH}`;

export function getBrandKit(signal?: AbortSignal) {
  return requestJson<{ payload: BrandKit }>('GET', kitUrl(), undefined, signal);
}

export function putBrandKit(kit: BrandKitInput) {
  return requestJson<{ payload: ApiMessage['payload'] & BrandKit }>('PUT', kitUrl(), kit);
}
