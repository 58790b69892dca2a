import type { BrandColorKey, BrandColorSource } from '@postlark/shared/brand-kit';

// The colours a site declares, read from its style sheets and its theme colour, and the brand kit's
// colours picked from them ("Fill from my website"). The CSS is walked once, character by character,
// with no pattern over the text (a style sheet is the site's, of any shape): a declaration is
// counted with the selector it sits under, so `body { color }` says the text, `a { color }` the
// links, `.button { background }` the buttons, and the colour declared most often, that is neither
// near-white, near-black nor grey, is the brand's own.

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** One colour as a declaration sets it. */
export interface DeclaredColor {
  hex: string;
  /** The selector it sits under, lower-case ('' for a custom property at the top level). */
  selector: string;
  /** The property, lower-case: color, background-color, --brand-primary… */
  property: string;
}

const HEX_DIGITS = '0123456789abcdef';

export function toHex({ r, g, b }: Rgb): string {
  return `#${[r, g, b].map((part) => Math.round(Math.min(255, Math.max(0, part))).toString(16).padStart(2, '0')).join('')}`;
}

export function rgbOf(hex: string): Rgb {
  return { r: parseInt(hex.slice(1, 3), 16), g: parseInt(hex.slice(3, 5), 16), b: parseInt(hex.slice(5, 7), 16) };
}

function isHexDigits(text: string): boolean {
  for (const char of text) if (!HEX_DIGITS.includes(char)) return false;
  return true;
}

/** A number of a functional colour: 0–255, or a percentage of it. */
function channel(part: string, scale: number): number | null {
  const percent = part.endsWith('%');
  const value = Number(percent ? part.slice(0, -1) : part);
  if (!Number.isFinite(value)) return null;
  return percent ? (value / 100) * scale : value;
}

function hslToRgb(h: number, s: number, l: number): Rgb {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => 255 * (l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1))));
  return { r: f(0), g: f(8), b: f(4) };
}

/**
 * One CSS colour value as #rrggbb: #rgb, #rgba, #rrggbb, #rrggbbaa, rgb()/rgba() and hsl()/hsla()
 * in either syntax. A colour mostly transparent says nothing of the brand: null, as for anything else.
 */
export function parseColor(text: string): string | null {
  const value = text.trim().toLowerCase();
  if (value.length > 80) return null;
  if (value.startsWith('#')) {
    const digits = value.slice(1);
    if (!isHexDigits(digits)) return null;
    if (digits.length === 3 || digits.length === 4) {
      if (digits.length === 4 && parseInt(digits[3]!, 16) < 8) return null;
      return `#${digits[0]}${digits[0]}${digits[1]}${digits[1]}${digits[2]}${digits[2]}`;
    }
    if (digits.length === 6 || digits.length === 8) {
      if (digits.length === 8 && parseInt(digits.slice(6), 16) < 128) return null;
      return `#${digits.slice(0, 6)}`;
    }
    return null;
  }
  const open = value.indexOf('(');
  if (open < 0 || !value.endsWith(')')) return null;
  const name = value.slice(0, open).trim();
  if (name !== 'rgb' && name !== 'rgba' && name !== 'hsl' && name !== 'hsla') return null;
  const inner = value.slice(open + 1, -1);
  // Both syntaxes: rgb(1, 2, 3 / 0.5) and rgba(1, 2, 3, 0.5).
  const [colorPart = '', slashAlpha] = inner.split('/');
  const parts = colorPart
    .split(/[\s,]+/)
    .map((part) => part.trim())
    .filter(Boolean);
  const alphaText = slashAlpha?.trim() ?? parts[3];
  if (parts.length < 3) return null;
  if (alphaText !== undefined) {
    const alpha = channel(alphaText, 1);
    if (alpha === null || alpha < 0.5) return null;
  }
  if (name.startsWith('rgb')) {
    const [r, g, b] = parts.slice(0, 3).map((part) => channel(part, 255));
    if (r == null || g == null || b == null) return null;
    return toHex({ r, g, b });
  }
  const hue = Number(parts[0]!.replace('deg', ''));
  const saturation = channel(parts[1]!, 100);
  const lightness = channel(parts[2]!, 100);
  if (!Number.isFinite(hue) || saturation === null || lightness === null) return null;
  return toHex(hslToRgb(((hue % 360) + 360) % 360, saturation / 100, lightness / 100));
}

