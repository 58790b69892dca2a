import { escapeHtml } from '../../lib/html';
import type { TrackingLinks } from './tracking-links';

// A message's content with its links sent through the click redirect and an open pixel at its
// end. Runs on each rendered message, so links that merge tags made per subscriber are tracked
// as the subscriber sees them. Only http(s) links are rewritten; mailto:, tel: and anchors stay.

const HREF = /(<a\b[^>]*?\shref\s*=\s*)(["'])(https?:\/\/[^"']+)\2/gi;

const NAMED: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' };

/** The address an href attribute stands for: its character references read back. */
function decodeAttribute(value: string): string {
  return value.replace(/&(?:#(\d{1,7})|#x([0-9a-f]{1,6})|(amp|quot|apos|lt|gt));/gi, (entity, decimal?: string, hex?: string, name?: string) => {
    if (name) return NAMED[name.toLowerCase()]!;
    const code = decimal ? Number(decimal) : Number.parseInt(hex!, 16);
    return code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  });
}

export function trackedHtml(html: string, rowId: number, links: TrackingLinks, untracked: (url: string) => boolean): string {
  const rewritten = html.replace(HREF, (whole, start: string, quote: string, href: string) => {
    const url = decodeAttribute(href);
    if (untracked(url)) return whole;
    return `${start}${quote}${escapeHtml(links.click(rowId, url))}${quote}`;
  });
  return `${rewritten}<img src="${escapeHtml(links.openPixel(rowId))}" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0">`;
}
