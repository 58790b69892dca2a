import type { ApiMessage } from '@postlark/shared/api-response';
import type { MediaAsset, MediaSort } from '@postlark/shared/media';
import type { ProductsPage } from '@postlark/shared/products';
import { webEnv } from '../../config/env';
import { type ApiAnswer, requestJson } from '../../lib/api-client';

const mediaUrl = (path = '') => `${webEnv.apiBase}media/v1/images${path}`;

export interface MediaPage {
  media: MediaAsset[];
  page: number;
  total: number;
  storage: { used_bytes: number; limit_bytes: number };
}

export interface MediaUsage {
  campaigns: { id: string; name: string; status: string }[];
  flows: { id: string; name: string }[];
}

export function getMediaPage(query: { q: string; sort: MediaSort; page: number }, signal?: AbortSignal) {
  const search = new URLSearchParams({ sort: query.sort, page: String(query.page), ...(query.q.trim() ? { q: query.q.trim() } : {}) });
  return requestJson<{ payload: MediaPage }>('GET', mediaUrl(`?${search.toString()}`), undefined, signal);
}

export function patchMediaAlt(id: string, alt: string) {
  return requestJson<{ payload: ApiMessage['payload'] & MediaAsset }>('PATCH', mediaUrl(`/${encodeURIComponent(id)}`), { alt });
}

export function deleteMediaAsset(id: string) {
  return requestJson<ApiMessage>('DELETE', mediaUrl(`/${encodeURIComponent(id)}`));
}

/** Catalogue products matching `q` (ids and titles), a page at a time: the picker shows those with an image. */
export function getCatalogueProducts(q: string, signal?: AbortSignal) {
  const search = new URLSearchParams({ limit: String(PRODUCT_PAGE), ...(q.trim() ? { q: q.trim() } : {}) });
  return requestJson<{ payload: ProductsPage }>('GET', `${webEnv.apiBase}audience/v1/products?${search.toString()}`, undefined, signal);
}

/** How many products the picker reads at a time. */
const PRODUCT_PAGE = 60;

/** A product's image copied into the library (the server fetches and processes it), its title as the alt text. */
export function postImageFromProduct(productId: string) {
  return requestJson<{ payload: ApiMessage['payload'] & MediaAsset }>('POST', mediaUrl('/from-product'), { product_id: productId });
}

export function getMediaUsage(id: string) {
  return requestJson<{ payload: MediaUsage }>('GET', mediaUrl(`/${encodeURIComponent(id)}/usage`));
}

/**
 * Uploads one image as a form (file and alt), reporting the share sent (0 to 1) as it goes: a
 * photo from a phone takes a while on a slow line, and fetch() cannot tell upload progress.
 */
export function uploadMedia(file: File, alt: string, onProgress: (sent: number) => void): Promise<ApiAnswer<{ payload: ApiMessage['payload'] & MediaAsset }>> {
  const form = new FormData();
  form.append('alt', alt);
  form.append('file', file, file.name);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', mediaUrl());
    request.withCredentials = true;
    request.setRequestHeader('accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let body = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        // Not JSON (a proxy's error page): the caller shows its fallback.
      }
      resolve({ ok: request.status >= 200 && request.status < 300, status: request.status, body });
    };
    request.onerror = () => reject(new Error('network'));
    request.send(form);
  });
}
