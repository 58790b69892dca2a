import { BRAND_MESSAGES, type BrandKit, type BrandKitInput, DEFAULT_BRAND_KIT, type PageLook, pageLook } from '@postlark/shared/brand-kit';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { isUuid } from '../../lib/uuid';
import { findAsset } from '../media/media.repository';
import { mediaUrl } from '../media/media.service';
import { DEFAULT_EMAIL_LOOK, emailLook, type EmailLook } from '../../mail/layout/email-look';
import { findBrandKit, saveBrandKit } from './brand.repository';

export interface BrandDeps {
  db: Db;
  now: () => Date;
  /** Where /media/… is served: the logo's address is the library's. */
  appUrl: string;
}

/** The logo as the kit shows it: its library image's widest variant, at the width the customer chose. */
async function logoOf(deps: BrandDeps, customerId: string, logo: BrandKitInput['logo']): Promise<BrandKit['logo']> {
  if (!logo || !isUuid(logo.media_id)) return null;
  const asset = await findAsset(deps.db, customerId, logo.media_id);
  const widest = asset?.variants[0];
  if (!asset || !widest) return null;
  const width = Math.min(logo.width, asset.width);
  return { media_id: asset.id, url: mediaUrl(deps.appUrl, widest.storageKey), alt: logo.alt, width, height: Math.round((asset.height * width) / Math.max(1, asset.width)) };
}

/** The account's kit, or the defaults before the first save. A logo deleted from the library is gone from the kit. */
export async function getBrandKit(deps: BrandDeps, customerId: string): Promise<BrandKit> {
  const row = await findBrandKit(deps.db, customerId);
  if (!row) return DEFAULT_BRAND_KIT;
  const logo = row.logoAssetId ? await logoOf(deps, customerId, row.settings.logo) : null;
  return { ...row.settings, logo, updated_at: row.updatedAt.toISOString() };
}

/** Saves the whole kit; its logo must be an image of this account's library. Answers it as saved, without reading it back. */
export async function putBrandKit(deps: BrandDeps, customerId: string, input: BrandKitInput): Promise<BrandKit> {
  const logo = await logoOf(deps, customerId, input.logo);
  if (input.logo && !logo) throw new HttpError(400, BRAND_MESSAGES.logoNotFound, { 'logo.media_id': BRAND_MESSAGES.logoNotFound });
  const now = deps.now();
  await saveBrandKit(deps.db, customerId, input, now);
  return { ...input, logo, updated_at: now.toISOString() };
}

/** What the account's messages are drawn with: its kit's colours, fonts, button shape and social links (no logo: that is content). */
export async function emailLookFor(db: Db, customerId: string): Promise<EmailLook> {
  const row = await findBrandKit(db, customerId);
  return row ? emailLook(row.settings) : DEFAULT_EMAIL_LOOK;
}

/** What the account's public pages (forms, confirmation, preference centre) are drawn with: null without a saved kit. */
export async function pageLookFor(deps: BrandDeps, customerId: string): Promise<PageLook | null> {
  return pageLook(await getBrandKit(deps, customerId));
}
