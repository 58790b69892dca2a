import { Parser } from 'htmlparser2';
import { CAMPAIGN_CHECK_RULES, CAMPAIGN_CHECK_TEXTS, type CampaignCheck } from '@postlark/shared/campaign-checks';
import { isExampleHost, starterCopyIn } from '@postlark/shared/starter-copy';

// What the checks read in a campaign's HTML, parsed as a browser parses it (htmlparser2, one
// linear pass; never a pattern over the markup): its links, its images, and where the parts that
// clipping must reach last (the open pixel, the footer) sit in the bytes Gmail counts.

interface Element {
  name: string;
  attributes: Record<string, string>;
  /** Byte offset (UTF-8) of its start tag. */
  at: number;
}

interface Parsed {
  elements: Element[];
  /** Each run of text with its byte offset. */
  texts: { text: string; at: number }[];
}

function parse(html: string, names: ReadonlySet<string>): Parsed {
  const elements: Element[] = [];
  const texts: Parsed['texts'] = [];
  // Offsets come as characters; bytes are counted incrementally so the pass stays linear.
  let charAt = 0;
  let byteAt = 0;
  const bytesTo = (index: number) => {
    byteAt += Buffer.byteLength(html.slice(charAt, index));
    charAt = index;
    return byteAt;
  };
  // The parser may hand one run of text over in pieces (around character references): joined here.
  let inText = false;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        inText = false;
        if (names.has(name)) elements.push({ name, attributes, at: bytesTo(parser.startIndex) });
      },
      onclosetag() {
        inText = false;
      },
      ontext(text) {
        const last = texts.at(-1);
        if (inText && last) last.text += text;
        else texts.push({ text, at: bytesTo(parser.startIndex) });
        inText = true;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  return { elements, texts: texts.filter((text) => text.text.trim()) };
}

/** The distinct http(s) links of the content, in order, without those `skip` names (the platform's own). */
export function contentLinks(html: string, skip: (url: string) => boolean): string[] {
  const links = new Set<string>();
  for (const element of parse(html, new Set(['a'])).elements) {
    const href = element.attributes.href?.trim() ?? '';
    if (!URL.canParse(href)) continue;
    const url = new URL(href);
    if ((url.protocol === 'http:' || url.protocol === 'https:') && !skip(href)) links.add(href);
  }
  return [...links];
}

const shortSource = (src: string) => {
  const name = src.split('?')[0]!.split('/').filter(Boolean).pop() ?? '';
  return name ? name.slice(0, 60) : src ? src.slice(0, 60) : 'an image without a source';
};

/** Images with no description: no alt, or only spaces. 1×1 images (pixels, spacers) need none. */
export function imagesCheck(html: string): CampaignCheck {
  const images = parse(html, new Set(['img'])).elements.filter((image) => !(image.attributes.width === '1' && image.attributes.height === '1'));
  const missing = images.filter((image) => !image.attributes.alt?.trim()).map((image) => shortSource(image.attributes.src ?? ''));
  const title = CAMPAIGN_CHECK_TEXTS.imagesTitle;
  if (images.length === 0) return { id: 'images', status: 'pass', title, detail: CAMPAIGN_CHECK_TEXTS.imagesNone };
  if (missing.length === 0) return { id: 'images', status: 'pass', title, detail: CAMPAIGN_CHECK_TEXTS.imagesAllAlt(images.length) };
  return { id: 'images', status: 'warn', title, detail: CAMPAIGN_CHECK_TEXTS.imagesMissingAlt(missing) };
}

export interface MessageLandmarks {
  /** The open pixel's address; null when the campaign is not tracked. */
  pixelUrl: string | null;
  /** The footer's unsubscribe link; null when the message has no footer of ours (a platform adds its own). */
  unsubscribeUrl: string | null;
  postalAddress: string;
}

/**
 * The HTML part's size against Gmail's clipping, and whether the pixel and footer are the last
 * things in it (so a clipped message loses them only after all of the customer's content).
 */
