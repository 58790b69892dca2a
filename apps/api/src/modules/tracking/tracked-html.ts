import { escapeHtml } from '../../lib/html';
import type { TrackingLinks } from './tracking-links';

// A message's content with its links sent through the click redirect and an open pixel at its
// end. Runs on each rendered message, so links that merge tags made per subscriber are tracked
// as the subscriber sees them. Only http(s) links are rewritten; mailto:, tel: and anchors stay.
//
// Clicks are counted per link the customer wrote, not per address a subscriber was sent: a link
// with a merge tag in it leads somewhere else for everyone. So the campaign's template numbers its
// links before merge tags run (numberLinks), each rendered link carries its number into its
// click URL, and the report names each number by the href as written (templateLinks).

/** Marks an `<a>` of the template with its number; removed again from every rendered message. */
const LINK_NUMBER = 'data-postlark-link';

const ANCHOR_START = /<a(?=[\s>])/gi;
const ANCHOR_TAG = /<a\s[^>]*>/gi;
const HREF = /(\shref\s*=\s*)(["'])(.*?)\2/i;
const NUMBER = new RegExp(`\\s${LINK_NUMBER}="(\\d+)"`);
const NUMBERS = new RegExp(NUMBER.source, 'g');

const NAMED: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' };

/** The address an href attribute stands for: its character references read back. */
function decodeAttribute(value: string): string {
  return value.replace(/&(?:#(\d{1,7})|#x([0-9a-f]{1,6})|(amp|quot|apos|lt|gt));/gi, (entity, decimal?: string, hex?: string, name?: string) => {
    if (name) return NAMED[name.toLowerCase()]!;
    const code = decimal ? Number(decimal) : Number.parseInt(hex!, 16);
    return code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  });
}

/** The campaign's HTML template with each `<a>` numbered in order (before merge tags are compiled). */
export function numberLinks(templateHtml: string): string {
  let next = 0;
  return templateHtml.replace(ANCHOR_START, (start) => `${start} ${LINK_NUMBER}="${next++}"`);
}

/** Each `<a>` of the template by its number: its href as the customer wrote it (merge tags and all), or '' without one. */
export function templateLinks(templateHtml: string): string[] {
  const hrefs: string[] = [];
  for (const [tag] of numberLinks(templateHtml).matchAll(ANCHOR_TAG)) {
    const number = NUMBER.exec(tag);
    if (number) hrefs[Number(number[1])] = decodeAttribute(HREF.exec(tag)?.[3] ?? '');
  }
  return Array.from(hrefs, (href) => href ?? '');
}

/** A rendered message that is not tracked: the links as written, numbers removed. */
export function untrackedHtml(html: string): string {
  return html.replace(NUMBERS, '');
}

export function trackedHtml(html: string, rowId: number, links: TrackingLinks, untracked: (url: string) => boolean): string {
  const rewritten = html.replace(ANCHOR_TAG, (tag) => {
    const number = NUMBER.exec(tag);
    const plain = number ? tag.replace(number[0], '') : tag;
    const href = HREF.exec(plain);
    if (!number || !href) return plain;
    const url = decodeAttribute(href[3]!);
    if (!/^https?:\/\//i.test(url) || untracked(url)) return plain;
    const [whole, start, quote] = href as unknown as [string, string, string];
    // A function, so nothing in the address is read as a replacement pattern ($&, $1 …).
    return plain.replace(whole, () => `${start}${quote}${escapeHtml(links.click(rowId, url, Number(number[1])))}${quote}`);
  });
  return `${rewritten}<img src="${escapeHtml(links.openPixel(rowId))}" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0">`;
}
