import { randomUUID } from 'node:crypto';
import { MEDIA_LIMITS, MEDIA_MESSAGES, MEDIA_PATH_PREFIX, type MediaAsset, type MediaListQuery } from '@postlark/shared/media';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import type { FairGate } from '../../lib/fair-gate';
import { findProduct } from '../events/products.repository';
import type { AddressCheck } from '../outgoing-webhooks/webhook-target';
import { fetchRemoteImage } from './fetch-remote-image';
import { isUuid } from '../../lib/uuid';
import { type ImageLimits, processImage } from './image-processing';
import { assetUsage, deleteAsset, findAsset, insertAsset, listAssets, type MediaAssetWithVariants, storageUsed, updateAlt } from './media.repository';
import type { MediaStorage } from './media-storage';

export interface MediaDeps {
  db: Db;
  now: () => Date;
  storage: MediaStorage;
  /** Where /media/… is served: images in mail need absolute addresses. */
  appUrl: string;
  images: ImageLimits;
  storageBytesPerAccount: number;
  /** One upload per account at a time, and decoding a few at once among all (lib/fair-gate.ts). */
  gate: FairGate;
  /** A catalogue image's address: where it may be fetched from, and how long it may take. */
  remoteImages: { allowed: AddressCheck; timeoutMs: number };
}

export interface ImageUpload {
  data: Buffer;
  /** The part's Content-Type, held to the bytes. */
  declaredType: string | undefined;
  fileName: string;
  alt: string;
}

export function mediaUrl(appUrl: string, key: string): string {
  return `${appUrl.replace(/\/$/, '')}${MEDIA_PATH_PREFIX}${key}`;
}

function toMediaAsset(appUrl: string, row: MediaAssetWithVariants): MediaAsset {
  const variants = row.variants.map((variant) => ({ url: mediaUrl(appUrl, variant.storageKey), width: variant.width, height: variant.height, bytes: variant.bytes }));
  const widest = variants[0];
  return {
    id: row.id,
    url: widest?.url ?? '',
    width: widest?.width ?? row.width,
    height: widest?.height ?? row.height,
    alt: row.alt,
    name: row.name,
    format: row.format,
    animated: row.animated,
    bytes: row.bytes,
    variants,
    created_at: row.createdAt.toISOString(),
  };
}

/** A name worth showing in the library: the file's, without a path some browsers send, kept short. */
function cleanName(fileName: string): string {
  const base = fileName.slice(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1).trim();
  return (base || 'image').slice(0, MEDIA_LIMITS.nameChars);
}

const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

/**
 * An upload checked, processed, stored and added to the account's library; the caller holds the
 * account's claim on the gate (media.routes.ts). The storage quota is
 * checked before the work and again with what the variants take; the file is stored before its
 * row, so a row never names a file that is not there.
 */
export async function uploadImage(deps: MediaDeps, customerId: string, upload: ImageUpload): Promise<MediaAsset> {
  if (upload.alt.length > MEDIA_LIMITS.altChars) throw new HttpError(400, MEDIA_MESSAGES.altTooLong, { alt: MEDIA_MESSAGES.altTooLong });
  const full = () => new HttpError(413, MEDIA_MESSAGES.storageFull(megabytes(deps.storageBytesPerAccount)));
  if ((await storageUsed(deps.db, customerId)) + upload.data.length > deps.storageBytesPerAccount) throw full();

  const image = await deps.gate.turn(() => processImage(upload.data, upload.declaredType, deps.images));
  const bytes = image.variants.reduce((sum, variant) => sum + variant.data.length, 0);
  if ((await storageUsed(deps.db, customerId)) + bytes > deps.storageBytesPerAccount) throw full();

  for (const variant of image.variants) await deps.storage.put(variant.key, variant.data, variant.contentType);
  const id = randomUUID();
  const row = {
    id,
    customerId,
    name: cleanName(upload.fileName),
    alt: upload.alt.trim(),
    format: image.format,
    animated: image.animated,
    width: image.width,
    height: image.height,
    bytes,
    createdAt: deps.now(),
  };
  const variants = image.variants.map((variant) => ({ assetId: id, storageKey: variant.key, width: variant.width, height: variant.height, bytes: variant.data.length }));
  await insertAsset(deps.db, row, variants);
  return toMediaAsset(deps.appUrl, { ...row, variants });
}

/** The extension a name gets from the address's last segment, when it has one. */
function extensionOf(address: string): string {
  const last = new URL(address).pathname.split('/').pop() ?? '';
  const dot = last.lastIndexOf('.');
  return dot > 0 && last.length - dot <= 5 ? last.slice(dot).toLowerCase() : '';
}