export function sizeCheck(html: string, landmarks: MessageLandmarks): CampaignCheck {
  const bytes = Buffer.byteLength(html);
  const { elements, texts } = parse(html, new Set(['a', 'img']));
  const pixel = landmarks.pixelUrl === null ? undefined : elements.findLast((element) => element.name === 'img' && element.attributes.src === landmarks.pixelUrl);
  const unsubscribe = landmarks.unsubscribeUrl === null ? undefined : elements.findLast((element) => element.name === 'a' && element.attributes.href === landmarks.unsubscribeUrl);
  const address = landmarks.postalAddress ? texts.findLast((text) => text.text.includes(landmarks.postalAddress)) : undefined;
  // No link or image but the footer's may follow the pixel; nothing at all may follow the address.
  const contentAfterPixel = pixel !== undefined && elements.some((element) => element.at > pixel.at && element !== unsubscribe);
  const afterFooter = address !== undefined && (elements.some((element) => element.at > address.at) || texts.some((text) => text.at > address.at));
  const notLast = [
    ...(landmarks.pixelUrl !== null && (pixel === undefined || contentAfterPixel) ? [CAMPAIGN_CHECK_TEXTS.pixelPart] : []),
    ...(landmarks.unsubscribeUrl !== null && (unsubscribe === undefined || afterFooter || (pixel !== undefined && unsubscribe.at < pixel.at)) ? [CAMPAIGN_CHECK_TEXTS.footerPart] : []),
  ];
  const order = notLast.length > 0 ? CAMPAIGN_CHECK_TEXTS.sizeNotLast(notLast) : landmarks.pixelUrl !== null || landmarks.unsubscribeUrl !== null ? CAMPAIGN_CHECK_TEXTS.sizeEndsLast : '';
  const title = CAMPAIGN_CHECK_TEXTS.sizeTitle;
  const clip = CAMPAIGN_CHECK_RULES.clipBytes;
  if (bytes <= clip) return { id: 'size', status: notLast.length > 0 ? 'warn' : 'pass', title, detail: CAMPAIGN_CHECK_TEXTS.sizeUnder(bytes) + order };
  const hidden = [
    ...(unsubscribe === undefined || unsubscribe.at >= clip || (address?.at ?? 0) >= clip ? (landmarks.unsubscribeUrl !== null ? [CAMPAIGN_CHECK_TEXTS.hiddenFooter] : []) : []),
    ...(pixel === undefined || pixel.at >= clip ? (landmarks.pixelUrl !== null ? [CAMPAIGN_CHECK_TEXTS.hiddenPixel] : []) : []),
  ];
  return { id: 'size', status: 'warn', title, detail: CAMPAIGN_CHECK_TEXTS.sizeOver(bytes) + (hidden.length > 0 ? CAMPAIGN_CHECK_TEXTS.sizeHidden(hidden) : '') + order };
}

/**
 * Words of a starting template left as they were and links to documentation domains (the
 * templates' buttons point at example.com): the marks of a draft sent before it was finished.
 */
export function unfinishedCheck(html: string): CampaignCheck {
  const { elements, texts } = parse(html, new Set(['a']));
  const sentences = starterCopyIn(texts.map((text) => text.text).join(' '));
  const links = [...new Set(elements.map((element) => element.attributes.href?.trim() ?? '').filter((href) => URL.canParse(href) && isExampleHost(new URL(href).hostname)))];
  const title = CAMPAIGN_CHECK_TEXTS.unfinishedTitle;
  if (sentences.length === 0 && links.length === 0) return { id: 'unfinished', status: 'pass', title, detail: CAMPAIGN_CHECK_TEXTS.unfinishedNone };
  const detail = [sentences.length > 0 ? CAMPAIGN_CHECK_TEXTS.unfinishedCopy(sentences) : '', links.length > 0 ? CAMPAIGN_CHECK_TEXTS.unfinishedLinks(links) : ''].filter(Boolean).join(' ');
  return { id: 'unfinished', status: 'warn', title, detail };
}
