import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// Signatures as Standard Webhooks (standardwebhooks.com, the scheme of Svix and others) define
// them, so receivers can verify with its libraries or a few lines of their own: HMAC-SHA256, keyed
// with the secret's bytes (base64 after `whsec_`), over `${webhook-id}.${webhook-timestamp}.${body}`,
// sent as `webhook-signature: v1,<base64>`. The timestamp (seconds) lets a receiver refuse replays.

const SECRET_PREFIX = 'whsec_';
const SECRET_BYTES = 32;

/** A new signing secret: `whsec_` and 32 random bytes in base64. */
export function newSigningSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`;
}

function keyOf(secret: string): Buffer {
  return Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
}

/** The `webhook-signature` header's value for one message. */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', keyOf(secret)).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** Whether any of a header's space-separated `v1,<base64>` signatures is the message's (what a receiver does). */
export function verifyWebhook(secret: string, headers: { id: string; timestamp: string; signature: string }, body: string): boolean {
  const expected = Buffer.from(signWebhook(secret, headers.id, Number(headers.timestamp), body));
  return headers.signature.split(' ').some((candidate) => {
    const given = Buffer.from(candidate);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