/** The colours in one declaration's value (`1px solid #ddd`, `linear-gradient(#fff, rgb(0 0 0))`). */
function colorsInValue(value: string): string[] {
  const found: string[] = [];
  const text = value.toLowerCase();
  let at = 0;
  while (at < text.length) {
    const char = text[at]!;
    // A string (content: "#1"; a font's name) holds no colour.
    if (char === '"' || char === "'") {
      const close = text.indexOf(char, at + 1);
      if (close < 0) break;
      at = close + 1;
      continue;
    }
    if (char === '#') {
      let end = at + 1;
      while (end < text.length && HEX_DIGITS.includes(text[end]!)) end += 1;
      const color = parseColor(text.slice(at, end));
      if (color) found.push(color);
      at = end;
      continue;
    }
    if ((char === 'r' || char === 'h') && (text.startsWith('rgb', at) || text.startsWith('hsl', at)) && (at === 0 || !/[a-z-]/.test(text[at - 1]!))) {
      const close = text.indexOf(')', at);
      if (close < 0) break;
      const color = parseColor(text.slice(at, close + 1));
      if (color) found.push(color);
      at = close + 1;
      continue;
    }
    at += 1;
  }
  return found;
}

/** Comments out, in one pass. */
function withoutComments(css: string): string {
  let out = '';
  let at = 0;
  for (;;) {
    const open = css.indexOf('/*', at);
    if (open < 0) return out + css.slice(at);
    out += css.slice(at, open);
    const close = css.indexOf('*/', open + 2);
    if (close < 0) return out;
    at = close + 2;
  }
}

/** Every colour a style sheet declares, with its selector and property, in one walk over it. */
export function declaredColors(css: string, limit = 20_000): DeclaredColor[] {
  const text = withoutComments(css);
  const found: DeclaredColor[] = [];
  // The selectors of the blocks the walk is in; an at-rule (@media) passes its parent's down.
  const selectors: string[] = [];
  let buffer = '';
  let quote: string | null = null;
  const declaration = () => {
    const colon = buffer.indexOf(':');
    if (colon > 0 && selectors.length > 0) {
      const property = buffer.slice(0, colon).trim().toLowerCase();
      const selector = selectors[selectors.length - 1]!;
      for (const hex of colorsInValue(buffer.slice(colon + 1))) if (found.length < limit) found.push({ hex, selector, property });
    }
    buffer = '';
  };
  for (const char of text) {
    if (quote) {
      if (char === quote) quote = null;
      buffer += char;
      continue;
    }
    if (char === '"' || char === "'") {
      quote = char;
      buffer += char;
    } else if (char === '{') {
      const selector = buffer.trim().toLowerCase();
      selectors.push(selector.startsWith('@') ? (selectors[selectors.length - 1] ?? '') : selector);
      buffer = '';
    } else if (char === '}') {
      declaration();
      selectors.pop();
    } else if (char === ';') {
      declaration();
    } else if (buffer.length < 4000) {
      buffer += char;
    }
  }
  return found;
}

function hsl({ r, g, b }: Rgb): { s: number; l: number } {
  const max = Math.max(r, g, b) / 255;
  const min = Math.min(r, g, b) / 255;
  const l = (max + min) / 2;
  const s = max === min ? 0 : (max - min) / (1 - Math.abs(2 * l - 1));
  return { s, l };
}

/** A colour that could be a brand's: neither near-white, near-black nor grey. */
export function isChromatic(hex: string): boolean {
  const { s, l } = hsl(rgbOf(hex));
  return s >= 0.25 && l >= 0.12 && l <= 0.9;
}

