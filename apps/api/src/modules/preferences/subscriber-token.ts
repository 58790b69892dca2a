import { createHmac, timingSafeEqual } from 'node:crypto';
import { isUuid } from '../../lib/uuid';

// A subscriber's link token: their id (16 bytes) and an HMAC-SHA256 of it under a server secret,
// both base64url. Only the server can make one, and a changed character fails the check, so the
// preference centre and one-click unsubscribe need no sign-in and reveal nothing to a guesser.

const MAC_BYTES = 16;

function mac(secret: string, id: Buffer): Buffer {
  return createHmac('sha256', secret).update(id).digest().subarray(0, MAC_BYTES);
}

function idBytes(id: string): Buffer {
  return Buffer.from(id.replaceAll('-', ''), 'hex');
}

function idText(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface SubscriberTokens {
  tokenFor(subscriberId: string): string;
  /** The subscriber id a token was made for, or null for anything we did not make. */
  subscriberOf(token: string): string | null;
}

export function subscriberTokens(secret: string): SubscriberTokens {
  return {
    tokenFor(subscriberId) {
      const id = idBytes(subscriberId);
      return `${id.toString('base64url')}${mac(secret, id).toString('base64url')}`;
    },
    subscriberOf(token) {
      if (!/^[A-Za-z0-9_-]{44}$/.test(token)) return null;
      const id = Buffer.from(token.slice(0, 22), 'base64url');
      const given = Buffer.from(token.slice(22), 'base64url');
      if (id.length !== 16 || given.length !== MAC_BYTES) return null;
      // base64url's last character carries spare bits: only the one spelling we make is accepted.
      if (`${id.toString('base64url')}${given.toString('base64url')}` !== token) return null;
      if (!timingSafeEqual(given, mac(secret, id))) return null;
      const subscriberId = idText(id);
      return isUuid(subscriberId) ? subscriberId : null;
    },
  };
}
