import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { checkedLookup, RefusedAddress } from './post-webhook';
import { type AddressCheck, hostOf } from './webhook-target';

// A GET of an address a customer gave us (a catalogue product's image, the site a brand kit is
// filled from, its style sheets), made the way outgoing webhooks reach customers' servers: every
// address its host resolves to must be allowed, in the look-up the connection then uses; one
// connection per request; redirects followed a few times, each through the guard again; one
// deadline for the whole fetch; the body counted as it arrives and dropped past `maxBytes`, so a
// slow or endless answer holds nothing. It sits beside the guard it shares (post-webhook.ts).

export interface GuardedGetOptions {
  allowed: AddressCheck;
  timeoutMs: number;
  maxBytes: number;
  /** The Accept header: what the caller can use (image/*, text/html, text/css). */
  accept: string;
  /** ASCII only: a header with any other character is refused by Node before it is sent. */
  userAgent: string;
}

export type GuardedAnswer =
  | { ok: true; data: Buffer; contentType: string | undefined; /** Where the body came from, after redirects: relative links resolve against it. */ url: URL }
  | { ok: false; refused: boolean; reason: string };

const MAX_REDIRECTS = 3;

type Hop = { redirect: URL } | GuardedAnswer;

function reasonOf(error: unknown): { refused: boolean; reason: string } {
  if (error instanceof RefusedAddress) return { refused: true, reason: error.message };
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ETIMEDOUT_GUARDED') return { refused: false, reason: 'no answer in time' };
  if (code === 'ETOOBIG_GUARDED') return { refused: false, reason: 'the file is too large' };
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return { refused: false, reason: 'host not found' };
  if (code === 'ECONNREFUSED') return { refused: false, reason: 'connection refused' };
  return { refused: false, reason: 'the connection failed' };
}

/** An http(s) address, absolute or against `base`, or null. */
export function webAddress(text: string, base?: URL): URL | null {
  try {
    const url = new URL(text, base);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

function hop(url: URL, options: GuardedGetOptions, deadline: number): Promise<Hop> {
  const host = hostOf(url);
  // A literal address is never looked up: judge it here.
  if (isIP(host) !== 0 && !options.allowed(host)) return Promise.resolve({ ok: false, ...reasonOf(new RefusedAddress(host)) });
  return new Promise((resolve) => {
    const fail = (error: unknown) => resolve({ ok: false, ...reasonOf(error) });
    const client = url.protocol === 'https:' ? https : http;
    const request = client.get(
      url,
      { agent: false, lookup: checkedLookup(options.allowed) as never, headers: { 'user-agent': options.userAgent, accept: options.accept } },
      (response) => {
        const status = response.statusCode ?? 0;
        const location = typeof response.headers.location === 'string' ? response.headers.location : null;
        if (status >= 300 && status < 400 && location) {
          response.destroy();
          clearTimeout(timer);
          const next = webAddress(location, url);
          resolve(next ? { redirect: next } : { ok: false, refused: false, reason: 'a redirect to an address that is not a web page' });
          return;
        }
        if (status < 200 || status >= 300) {
          response.destroy();
          clearTimeout(timer);
          resolve({ ok: false, refused: false, reason: `the address answered ${status}` });
          return;
        }
        const declared = Number(response.headers['content-length']);
        if (Number.isFinite(declared) && declared > options.maxBytes) {
          request.destroy(Object.assign(new Error('too big'), { code: 'ETOOBIG_GUARDED' }));
          return;
        }
        const chunks: Buffer[] = [];
        let received = 0;
        response.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received > options.maxBytes) request.destroy(Object.assign(new Error('too big'), { code: 'ETOOBIG_GUARDED' }));
          else chunks.push(chunk);
        });
        response.on('end', () => {
          clearTimeout(timer);
          resolve({ ok: true, data: Buffer.concat(chunks), contentType: response.headers['content-type']?.split(';')[0]?.trim().toLowerCase(), url });
        });
        response.on('error', (error) => {
          clearTimeout(timer);
          fail(error);
        });
      },
    );
    const timer = setTimeout(() => request.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT_GUARDED' })), Math.max(0, deadline - Date.now()));
    request.on('error', (error) => {
      clearTimeout(timer);
      fail(error);
    });
  });
}

/** The answer's bytes and declared type, or why there are none (`refused`: the address guard said no). */
export async function guardedGet(address: string | URL, options: GuardedGetOptions): Promise<GuardedAnswer> {
  let url = typeof address === 'string' ? webAddress(address) : address;
  if (!url) return { ok: false, refused: false, reason: 'not a web address' };
  const deadline = Date.now() + options.timeoutMs;
  for (let redirects = 0; ; redirects += 1) {
    const answer = await hop(url, options, deadline);
    if (!('redirect' in answer)) return answer;
    if (redirects >= MAX_REDIRECTS) return { ok: false, refused: false, reason: 'too many redirects' };
    url = answer.redirect;
  }
}
