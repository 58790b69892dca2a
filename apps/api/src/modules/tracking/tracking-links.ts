import { createHmac, timingSafeEqual } from 'node:crypto';

// The open pixel and click links of a campaign message. Each names the message's ledger row
// (campaign_messages.id) and carries an HMAC over it, and for a click over the address it leads
// to, under a server secret: a changed row or address fails the check and answers 404, so the
// click route never redirects anywhere we did not put in a message ourselves.

const MAC_BYTES = 12;

export interface TrackingLinks {
  openPixel(rowId: number): string;
  click(rowId: number, url: string): string;
  /** The row a pixel token stands for, or null for anything we did not make. */
  openRow(token: string): number | null;
  /** The row a click token and address stand for, or null for anything we did not make. */
  clickRow(token: string, url: string): number | null;
}

export const TRACKING_PATHS = { open: '/t/o/', click: '/t/c/' } as const;

/** The smallest transparent GIF: what an open pixel answers. */
export const TRACKING_PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

export function trackingLinks(appUrl: string, secret: string): TrackingLinks {
  const mac = (purpose: 'o' | 'c', rowId: number, url = '') =>
    createHmac('sha256', secret).update(`${purpose}:${rowId}:${url}`).digest().subarray(0, MAC_BYTES);
  const token = (purpose: 'o' | 'c', rowId: number, url?: string) => `${rowId.toString(36)}.${mac(purpose, rowId, url).toString('base64url')}`;

  function rowOf(purpose: 'o' | 'c', value: string, url?: string): number | null {
    const match = /^([0-9a-z]{1,12})\.([A-Za-z0-9_-]{16})$/.exec(value);
    if (!match) return null;
    const rowId = Number.parseInt(match[1]!, 36);
    if (!Number.isSafeInteger(rowId) || rowId.toString(36) !== match[1]) return null;
    const given = Buffer.from(match[2]!, 'base64url');
    // base64url's last character carries spare bits: only the one spelling we make is accepted.
    if (given.length !== MAC_BYTES || given.toString('base64url') !== match[2]) return null;
    return timingSafeEqual(given, mac(purpose, rowId, url)) ? rowId : null;
  }

  return {
    openPixel: (rowId) => `${appUrl}${TRACKING_PATHS.open}${token('o', rowId)}`,
    click: (rowId, url) => `${appUrl}${TRACKING_PATHS.click}${token('c', rowId, url)}?u=${encodeURIComponent(url)}`,
    openRow: (value) => rowOf('o', value),
    clickRow: (value, url) => rowOf('c', value, url),
  };
}
