import { BRAND_COLOR_KEYS, BRAND_COLOR_LABELS, BRAND_MESSAGES, BRAND_WEBSITE_FOUND, type BrandWebsiteSuggestion } from '@postlark/shared/brand-kit';
import sharp from 'sharp';
import { HttpError } from '../../http/errors';
import { guardedGet } from '../outgoing-webhooks/guarded-get';
import type { AddressCheck } from '../outgoing-webhooks/webhook-target';
import { sniffImage } from '../media/image-signature';
import { declaredColors, isChromatic, pickColors, toHex } from './website-colors';
import { readWebsitePage } from './website-page';

// "Fill from my website" (issue 33, point 2): a customer's site read for its logo, icon, theme colour
// and main colours, suggested for the brand kit and saved only when the customer saves the kit. The
// page, at most two of its own style sheets and, when the style says no colour, its logo are fetched
// through the webhooks' address guard (outgoing-webhooks/guarded-get.ts), each held to its own size;
// the page to one deadline and the rest to a shorter one, so one request ties up little.

export interface BrandWebsiteDeps {
  /** The address guard outgoing webhooks use (loopback too under WEBHOOKS_ALLOW_LOCAL). */
  allowed: AddressCheck;
  /** How long the page may take, in all; style sheets and the logo get less. */
  timeoutMs: number;
}

const USER_AGENT = 'Postlark-Brand/1.0 (+reads a site for its logo and colours, once, when its owner asks)';
const PAGE_BYTES = 2 * 1024 * 1024;
const STYLESHEET_BYTES = 512 * 1024;
const STYLESHEETS = 2;
const LOGO_BYTES = 5 * 1024 * 1024;
const LOGO_PIXELS = 25_000_000;

/** The registrable part of a host, roughly: its last two labels (www.shop.example and cdn.shop.example are one site with shop.example). */
function siteOf(host: string): string {
  return host.toLowerCase().split('.').slice(-2).join('.');
}

async function readStylesheets(deps: BrandWebsiteDeps, page: URL, sheets: URL[]): Promise<string[]> {
  const own = sheets.filter((sheet) => siteOf(sheet.hostname) === siteOf(page.hostname)).slice(0, STYLESHEETS);
  const answers = await Promise.all(
    own.map((sheet) => guardedGet(sheet, { allowed: deps.allowed, timeoutMs: Math.min(5_000, deps.timeoutMs), maxBytes: STYLESHEET_BYTES, accept: 'text/css', userAgent: USER_AGENT })),
  );
  // A sheet that failed is left out: what the page itself says still counts.
  return answers.flatMap((answer) => (answer.ok && (answer.contentType === undefined || answer.contentType === 'text/css') ? [answer.data.toString('utf8')] : []));
}

/**
 * The logo's most common brand-looking colour: its opaque, chromatic pixels of a small copy counted
 * in buckets of 32 levels a channel, the fullest bucket's average. Null for an SVG or anything else
 * that is not an image the library takes (it is not decoded), or one with no such colour.
 */
