import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { CAMPAIGN_CHECK_TEXTS } from '@postlark/shared/campaign-checks';
import { checkedLookup, RefusedAddress } from '../outgoing-webhooks/post-webhook';
import { type AddressCheck, hostOf } from '../outgoing-webhooks/webhook-target';

// Whether each link of a campaign answers, asked the way outgoing webhooks reach customers'
// servers: through the same address guard (every address a host resolves to must be allowed, in
// the look-up the connection then uses), one connection per request, a short timeout. A HEAD
// first; a site that answers HEAD with an error or not at all gets a GET, whose body is never read.
// Redirects are followed a few times, each hop through the guard again.

/** What asking one link found: its final status, or why there was none. */
export type LinkOutcome = { ok: true } | { ok: false; status: number } | { ok: false; reason: string };

export interface LinkCheckOptions {
  timeoutMs: number;
  allowed: AddressCheck;
}

const MAX_REDIRECTS = 3;
const FINAL_REASONS = new Set<string>([
  CAMPAIGN_CHECK_TEXTS.linkRefused,
  CAMPAIGN_CHECK_TEXTS.linkTimedOut,
  CAMPAIGN_CHECK_TEXTS.linkNotFound,
  CAMPAIGN_CHECK_TEXTS.linkConnectionRefused,
]);
const USER_AGENT = 'Postlark-LinkCheck/1.0 (+checks a campaign before it is sent)';

type Answer = { status: number; location: string | null } | { reason: string };

function reasonOf(error: unknown): string {
  if (error instanceof RefusedAddress) return CAMPAIGN_CHECK_TEXTS.linkRefused;
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ETIMEDOUT_LINK') return CAMPAIGN_CHECK_TEXTS.linkTimedOut;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return CAMPAIGN_CHECK_TEXTS.linkNotFound;
  if (code === 'ECONNREFUSED') return CAMPAIGN_CHECK_TEXTS.linkConnectionRefused;
  return (code ?? (error instanceof Error ? error.message : String(error))).slice(0, 80);
}

/** One request; the answer's status and Location, its body dropped unread. */
function ask(url: URL, method: 'HEAD' | 'GET', options: LinkCheckOptions): Promise<Answer> {
  const host = hostOf(url);
  // A literal address is never looked up: judge it here, as webhook deliveries do.
  if (isIP(host) !== 0 && !options.allowed(host)) return Promise.resolve({ reason: CAMPAIGN_CHECK_TEXTS.linkRefused });
  return new Promise((resolve) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      { method, agent: false, lookup: checkedLookup(options.allowed) as never, headers: { 'user-agent': USER_AGENT, accept: '*/*' } },
      (response) => {
        clearTimeout(timer);
        resolve({ status: response.statusCode ?? 0, location: typeof response.headers.location === 'string' ? response.headers.location : null });
        response.destroy();
      },
    );
    const timer = setTimeout(() => request.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT_LINK' })), options.timeoutMs);
    request.on('error', (error) => {
      clearTimeout(timer);
      resolve({ reason: reasonOf(error) });
    });
    request.end();
  });
}

/** The link's answer, following checked redirects; a HEAD refused or unanswered is asked again with GET. */
export async function checkLink(link: string, options: LinkCheckOptions): Promise<LinkOutcome> {
  let url = new URL(link);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
    let answer = await ask(url, 'HEAD', options);
    // Some servers refuse HEAD (405, 404) or drop it; a GET tells. No second try where it cannot
    // help (a refused address, an unknown host, a port that refuses, a site that let 3 s pass).
    if ('reason' in answer ? !FINAL_REASONS.has(answer.reason) : answer.status >= 400) answer = await ask(url, 'GET', options);
    if ('reason' in answer) return { ok: false, reason: answer.reason };
    if (answer.status >= 300 && answer.status < 400 && answer.location) {
      const next = URL.canParse(answer.location, url.href) ? new URL(answer.location, url) : null;
      if (!next || (next.protocol !== 'http:' && next.protocol !== 'https:')) return { ok: true };
      url = next;
      continue;
    }
    return answer.status >= 400 ? { ok: false, status: answer.status } : { ok: true };
  }
  return { ok: false, reason: CAMPAIGN_CHECK_TEXTS.linkTooManyRedirects };
}

/** A short-lived memory of outcomes, so running the checks again soon does not ask every site again. */
export interface LinkCache {
  get(key: string): LinkOutcome | undefined;
  set(key: string, outcome: LinkOutcome): void;
}

export function linkCache(ttlMs: number, maxEntries: number, now: () => number = Date.now): LinkCache {
  const entries = new Map<string, { outcome: LinkOutcome; at: number }>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (now() - entry.at < ttlMs) return entry.outcome;
      entries.delete(key);
      return undefined;
    },
    set(key, outcome) {
      entries.delete(key);
      entries.set(key, { outcome, at: now() });
      // Maps keep insertion order: the first key is the oldest.
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    },
  };
}

/** Each link's outcome, `concurrency` at a time, from the cache where a recent one is kept under `keyPrefix`. */
export async function checkLinks(links: readonly string[], options: LinkCheckOptions & { concurrency: number; cache: LinkCache; keyPrefix: string }): Promise<Map<string, LinkOutcome>> {
  const outcomes = new Map<string, LinkOutcome>();
  let next = 0;
  async function worker() {
    while (next < links.length) {
      const link = links[next]!;
      next += 1;
      const key = `${options.keyPrefix} ${link}`;
      const cached = options.cache.get(key);
      const outcome = cached ?? (await checkLink(link, options));
      if (!cached) options.cache.set(key, outcome);
      outcomes.set(link, outcome);
    }
  }
  await Promise.all(Array.from({ length: Math.min(options.concurrency, links.length) }, worker));
  return outcomes;
}

/** How a broken link is named in the check's text. */
export function describeBroken(link: string, outcome: LinkOutcome): string | null {
  if (outcome.ok) return null;
  return 'status' in outcome ? CAMPAIGN_CHECK_TEXTS.linkStatus(link, outcome.status) : CAMPAIGN_CHECK_TEXTS.linkFailed(link, outcome.reason);
}
