import { timingSafeEqual } from 'node:crypto';
import { preferenceCentrePath } from '@postlark/shared/routes';
import { hmacSha256 } from '../../lib/hmac';
import { isUuid } from '../../lib/uuid';

// Tokens of the links we mail subscribers: the ids they stand for (16 bytes each) and an
// HMAC-SHA256 over a purpose and those ids under a server secret, all base64url. Only the server
// can make one, a changed character fails the check, and a token made for one purpose (the
// preference centre) cannot be used for another (confirming a list). No sign-in is needed, and
// a guesser learns nothing.

const MAC_BYTES = 16;
const ID_BYTES = 16;

function idBytes(id: string): Buffer {
  return Buffer.from(id.replaceAll('-', ''), 'hex');
}

function idText(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export type LinkPurpose = 'preferences' | 'confirm';

export interface LinkTokens {
  tokenFor(purpose: LinkPurpose, ids: readonly string[]): string;
  /** The ids a token was made for, or null for anything we did not make for this purpose. */
  idsOf(purpose: LinkPurpose, token: string, count: number): string[] | null;
}

export function linkTokens(secret: string): LinkTokens {
  const hmac = hmacSha256(secret);
  const mac = (purpose: LinkPurpose, ids: Buffer) => hmac(Buffer.concat([Buffer.from(`${purpose}:`), ids])).subarray(0, MAC_BYTES);
  const encode = (ids: Buffer, signature: Buffer) => `${ids.toString('base64url')}.${signature.toString('base64url')}`;
  return {
    tokenFor(purpose, ids) {
      const bytes = Buffer.concat(ids.map(idBytes));
      return encode(bytes, mac(purpose, bytes));
    },
    idsOf(purpose, token, count) {
      const [idPart, macPart, ...rest] = token.split('.');
      if (idPart === undefined || macPart === undefined || rest.length > 0 || !/^[A-Za-z0-9_-]+$/.test(idPart + macPart)) return null;
      const ids = Buffer.from(idPart, 'base64url');
      const given = Buffer.from(macPart, 'base64url');
      if (ids.length !== count * ID_BYTES || given.length !== MAC_BYTES) return null;
      // base64url's last character carries spare bits: only the one spelling we make is accepted.
      if (encode(ids, given) !== token) return null;
      if (!timingSafeEqual(given, mac(purpose, ids))) return null;
      const texts = Array.from({ length: count }, (_unused, index) => idText(ids.subarray(index * ID_BYTES, (index + 1) * ID_BYTES)));
      return texts.every(isUuid) ? texts : null;
    },
  };
}

/** The preference centre's token: one subscriber. */
export function preferenceToken(tokens: LinkTokens, subscriberId: string): string {
  return tokens.tokenFor('preferences', [subscriberId]);
}

/** The links every campaign gives a subscriber, on APP_URL. */
export interface SubscriberLinks {
  /** Their preference centre (/u/{token}): the footer's visible unsubscribe link. */
  preferences(subscriberId: string): string;
  /** POST-only one-click unsubscribe (RFC 8058), at the preference centre's /one-click. */
  oneClick(subscriberId: string): string;
}

export function subscriberLinks(appUrl: string, tokens: LinkTokens): SubscriberLinks {
  const preferences = (subscriberId: string) => `${appUrl}${preferenceCentrePath(preferenceToken(tokens, subscriberId))}`;
  return { preferences, oneClick: (subscriberId) => `${preferences(subscriberId)}/one-click` };
}

export function subscriberOfPreferenceToken(tokens: LinkTokens, token: string): string | null {
  return tokens.idsOf('preferences', token, 1)?.[0] ?? null;
}
