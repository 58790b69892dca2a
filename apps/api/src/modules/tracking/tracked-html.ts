import { escapeHtml } from '../../lib/html';
import { anchorsOf, attributeOf } from './html-anchors';
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

// Linear: a fixed text, then digits up to a quote.
const NUMBERS = new RegExp(`\\s${LINK_NUMBER}="\\d+"`, 'g');

const NAMED: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' };

/** The address an href attribute stands for: its character references read back. */
function decodeAttribute(value: string): string {
  return value.replace(/&(?:#(\d{1,7})|#x([0-9a-f]{1,6})|(amp|quot|apos|lt|gt));/gi, (entity, decimal?: string, hex?: string, name?: string) => {
    if (name) return NAMED[name.toLowerCase()]!;
    const code = decimal ? Number(decimal) : Number.parseInt(hex!, 16);
    return code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  });
}

/**
 * The campaign's HTML template with each `<a>` numbered in order (before merge tags are compiled),
 * from `first`: an A/B test's content variants number theirs after the ones before them, so each
 * number still names one link the customer wrote.
 */
export function numberLinks(templateHtml: string, first = 0): string {
  const parts: string[] = [];
  let at = 0;
  anchorsOf(templateHtml, []).forEach((anchor, number) => {
    parts.push(templateHtml.slice(at, anchor.nameEnd), ` ${LINK_NUMBER}="${first + number}"`);
    at = anchor.nameEnd;
  });
  parts.push(templateHtml.slice(at));
  return parts.join('');
}

/** Each `<a>` of the template by its number: its href as the customer wrote it (merge tags and all), or '' without one. */
export function templateLinks(templateHtml: string): string[] {
  return anchorsOf(templateHtml, ['href']).map((anchor) => decodeAttribute(attributeOf(anchor, 'href')?.value ?? ''));
}

/** A rendered message that is not tracked: the links as written, numbers removed. */
export function untrackedHtml(html: string): string {
  return html.replace(NUMBERS, '');
}

export function trackedHtml(html: string, rowId: number, links: TrackingLinks, untracked: (url: string) => boolean): string {
  const parts: string[] = [];
  let at = 0;
  for (const anchor of anchorsOf(html, ['href', LINK_NUMBER])) {
    const number = attributeOf(anchor, LINK_NUMBER)?.value;
    const href = attributeOf(anchor, 'href');
    if (!number || !/^\d{1,9}$/.test(number) || !href || href.valueStart < 0) continue;
    const url = decodeAttribute(href.value);
    if (!/^https?:\/\//i.test(url) || untracked(url)) continue;
    const click = escapeHtml(links.click(rowId, url, Number(number)));
    parts.push(html.slice(at, href.valueStart), href.quoted ? click : `"${click}"`);
    at = href.valueEnd;
  }
  parts.push(html.slice(at));
  return `${untrackedHtml(parts.join(''))}<img src="${escapeHtml(links.openPixel(rowId))}" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0">`;
}