function luminance(hex: string): number {
  const linear = (part: number) => {
    const c = part / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const { r, g, b } = rgbOf(hex);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG's contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

export const WHITE = '#ffffff';
export const NEAR_BLACK = '#111111';

/** White or near-black on a button of this colour, whichever reads better (WCAG contrast). */
export function textOn(background: string): string {
  return contrastRatio(WHITE, background) >= contrastRatio(NEAR_BLACK, background) ? WHITE : NEAR_BLACK;
}

// What selectors say about the element: the page itself, links, buttons. Selectors are split into
// their simple parts by hand, so `a.nav-link` and `.btn-primary:hover` are read as a person would.
function compounds(selector: string): string[] {
  return selector
    .split(/[\s,>+~]+/)
    .map((part) => part.trim())
    .filter(Boolean);
}
const isPage = (selector: string) => compounds(selector).some((part) => part === 'body' || part === 'html' || part === ':root');
const isLink = (selector: string) => compounds(selector).some((part) => part === 'a' || part.startsWith('a:') || part.startsWith('a.') || part.startsWith('a['));
const isButton = (selector: string) => compounds(selector).some((part) => part.startsWith('button') || part.includes('.btn') || part.includes('.button') || part.includes('[type=submit]') || part.includes('[type="submit"]'));
const isHover = (selector: string) => selector.includes(':hover') || selector.includes(':focus') || selector.includes(':active') || selector.includes(':visited');
const isBackground = (property: string) => property === 'background' || property === 'background-color';
const namesBrand = (property: string) => property.startsWith('--') && ['primary', 'brand', 'accent', 'main', 'theme'].some((word) => property.includes(word));

/** The colour given most weight, ties to the first seen. */
function heaviest(weights: Map<string, number>): string | undefined {
  let best: string | undefined;
  let bestWeight = 0;
  for (const [hex, weight] of weights) {
    if (weight > bestWeight) {
      best = hex;
      bestWeight = weight;
    }
  }
  return best;
}

function add(weights: Map<string, number>, hex: string, weight: number) {
  weights.set(hex, (weights.get(hex) ?? 0) + weight);
}

export interface PickedColors {
  colors: Partial<Record<BrandColorKey, string>>;
  /** Where each colour came from, keyed by the kit's colour. */
  sources: Partial<Record<BrandColorKey, BrandColorSource>>;
}

export interface ColorEvidence {
  declared: DeclaredColor[];
  /** `<meta name="theme-color">`, parsed. */
  themeColor: string | null;
  /** The logo's own most common colour, when it was read. */
  logoColor?: string | null;
}

/**
 * The kit's colours from what a site declares. The primary is the brand-looking colour with most
 * weight: the theme colour and a custom property named for the brand count most, then buttons'
 * and links' colours, then every other use. Text and background are the page's own (body, html,
 * :root), kept only when they read against each other; links and buttons are their selectors'
 * brand-looking colours, else the primary; the button's text is white or near-black by contrast.
 */
export function pickColors({ declared, themeColor, logoColor }: ColorEvidence): PickedColors {
  const colors: PickedColors['colors'] = {};
  const sources: PickedColors['sources'] = {};
  const primary = new Map<string, number>();
  const links = new Map<string, number>();
  const buttons = new Map<string, number>();
  const texts = new Map<string, number>();
  const backgrounds = new Map<string, number>();
  for (const { hex, selector, property } of declared) {
    const hover = isHover(selector);
    if (isChromatic(hex)) {
      add(primary, hex, namesBrand(property) ? 10 : 1);
      if (!hover && isLink(selector) && property === 'color') add(links, hex, 1);
      if (!hover && isButton(selector) && isBackground(property)) add(buttons, hex, 1);
    }
    if (!hover && isPage(selector)) {
      if (property === 'color') add(texts, hex, 1);
      if (isBackground(property)) add(backgrounds, hex, 1);
    }
  }
  for (const [hex, weight] of links) add(primary, hex, weight * 2);
  for (const [hex, weight] of buttons) add(primary, hex, weight * 3);

  const set = (key: BrandColorKey, hex: string, source: BrandColorSource) => {
    colors[key] = hex;
    sources[key] = source;
  };
  const fromCss = heaviest(primary);
  if (themeColor !== null && isChromatic(themeColor)) set('primary', themeColor, 'theme');
  else if (fromCss) set('primary', fromCss, 'mostUsed');
  else if (logoColor && isChromatic(logoColor)) set('primary', logoColor, 'logo');

  const link = heaviest(links);
  if (link) set('link', link, 'links');
  else if (colors.primary) set('link', colors.primary, 'primary');
  const button = heaviest(buttons);
  if (button) set('button', button, 'buttons');
  else if (colors.primary) set('button', colors.primary, 'primary');
  if (colors.button) set('button_text', textOn(colors.button), 'contrast');

  const text = heaviest(texts);
  const background = heaviest(backgrounds);
  if (background) set('background', background, 'pageBackground');
  // A text colour that does not read on the background (a dark site's body set twice) is left out.
  if (text && contrastRatio(text, background ?? WHITE) >= 4.5) set('text', text, 'pageText');
  return { colors, sources };
}
