import { Parser } from 'htmlparser2';
import { webAddress } from '../outgoing-webhooks/guarded-get';
import { parseColor } from './website-colors';

// What a site's home page says of its brand, read by htmlparser2 as the page arrives (tolerant of
// any markup, linear in its length): the theme colour, the icons, Open Graph's name and image, a
// logo (an <img> that says so, in the header or not; JSON-LD's `logo`), its inline style and the
// style sheets it links. Addresses are resolved against the page's own, after redirects.

export interface WebsitePage {
  siteName: string | null;
  title: string | null;
  themeColor: string | null;
  /** The best icon: apple-touch-icon (large, PNG) before rel=icon, the largest `sizes` first. */
  icon: URL | null;
  iconIsApple: boolean;
  ogImage: URL | null;
  /** An <img> whose id, class, alt or file name says logo (or whose parent's does), the header's first. */
  logoImage: URL | null;
  logoInHeader: boolean;
  jsonLdLogo: URL | null;
  inlineCss: string;
  stylesheets: URL[];
}

const MAX_INLINE_CSS = 512 * 1024;
const MAX_JSON_LD = 64 * 1024;
const MAX_TEXT = 200;
const MAX_DEPTH = 256;

function saysLogo(attributes: Record<string, string>): boolean {
  return ['id', 'class', 'alt', 'src', 'title'].some((name) => (attributes[name] ?? '').toLowerCase().includes('logo'));
}

/** The largest side of an icon's `sizes` ("180x180", "16x16 32x32", "any"). */
function iconSize(sizes: string | undefined): number {
  if (!sizes) return 0;
  if (sizes.toLowerCase().includes('any')) return 512;
  return Math.max(0, ...sizes.split(' ').map((size) => Number(size.toLowerCase().split('x')[0]) || 0));
}

/** JSON-LD's logo: a string or an ImageObject, on the object itself or an item of its @graph. */
function logoInJsonLd(json: unknown, depth = 0): string | null {
  if (depth > 3 || json === null || typeof json !== 'object') return null;
  if (Array.isArray(json)) {
    for (const item of json.slice(0, 20)) {
      const found = logoInJsonLd(item, depth + 1);
      if (found) return found;
    }
    return null;
  }
  const record = json as Record<string, unknown>;
  const logo = record.logo;
  if (typeof logo === 'string') return logo;
  if (logo && typeof logo === 'object' && typeof (logo as { url?: unknown }).url === 'string') return (logo as { url: string }).url;
  return logoInJsonLd(record['@graph'], depth + 1);
}

const squeeze = (text: string) => text.split(/\s+/).filter(Boolean).join(' ').slice(0, MAX_TEXT) || null;

export function readWebsitePage(html: string, base: URL): WebsitePage {
  const page: WebsitePage = { siteName: null, title: null, themeColor: null, icon: null, iconIsApple: false, ogImage: null, logoImage: null, logoInHeader: false, jsonLdLogo: null, inlineCss: '', stylesheets: [] };
  const at = (text: string | undefined) => (text ? webAddress(text.trim(), base) : null);
  let iconRank = -1;
  // The open elements: whether each is (in) the header, and whether it says logo (an <a class="logo"> round an <img>).
  const open: Array<{ name: string; header: boolean; logo: boolean }> = [];
  let logoRank = 0;
  let text: { kind: 'title' | 'style' | 'json-ld'; value: string } | null = null;
  let baseSet = false;

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const parent = open[open.length - 1];
        const header = Boolean(parent?.header) || name === 'header' || (attributes.role ?? '') === 'banner';
        const logo = Boolean(parent?.logo) || saysLogo(attributes);
        const rel = (attributes.rel ?? '').toLowerCase().split(' ').filter(Boolean);
        if (name === 'base' && !baseSet) {
          const href = at(attributes.href);
          if (href) base = href;
          baseSet = true;
        } else if (name === 'meta') {
          const key = (attributes.name ?? attributes.property ?? '').toLowerCase();
          const content = attributes.content ?? '';
          // The light scheme's theme colour, or the one without a media query.
          if (key === 'theme-color' && (page.themeColor === null || (attributes.media ?? '').includes('light'))) page.themeColor = parseColor(content) ?? page.themeColor;
          if (key === 'og:site_name' || (key === 'application-name' && !page.siteName)) page.siteName = squeeze(content);
          if ((key === 'og:image' || key === 'og:image:url' || key === 'og:image:secure_url') && !page.ogImage) page.ogImage = at(content);
        } else if (name === 'link') {
          if (rel.includes('stylesheet') && !rel.includes('alternate')) {
            const href = at(attributes.href);
            if (href) page.stylesheets.push(href);
          }
          const rank = rel.includes('apple-touch-icon') || rel.includes('apple-touch-icon-precomposed') ? 1000 + iconSize(attributes.sizes) : rel.includes('icon') ? iconSize(attributes.sizes) : -1;
          const href = rank >= 0 ? at(attributes.href) : null;
          if (href && rank > iconRank) {
            [page.icon, iconRank] = [href, rank];
            page.iconIsApple = rank >= 1000;
          }
        } else if (name === 'img' && logo) {
          // A logo that says so in the header beats one elsewhere (a partner's, a footer's).
          const rank = (header ? 2 : 1) + (saysLogo(attributes) ? 1 : 0);
          const src = at(attributes.src ?? attributes['data-src']);
          if (src && rank > logoRank) {
            [page.logoImage, logoRank] = [src, rank];
            page.logoInHeader = header;
          }
        } else if (name === 'title' && !page.title) {
          text = { kind: 'title', value: '' };
        } else if (name === 'style') {
          text = { kind: 'style', value: '' };
        } else if (name === 'script' && (attributes.type ?? '').toLowerCase() === 'application/ld+json' && !page.jsonLdLogo) {
          text = { kind: 'json-ld', value: '' };
        }
        // Past a depth no real header reaches, elements are not followed: each close then looks back at most this far.
        if (open.length < MAX_DEPTH) open.push({ name, header, logo });
      },
      ontext(data) {
        if (!text) return;
        const limit = text.kind === 'style' ? MAX_INLINE_CSS : text.kind === 'json-ld' ? MAX_JSON_LD : 2000;
        if (text.value.length < limit) text.value += data;
      },
      onclosetag(name) {
        if (text && (name === 'title' || name === 'style' || name === 'script')) {
          if (text.kind === 'title') page.title = squeeze(text.value);
          if (text.kind === 'style' && page.inlineCss.length < MAX_INLINE_CSS) page.inlineCss += `${text.value}\n`;
          if (text.kind === 'json-ld' && text.value.length < MAX_JSON_LD) {
            try {
              page.jsonLdLogo = at(logoInJsonLd(JSON.parse(text.value)) ?? undefined);
            } catch {
              // A site's broken JSON-LD says nothing.
            }
          }
          text = null;
        }
        // htmlparser2 closes what a closing tag implies, one call each: the stack follows it.
        for (let index = open.length - 1; index >= 0; index -= 1) {
          if (open[index]!.name === name) {
            open.length = index;
            break;
          }
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return page;
}
