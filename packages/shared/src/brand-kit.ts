import * as z from 'zod/mini';
import { emailButtonStyle } from './email-button';
import { MEDIA_LIMITS } from './media';
import { GENERIC_MESSAGES } from './messages';

// The brand kit (issue 33, point 2): an account's logo, colours, fonts, button shape and the
// footer's social links, which new campaigns' templates, and the pages readers see, are drawn
// with. Defined once for the Brand page, the API and what renders with it.

/** Font stacks every mail client has (no web font needed): the key is stored, the stack is sent. */
export const BRAND_FONTS = {
  system: { label: 'System sans-serif', stack: "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif" },
  arial: { label: 'Arial', stack: 'Arial, Helvetica, sans-serif' },
  helvetica: { label: 'Helvetica', stack: "'Helvetica Neue', Helvetica, Arial, sans-serif" },
  verdana: { label: 'Verdana', stack: 'Verdana, Geneva, sans-serif' },
  tahoma: { label: 'Tahoma', stack: 'Tahoma, Verdana, Segoe, sans-serif' },
  trebuchet: { label: 'Trebuchet MS', stack: "'Trebuchet MS', 'Lucida Grande', 'Lucida Sans Unicode', sans-serif" },
  georgia: { label: 'Georgia', stack: "Georgia, 'Times New Roman', Times, serif" },
  times: { label: 'Times New Roman', stack: "'Times New Roman', Times, serif" },
  palatino: { label: 'Palatino', stack: "'Palatino Linotype', 'Book Antiqua', Palatino, serif" },
  courier: { label: 'Courier New', stack: "'Courier New', Courier, monospace" },
} as const;
export type BrandFont = keyof typeof BRAND_FONTS;
export const BRAND_FONT_KEYS = Object.keys(BRAND_FONTS) as BrandFont[];

export const BUTTON_SHAPES = ['square', 'rounded', 'pill'] as const;
export type ButtonShape = (typeof BUTTON_SHAPES)[number];
/** The corner radius each shape is drawn with. */
export const BUTTON_RADIUS: Record<ButtonShape, string> = { square: '0', rounded: '8px', pill: '999px' };
export const BUTTON_SHAPE_LABELS: Record<ButtonShape, string> = { square: 'Square', rounded: 'Rounded', pill: 'Pill' };

