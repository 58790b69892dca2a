import { createHash, randomBytes } from 'node:crypto';

/** A fresh secret token (32 random bytes, base64url) and the SHA-256 we store in its place. */
export function newSecretToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashSecretToken(token) };
}

// Tokens carry 256 bits of randomness, so a fast hash is enough: nothing to brute-force.
export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
