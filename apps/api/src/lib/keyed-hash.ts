import { hmacSha256 } from './hmac';

export type KeyedHash = (value: string) => string;

// A visitor's requests come from one address in bursts (a form, its retries, the waitlist); the
// most recent addresses' hashes are kept so a burst hashes its address once.
const RECENT_VALUES_KEPT = 1_000;

/**
 * An HMAC-SHA256 with a server secret. A plain hash of an IPv4 address can be reversed by trying
 * all four billion of them; without the secret it cannot.
 */
export function keyedHash(secret: string): KeyedHash {
  const hmac = hmacSha256(secret);
  const recent = new Map<string, string>();
  return (value) => {
    const known = recent.get(value);
    if (known !== undefined) return known;
    const hash = hmac(value).toString('hex');
    // Map keeps insertion order: the first key is the oldest.
    if (recent.size >= RECENT_VALUES_KEPT) recent.delete(recent.keys().next().value as string);
    recent.set(value, hash);
    return hash;
  };
}