export const SOCIAL_NETWORKS = ['website', 'instagram', 'facebook', 'x', 'linkedin', 'youtube', 'tiktok', 'threads', 'bluesky', 'mastodon', 'pinterest'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
export const SOCIAL_LABELS: Record<SocialNetwork, string> = {
  website: 'Website',
  instagram: 'Instagram',
  facebook: 'Facebook',
  x: 'X',
  linkedin: 'LinkedIn',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  threads: 'Threads',
  bluesky: 'Bluesky',
  mastodon: 'Mastodon',
  pinterest: 'Pinterest',
};

export const BRAND_COLOR_KEYS = ['primary', 'text', 'background', 'link', 'button', 'button_text'] as const;
export type BrandColorKey = (typeof BRAND_COLOR_KEYS)[number];
export const BRAND_COLOR_LABELS: Record<BrandColorKey, string> = {
  primary: 'Primary',
  text: 'Text',
  background: 'Background',
  link: 'Links',
  button: 'Buttons',
  button_text: 'Button text',
};

/** Where the kit is read and saved, under /api (GET and PUT). */
export const BRAND_KIT_PATH = 'brand/v1/kit';
/** POST, under /api: a site's logo, icon and colours suggested for the kit ("Fill from my website"). */
export const BRAND_FROM_WEBSITE_PATH = `${BRAND_KIT_PATH}/from-website`;

export const BRAND_LIMITS = {
  socialLinks: 8,
  url: 500,
  webFontName: 100,
} as const;

export const BRAND_MESSAGES = {
  saved: 'Brand kit saved.',
  colorInvalid: 'Enter a colour as # and six hex digits, like #4f46e5.',
  fontInvalid: `Choose one of the fonts: ${BRAND_FONT_KEYS.join(', ')}.`,
  shapeInvalid: `Choose a button shape: ${BUTTON_SHAPES.join(', ')}.`,
  networkInvalid: `Choose a network: ${SOCIAL_NETWORKS.join(', ')}.`,
  urlInvalid: 'Enter a full web address that starts with https://.',
  tooManyLinks: `At most ${BRAND_LIMITS.socialLinks} social links.`,
  logoNotFound: 'This image is not in your media library. Upload it there first.',
  webFontName: 'Give the web font’s family name, like Inter, exactly as its style sheet names it.',
  webFontUrl: 'Enter the address of the web font’s style sheet, starting with https://, like https://fonts.googleapis.com/css2?family=Inter.',
  tooLong: GENERIC_MESSAGES.tooLong,
  websiteUrl: 'Enter your website’s address, starting with https:// or http://, like https://example.com.',
  websiteRefused: 'This address points inside a private network or to this server, so it is not read.',
  websiteFailed: (reason: string) => `We could not read this website (${reason}). Check the address and try again.`,
  websiteNotHtml: 'This address does not answer a web page. Enter your website’s home page.',
  websiteNothing: 'We found no logo, icon or colours on this page. Fill the kit in by hand, or try another page of your site.',
  websitePerHour: (seconds: number) => {
    const minutes = Math.ceil(seconds / 60);
    return `Websites were read too often this hour. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
  },
} as const;

/** POST /api/brand/v1/kit/from-website: the site to read, as http(s); its length is checked before any pattern. */
export const brandFromWebsiteSchema = z.strictObject({
  url: z.string({ error: BRAND_MESSAGES.websiteUrl }).check(
    z.trim(),
    z.minLength(1, BRAND_MESSAGES.websiteUrl),
    z.maxLength(BRAND_LIMITS.url, BRAND_MESSAGES.tooLong(BRAND_LIMITS.url)),
    z.url({ protocol: /^https?$/, error: BRAND_MESSAGES.websiteUrl }),
  ),
});
export type BrandFromWebsiteInput = z.output<typeof brandFromWebsiteSchema>;

/** What was found on the site, for the customer to accept or change: nothing is saved. */
export interface BrandWebsiteSuggestion {
  /** The page's address after redirects. */
  url: string;
  site_name: string | null;
  logo: { url: string } | null;
  icon: { url: string } | null;
  theme_color: string | null;
  /** Each colour as #rrggbb, omitted when nothing on the site said it. */
  colors: Partial<Record<BrandColorKey, string>>;
  /** Where each came from, in a short sentence each. */
  found: string[];
}

/** Where each part of a suggestion came from, as the Brand page shows it beside the part. */
export const BRAND_WEBSITE_FOUND = {
  siteName: { og: 'The name is the page’s og:site_name.', title: 'The name is the page’s title.' },
  logo: {
    header: 'The logo is the image marked logo in the page’s header.',
    marked: 'The logo is an image marked logo on the page.',
    jsonLd: 'The logo is the one the page’s structured data (JSON-LD) names.',
    ogImage: 'The logo is the page’s sharing image (og:image): check it is your logo.',
  },
  icon: { apple: 'The icon is the page’s apple-touch-icon.', icon: 'The icon is the page’s favicon.' },
  themeColor: 'The theme colour is the page’s theme-color.',
  color: (label: string, hex: string, source: string) => `${label} ${hex} is ${source}.`,
  colorSources: {
    theme: 'the theme colour',
    mostUsed: 'the colour the style sheets use most',
    logo: 'the logo’s main colour',
    links: 'the links’ colour',
    buttons: 'the buttons’ colour',
    primary: 'the primary colour',
    contrast: 'the best contrast on the buttons',
    pageText: 'the page’s text colour',
    pageBackground: 'the page’s background',
  },
  stylesheets: (count: number) => (count === 1 ? 'One style sheet of the site was read.' : `${count} style sheets of the site were read.`),
} as const;
export type BrandColorSource = keyof typeof BRAND_WEBSITE_FOUND.colorSources;

/** A colour as #rrggbb, checked by its length before any pattern runs. */
const color = z.string({ error: BRAND_MESSAGES.colorInvalid }).check(
  z.length(7, BRAND_MESSAGES.colorInvalid),
  z.regex(/^#[0-9a-fA-F]{6}$/, BRAND_MESSAGES.colorInvalid),
  z.overwrite((value) => value.toLowerCase()),
);
const httpsUrl = (error: string) =>
  z.string({ error }).check(z.trim(), z.maxLength(BRAND_LIMITS.url, BRAND_MESSAGES.tooLong(BRAND_LIMITS.url)), z.url({ protocol: /^https$/, error }));

/** PUT /api/brand/v1/kit: the whole kit. The logo is an image of the account's media library, by id. */
export const brandKitInputSchema = z.strictObject({
  logo: z.nullable(
    z.strictObject({
      media_id: z.string({ error: BRAND_MESSAGES.logoNotFound }).check(z.maxLength(64, BRAND_MESSAGES.logoNotFound)),
      alt: z.string().check(z.trim(), z.maxLength(MEDIA_LIMITS.altChars, BRAND_MESSAGES.tooLong(MEDIA_LIMITS.altChars))),
      /** The width it is shown at in the email's header, in CSS pixels. */
      width: z.number().check(z.int(), z.minimum(40), z.maximum(600)),
    }),
  ),
  colors: z.strictObject({
    primary: color,
    text: color,
    background: color,
    link: color,
    button: color,
    button_text: color,
  }),
  fonts: z.strictObject({
    body: z.enum(BRAND_FONT_KEYS as [BrandFont, ...BrandFont[]], { error: BRAND_MESSAGES.fontInvalid }),
    heading: z.enum(BRAND_FONT_KEYS as [BrandFont, ...BrandFont[]], { error: BRAND_MESSAGES.fontInvalid }),
    /** A web font for the headings where the client loads one (Apple Mail, iOS); the heading stack is its fallback. */
    web_font: z.nullable(
      z.strictObject({
        family: z.string({ error: BRAND_MESSAGES.webFontName }).check(z.trim(), z.minLength(1, BRAND_MESSAGES.webFontName), z.maxLength(BRAND_LIMITS.webFontName, BRAND_MESSAGES.webFontName), z.regex(/^[A-Za-z0-9 -]+$/, BRAND_MESSAGES.webFontName)),
        css_url: httpsUrl(BRAND_MESSAGES.webFontUrl),
      }),
    ),
  }),
  button_shape: z.enum(BUTTON_SHAPES, { error: BRAND_MESSAGES.shapeInvalid }),
  social_links: z
    .array(z.strictObject({ network: z.enum(SOCIAL_NETWORKS, { error: BRAND_MESSAGES.networkInvalid }), url: httpsUrl(BRAND_MESSAGES.urlInvalid) }))
    .check(z.maxLength(BRAND_LIMITS.socialLinks, BRAND_MESSAGES.tooManyLinks)),
});
export type BrandKitInput = z.output<typeof brandKitInputSchema>;

/** GET /api/brand/v1/kit: the kit as saved (or the defaults), the logo with its library address and size. */
export interface BrandKit extends Omit<BrandKitInput, 'logo'> {
  logo: { media_id: string; url: string; alt: string; width: number; height: number } | null;
  /** null until the customer first saves a kit: the defaults are shown. */
  updated_at: string | null;
}

/** What an account without a kit is drawn with: the product's own indigo, on white. */
export const DEFAULT_BRAND_KIT: BrandKit = {
  logo: null,
  colors: { primary: '#4f46e5', text: '#1f2937', background: '#ffffff', link: '#4f46e5', button: '#4f46e5', button_text: '#ffffff' },
  fonts: { body: 'system', heading: 'system', web_font: null },
  button_shape: 'rounded',
  social_links: [],
  updated_at: null,
};

/** An email button's inline style in the kit's button colours and shape. */
export function brandButtonStyle(kit: Pick<BrandKitInput, 'colors' | 'button_shape'>): string {
  return emailButtonStyle({ background: kit.colors.button, color: kit.colors.button_text, radius: BUTTON_RADIUS[kit.button_shape] });
}

/**
 * What the pages readers open (a sign-up form, the double opt-in's confirmation, the preference
 * centre) are drawn with: the kit's logo, colours, font stacks and button corners. Web-safe stacks
 * only: the pages' Content-Security-Policy loads no font from elsewhere.
 */
export interface PageLook {
  logo: { url: string; alt: string; width: number; height: number } | null;
  colors: BrandKitInput['colors'];
  font_stack: string;
  heading_stack: string;
  button_radius: string;
}

/** The page look of a kit the customer saved; null before a first save (the product's own look then). */
export function pageLook(kit: BrandKit): PageLook | null {
  if (!kit.updated_at) return null;
  const logo = kit.logo ? { url: kit.logo.url, alt: kit.logo.alt, width: kit.logo.width, height: kit.logo.height } : null;
  return { logo, colors: kit.colors, font_stack: BRAND_FONTS[kit.fonts.body].stack, heading_stack: BRAND_FONTS[kit.fonts.heading].stack, button_radius: BUTTON_RADIUS[kit.button_shape] };
}