/**
 * An image on the web, copied into the library as an upload would be: fetched through the
 * webhooks' address guard, then checked and processed the same way, so mail shows it from its own
 * /media/ address, in the sizes mail needs. The caller holds the account's claim.
 */
async function importRemoteImage(
  deps: MediaDeps,
  customerId: string,
  address: string,
  named: { fileName: string; alt: string },
  failure: { refused: string; failed: (reason: string) => string },
): Promise<MediaAsset> {
  const fetched = await fetchRemoteImage(address, { ...deps.remoteImages, maxBytes: MEDIA_LIMITS.maxBytes });
  if (!fetched.ok) throw new HttpError(422, fetched.refused ? failure.refused : failure.failed(fetched.reason));
  // A server's Content-Type for an image is often wrong or generic: the bytes decide (image-signature.ts).
  const declaredType = fetched.contentType?.startsWith('image/') ? fetched.contentType : undefined;
  return uploadImage(deps, customerId, { data: fetched.data, declaredType, fileName: named.fileName, alt: named.alt.slice(0, MEDIA_LIMITS.altChars) });
}

/** A catalogue product's image into the library, named and described by the product. */
export async function importProductImage(deps: MediaDeps, customerId: string, productId: string, alt: string | undefined): Promise<MediaAsset> {
  const product = await findProduct(deps.db, customerId, productId);
  if (!product) throw new HttpError(404, MEDIA_MESSAGES.productNotFound);
  if (!product.imageUrl) throw new HttpError(409, MEDIA_MESSAGES.productWithoutImage);
  return importRemoteImage(
    deps,
    customerId,
    product.imageUrl,
    { fileName: `${product.title}${extensionOf(product.imageUrl)}`, alt: alt ?? product.title },
    { refused: MEDIA_MESSAGES.productImageRefused, failed: MEDIA_MESSAGES.productImageFailed },
  );
}

/** An image at any web address into the library (the Brand page's logo from the customer's site), named by its file. */
export async function importImageFromUrl(deps: MediaDeps, customerId: string, address: string, alt: string | undefined): Promise<MediaAsset> {
  const fileName = decodeURIComponentSafe(new URL(address).pathname.split('/').pop() ?? '') || 'image';
  return importRemoteImage(deps, customerId, address, { fileName, alt: alt ?? '' }, { refused: MEDIA_MESSAGES.urlImageRefused, failed: MEDIA_MESSAGES.urlImageFailed });
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export async function listMedia(deps: MediaDeps, customerId: string, query: MediaListQuery) {
  const page = query.page ?? 1;
  const { rows, total } = await listAssets(deps.db, customerId, { q: query.q?.trim() || undefined, sort: query.sort ?? 'newest', offset: (page - 1) * MEDIA_LIMITS.pageSize, limit: MEDIA_LIMITS.pageSize });
  return {
    media: rows.map((row) => toMediaAsset(deps.appUrl, row)),
    page,
    total,
    storage: { used_bytes: await storageUsed(deps.db, customerId), limit_bytes: deps.storageBytesPerAccount },
  };
}

async function ownedAsset(deps: MediaDeps, customerId: string, id: string): Promise<MediaAssetWithVariants> {
  const found = isUuid(id) ? await findAsset(deps.db, customerId, id) : undefined;
  if (!found) throw new HttpError(404, MEDIA_MESSAGES.notFound);
  return found;
}

export async function getMedia(deps: MediaDeps, customerId: string, id: string): Promise<MediaAsset> {
  return toMediaAsset(deps.appUrl, await ownedAsset(deps, customerId, id));
}

export async function setMediaAlt(deps: MediaDeps, customerId: string, id: string, alt: string): Promise<MediaAsset> {
  if (!isUuid(id) || !(await updateAlt(deps.db, customerId, id, alt.trim()))) throw new HttpError(404, MEDIA_MESSAGES.notFound);
  return getMedia(deps, customerId, id);
}

/** The account's campaigns and flows whose content shows the image: the Media page warns before a delete. */
export async function mediaUsage(deps: MediaDeps, customerId: string, id: string) {
  const asset = await ownedAsset(deps, customerId, id);
  return assetUsage(
    deps.db,
    customerId,
    asset.variants.map((variant) => variant.storageKey),
  );
}

/**
 * The image leaves the library; its files go from storage unless another upload of the same
 * bytes holds them. Mail already sent that shows it then shows a broken image: the Media page
 * says where it is used before it asks.
 */
export async function deleteMedia(deps: MediaDeps, customerId: string, id: string): Promise<void> {
  const unheld = isUuid(id) ? await deleteAsset(deps.db, customerId, id) : null;
  if (unheld === null) throw new HttpError(404, MEDIA_MESSAGES.notFound);
  for (const key of unheld) await deps.storage.remove(key);
}

