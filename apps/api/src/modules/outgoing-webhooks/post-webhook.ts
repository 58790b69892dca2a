import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { performance } from 'node:perf_hooks';
import { WEBHOOK_ADDRESS_REFUSED } from '@postlark/shared/outgoing-webhooks';
import { type AddressCheck, hostOf } from './webhook-target';

export interface PostOutcome {
  /** The endpoint's HTTP status, or null when none came. */
  statusCode: number | null;
  /** Why it did not count as delivered (no answer, a refused address, a redirect), or null. */
  error: string | null;
  durationMs: number;
  /** No answer came within the timeout: the attempt held its slot all along (what pauses an endpoint). */
  timedOut: boolean;
}

// What we read of an answer, at most: receivers should answer quickly and briefly; the rest is dropped.
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * A connection the address check refused. Its message is the one shared text, never the address:
 * for a name, that is what this server's resolver answered (say, an internal host's IP), and
 * delivery logs show the message to the customer.
 */
export class RefusedAddress extends Error {
  constructor(_address: string) {
    super(WEBHOOK_ADDRESS_REFUSED);
  }
}

/**
 * Resolves like the system does, but fails when any address of the host is not allowed: the
 * connection then goes to an address checked in this same look-up, so a DNS answer that changes
 * between the check and the connection (rebinding) cannot point it inside.
 */
export function checkedLookup(allowed: AddressCheck) {
  return (hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    dnsLookup(hostname, { all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error);
      const refused = addresses.find((entry) => !allowed(entry.address));
      if (refused || addresses.length === 0) return callback(new RefusedAddress(refused?.address ?? hostname));
      if (options.all) return callback(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

const timeoutText = (timeoutMs: number) => `timed out after ${timeoutMs / 1000} s`;

function describeFailure(error: unknown): string {
  if (error instanceof RefusedAddress) return error.message;
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'host not found';
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ECONNRESET') return 'connection reset';
  const message = error instanceof Error ? error.message : String(error);
  return (code ? `${code}: ${message}` : message).slice(0, 200);
}

/**
 * One POST of a signed event: 2xx is delivered; anything else (another status, a redirect, which
 * is never followed, no answer within `timeoutMs`, a refused address) is a failed attempt.
 */
export function postWebhook(url: string, headers: Record<string, string>, body: string, options: { timeoutMs: number; allowed: AddressCheck }): Promise<PostOutcome> {
  const started = performance.now();
  const done = (statusCode: number | null, error: string | null, timedOut = false): PostOutcome => ({ statusCode, error, durationMs: Math.round(performance.now() - started), timedOut });
  const target = new URL(url);
  const host = hostOf(target);
  // A literal address is never looked up: judge it here.
  if (isIP(host) !== 0 && !options.allowed(host)) return Promise.resolve(done(null, new RefusedAddress(host).message));

  return new Promise((resolve) => {
    const client = target.protocol === 'https:' ? https : http;
    const request = client.request(
      target,
      {
        method: 'POST',
        // One connection per attempt: a pooled socket would skip the address check of the next.
        agent: false,
        lookup: checkedLookup(options.allowed) as never,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body).toString(), 'user-agent': 'Postlark-Webhooks/1.0', ...headers },
      },
      (response) => {
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) response.destroy();
        });
        const settle = () => {
          clearTimeout(timer);
          // Headers came, the rest did not in time: a timeout, whatever the status said.
          if (timedOut) return resolve(done(null, timeoutText(options.timeoutMs), true));
          const status = response.statusCode ?? null;
          if (status !== null && status >= 200 && status < 300) resolve(done(status, null));
          else if (status !== null && status >= 300 && status < 400) resolve(done(status, 'redirects are not followed: answer 2xx at this address'));
          else resolve(done(status, null));
        };
        response.on('end', settle);
        response.on('close', settle);
      },
    );
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      request.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT_WEBHOOK' }));
    }, options.timeoutMs);
    request.on('error', (error) => {
      clearTimeout(timer);
      resolve(timedOut ? done(null, timeoutText(options.timeoutMs), true) : done(null, describeFailure(error)));
    });
    request.end(body);
  });
}