async function logoColorOf(deps: BrandWebsiteDeps, logo: URL): Promise<string | null> {
  const answer = await guardedGet(logo, { allowed: deps.allowed, timeoutMs: Math.min(5_000, deps.timeoutMs), maxBytes: LOGO_BYTES, accept: 'image/*', userAgent: USER_AGENT });
  if (!answer.ok) return null;
  const sniffed = sniffImage(answer.data);
  if (sniffed === null || sniffed === 'svg') return null;
  try {
    const { data } = await sharp(answer.data, { limitInputPixels: LOGO_PIXELS, failOn: 'error' }).resize(64, 64, { fit: 'inside' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const buckets = new Map<number, { count: number; r: number; g: number; b: number }>();
    for (let at = 0; at + 3 < data.length; at += 4) {
      const [r, g, b, alpha] = [data[at]!, data[at + 1]!, data[at + 2]!, data[at + 3]!];
      if (alpha < 200 || !isChromatic(toHex({ r, g, b }))) continue;
      const key = ((r >> 5) << 6) | ((g >> 5) << 3) | (b >> 5);
      const bucket = buckets.get(key) ?? { count: 0, r: 0, g: 0, b: 0 };
      buckets.set(key, { count: bucket.count + 1, r: bucket.r + r, g: bucket.g + g, b: bucket.b + b });
    }
    const fullest = [...buckets.values()].sort((a, b) => b.count - a.count)[0];
    return fullest ? toHex({ r: fullest.r / fullest.count, g: fullest.g / fullest.count, b: fullest.b / fullest.count }) : null;
  } catch {
    return null;
  }
}

const isHtml = (contentType: string | undefined, data: Buffer) =>
  contentType === 'text/html' || contentType === 'application/xhtml+xml' || (contentType === undefined && data.toString('utf8', 0, 512).trimStart().startsWith('<'));

/** What the site at `address` suggests for the kit; a site that cannot be read is a 422 that says why. */
export async function suggestFromWebsite(deps: BrandWebsiteDeps, address: string): Promise<BrandWebsiteSuggestion> {
  const answer = await guardedGet(address, { allowed: deps.allowed, timeoutMs: deps.timeoutMs, maxBytes: PAGE_BYTES, accept: 'text/html,application/xhtml+xml;q=0.9', userAgent: USER_AGENT });
  if (!answer.ok) throw new HttpError(422, answer.refused ? BRAND_MESSAGES.websiteRefused : BRAND_MESSAGES.websiteFailed(answer.reason));
  if (!isHtml(answer.contentType, answer.data)) throw new HttpError(422, BRAND_MESSAGES.websiteNotHtml);

  const page = readWebsitePage(answer.data.toString('utf8'), answer.url);
  const found: string[] = [];
  const siteName = page.siteName ?? page.title;
  if (siteName) found.push(page.siteName ? BRAND_WEBSITE_FOUND.siteName.og : BRAND_WEBSITE_FOUND.siteName.title);

  const logo = page.logoImage ? { url: page.logoImage, says: page.logoInHeader ? BRAND_WEBSITE_FOUND.logo.header : BRAND_WEBSITE_FOUND.logo.marked } : page.jsonLdLogo ? { url: page.jsonLdLogo, says: BRAND_WEBSITE_FOUND.logo.jsonLd } : page.ogImage ? { url: page.ogImage, says: BRAND_WEBSITE_FOUND.logo.ogImage } : null;
  if (logo) found.push(logo.says);
  if (page.icon) found.push(page.iconIsApple ? BRAND_WEBSITE_FOUND.icon.apple : BRAND_WEBSITE_FOUND.icon.icon);
  if (page.themeColor) found.push(BRAND_WEBSITE_FOUND.themeColor);

  const sheets = await readStylesheets(deps, answer.url, page.stylesheets);
  if (sheets.length > 0) found.push(BRAND_WEBSITE_FOUND.stylesheets(sheets.length));
  const declared = declaredColors([page.inlineCss, ...sheets].join('\n'));
  let picked = pickColors({ declared, themeColor: page.themeColor });
  // The logo is fetched only when the style said no brand colour: it costs a download and a decode.
  if (!picked.colors.primary && logo) picked = pickColors({ declared, themeColor: page.themeColor, logoColor: await logoColorOf(deps, logo.url) });
  for (const key of BRAND_COLOR_KEYS) {
    const hex = picked.colors[key];
    const source = picked.sources[key];
    if (hex && source) found.push(BRAND_WEBSITE_FOUND.color(BRAND_COLOR_LABELS[key], hex, BRAND_WEBSITE_FOUND.colorSources[source]));
  }

  return {
    url: answer.url.href,
    site_name: siteName,
    logo: logo && { url: logo.url.href },
    icon: page.icon && { url: page.icon.href },
    theme_color: page.themeColor,
    colors: picked.colors,
    found,
  };
}
