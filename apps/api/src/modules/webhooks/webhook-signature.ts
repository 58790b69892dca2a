import { timingSafeEqual } from 'node:crypto';
import { hmacSha256 } from '../../lib/hmac';

// Webhook signatures: `X-Postlark-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`
// under the shared secret. The time is signed too, and a signature older (or newer) than the
// tolerance is refused, so a captured request cannot be replayed later; a replay within the
// tolerance is caught by the delivery's id.

export const SIGNATURE_HEADER = 'x-postlark-signature';
export const SIGNATURE_TOLERANCE_SECONDS = 300;
/**
 * How long a delivery's id must be remembered to refuse its replay: a signature is good from
 * TOLERANCE before its time to TOLERANCE after, so a replay arrives at most twice that after the
 * first delivery; past it, the signature's age refuses the replay by itself.
 */
export const REPLAY_WINDOW_MS = 2 * SIGNATURE_TOLERANCE_SECONDS * 1000;

export function signWebhook(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${hmacSha256(secret)(`${t}.${body}`).toString('hex')}`;
}

export function validWebhookSignature(secret: string, header: string | undefined, body: string, now: Date): boolean {
  if (!header) return false;
  const fields = new Map(header.split(',').map((part) => part.trim().split('=', 2) as [string, string]));
  const t = Number(fields.get('t'));
  const given = fields.get('v1') ?? '';
  if (!Number.isSafeInteger(t) || !/^[0-9a-f]{64}$/.test(given)) return false;
  if (Math.abs(now.getTime() / 1000 - t) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = hmacSha256(secret)(`${t}.${body}`);
  return timingSafeEqual(Buffer.from(given, 'hex'), expected);
}
