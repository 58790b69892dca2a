import { timingSafeEqual } from 'node:crypto';
import { hmacSha256 } from '../../lib/hmac';

// The open pixel and click links of a campaign message. Each names the message's ledger row
// (campaign_messages.id) and carries an HMAC over it, and for a click over the link's number and
// the address it leads to, under a server secret: a changed row, number or address fails the
// check and answers 404, so the click route never redirects anywhere we did not put in a message
// ourselves.

const MAC_BYTES = 12;

/** What a click link stands for: the message's row, and which of the campaign's links it was (null in links made before they were numbered). */
export interface ClickTarget {
  rowId: number;
  link: number | null;
}

export interface TrackingLinks {
  openPixel(rowId: number): string;
  /** `link`: the link's number in the campaign's content (see tracked-html.ts), signed with the rest. */
  click(rowId: number, url: string, link: number): string;
  /** The row a pixel token stands for, or null for anything we did not make. */
  openRow(token: string): number | null;
  /** What a click token and address stand for, or null for anything we did not make. */
  clickRow(token: string, url: string): ClickTarget | null;
}

export const TRACKING_PATHS = { open: '/t/o/', click: '/t/c/' } as const;

/**
 * Where a click goes, and the address its hit stores: the signed address with NUL, tab and line
 * breaks taken out (as browsers take tabs and line breaks out of a URL; PostgreSQL text cannot hold
 * a NUL) and any other control character percent-encoded, which a Location header cannot carry.
 */
export function clickDestination(url: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is looked for
  return url.replace(/[\u0000\t\n\r]/g, '').replace(/[\u0001-\u001f\u007f]/g, (character) => encodeURIComponent(character));
}

/** The smallest transparent GIF: what an open pixel answers. */
export const TRACKING_PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

export function trackingLinks(appUrl: string, secret: string): TrackingLinks {
  const hmac = hmacSha256(secret);
  const mac = (signed: string) => hmac(signed).subarray(0, MAC_BYTES);
  // Open: o:row. Click: c:row:link:url (c:row:url before links were numbered, still accepted).
  const signedText = (purpose: 'o' | 'c', rowId: number, link: number | null, url = '') =>
    link === null ? `${purpose}:${rowId}:${url}` : `${purpose}:${rowId}:${link}:${url}`;

  function targetOf(purpose: 'o' | 'c', value: string, url?: string): ClickTarget | null {
    const match = /^([0-9a-z]{1,12})(?:\.([0-9a-z]{1,4}))?\.([A-Za-z0-9_-]{16})$/.exec(value);
    if (!match) return null;
    const [, rowText, linkText, macText] = match as unknown as [string, string, string | undefined, string];
    if (purpose === 'o' && linkText !== undefined) return null;
    const rowId = Number.parseInt(rowText, 36);
    const link = linkText === undefined ? null : Number.parseInt(linkText, 36);
    // One spelling per number: no leading zeros, so a changed token cannot name the same row.
    if (!Number.isSafeInteger(rowId) || rowId.toString(36) !== rowText) return null;
    if (link !== null && link.toString(36) !== linkText) return null;
    const given = Buffer.from(macText, 'base64url');
    // base64url's last character carries spare bits: only the one spelling we make is accepted.
    if (given.length !== MAC_BYTES || given.toString('base64url') !== macText) return null;
    return timingSafeEqual(given, mac(signedText(purpose, rowId, link, url))) ? { rowId, link } : null;
  }

  return {
    openPixel: (rowId) => `${appUrl}${TRACKING_PATHS.open}${rowId.toString(36)}.${mac(signedText('o', rowId, null)).toString('base64url')}`,
    click: (rowId, url, link) =>
      `${appUrl}${TRACKING_PATHS.click}${rowId.toString(36)}.${link.toString(36)}.${mac(signedText('c', rowId, link, url)).toString('base64url')}?u=${encodeURIComponent(url)}`,
    openRow: (value) => targetOf('o', value)?.rowId ?? null,
    clickRow: (value, url) => targetOf('c', value, url),
  };
}
