import { hmacSha256 } from './hmac';

export type KeyedHash = (value: string) => string;

/**
 * An HMAC-SHA256 with a server secret. A plain hash of an IPv4 address can be reversed by trying
 * all four billion of them; without the secret it cannot.
 */
export function keyedHash(secret: string): KeyedHash {
  const hmac = hmacSha256(secret);
  return (value) => hmac(value).toString('hex');
}
