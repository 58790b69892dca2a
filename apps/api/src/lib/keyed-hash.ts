import { createHmac } from 'node:crypto';

export type KeyedHash = (value: string) => string;

/**
 * An HMAC-SHA256 with a server secret. A plain hash of an IPv4 address can be reversed by trying
 * all four billion of them; without the secret it cannot.
 */
export function keyedHash(secret: string): KeyedHash {
  return (value) => createHmac('sha256', secret).update(value).digest('hex');
}
