import { setTimeout as sleepFor } from 'node:timers/promises';
import { PlatformError } from './platform-client';

// The HTTP every platform client shares: a timeout per attempt, retries of what may pass (a 5xx,
// a timeout, a dropped connection) with a doubling backoff, and 429s waited out as the platform's
// own headers say, up to a bound; past it the caller gets 'rate_limited' with the time to come back.
// What a platform's answers mean (its error bodies, its rate-limit headers) each client says.

export interface PlatformHttpSettings {
  /** One attempt's limit, headers and body. */
  timeoutMs: number;
  /** Attempts after the first, for 5xx, timeouts and dropped connections. */
  retries: number;
  /** The first retry's wait; each later one doubles. */
  backoffMs: number;
  /** The longest a client sleeps on a 429 (or an exhausted budget) by itself; longer comes back as 'rate_limited'. */
  maxWaitMs: number;
  /** How requests wait; tests may pass a clock-moving sleep. */
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

export const PLATFORM_HTTP_DEFAULTS: PlatformHttpSettings = { timeoutMs: 30_000, retries: 3, backoffMs: 500, maxWaitMs: 65_000 };

export interface PlatformAnswer {
  status: number;
  headers: Headers;
  /** The body parsed as JSON when it is JSON, else undefined. */
  json: unknown;
  text: string;
}

export interface PlatformRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  /** An object is sent as JSON; a string as is (set its content-type in headers). */
  body?: unknown;
  /**
   * Whether sending it twice does no harm (an upsert, a read). A POST is not, unless its client says
   * so: a campaign made or sent twice is a second campaign in everyone's inbox, so a POST that timed
   * out, dropped or got a 5xx is not tried again here; the caller finds out what happened.
   */
  idempotent?: boolean;
}

/** What a client tells the shared loop about its platform. */
export interface PlatformRules {
  /** How long to wait before trying a 429 again, from the answer's headers; null: back off as for a 5xx. */
  retryAfterMs(answer: PlatformAnswer, now: number): number | null;
  /** The error a non-2xx answer (other than a 429 being waited out) becomes. */
  errorOf(answer: PlatformAnswer): PlatformError;
  /** Called with every answer: a client that paces itself by the remaining budget reads it here. */
  observe?(answer: PlatformAnswer, now: number): void;
  /** Resolves when a request may go (a concurrency pool, a budget that ran out); released after the answer. */
  acquire?(): Promise<() => void>;
}

const sleepDefault = (ms: number) => sleepFor(ms);

async function attempt(request: PlatformRequest, timeoutMs: number): Promise<PlatformAnswer> {
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
  let body: string | undefined;
  if (typeof request.body === 'string') body = request.body;
  else if (request.body !== undefined) {
    body = JSON.stringify(request.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(request.url, { method: request.method, headers, body, signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
  const text = await response.text();
  let json: unknown;
  if (text && (response.headers.get('content-type') ?? '').includes('json')) {
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  }
  return { status: response.status, headers: response.headers, json, text };
}

/** One request to a platform, with the retries above; answers a 2xx or throws a PlatformError. */
export async function platformRequest(request: PlatformRequest, rules: PlatformRules, settings: PlatformHttpSettings = PLATFORM_HTTP_DEFAULTS): Promise<PlatformAnswer> {
  const sleep = settings.sleep ?? sleepDefault;
  const now = settings.now ?? Date.now;
  let failures = 0;
  let limited = 0;
  let waited = 0;
  const retries = (request.idempotent ?? request.method !== 'POST') ? settings.retries : 0;
  for (;;) {
    const release = rules.acquire ? await rules.acquire() : undefined;
    let answer: PlatformAnswer;
    try {
      answer = await attempt(request, settings.timeoutMs);
    } catch {
      release?.();
      // A timeout or a dropped connection: whether a write landed is unknown; only what may happen
      // twice is tried again.
      if (failures++ >= retries) throw new PlatformError('transient', 'The platform did not answer in time.', null);
      await sleep(settings.backoffMs * 2 ** (failures - 1));
      continue;
    }
    release?.();
    rules.observe?.(answer, now());
    if (answer.status >= 200 && answer.status < 300) return answer;
    if (answer.status === 429) {
      // A 429 without the platform's word on when: wait longer each time.
      const wait = rules.retryAfterMs(answer, now()) ?? settings.backoffMs * 2 ** limited++;
      if (waited + wait > settings.maxWaitMs) {
        const error = rules.errorOf(answer);
        throw new PlatformError('rate_limited', error.message, 429, new Date(now() + wait));
      }
      waited += wait;
      await sleep(wait);
      continue;
    }
    if (answer.status >= 500 && failures++ < retries) {
      await sleep(settings.backoffMs * 2 ** (failures - 1));
      continue;
    }
    throw rules.errorOf(answer);
  }
}

/**
 * A budget a platform reports in its headers (remaining, and when it resets): once it reads 0,
 * requests wait for the reset instead of spending a 429 to learn it.
 */
export class RateBudget {
  private resumeAt = 0;

  constructor(private readonly settings: Pick<PlatformHttpSettings, 'sleep' | 'now' | 'maxWaitMs'> = PLATFORM_HTTP_DEFAULTS) {}

  /** Records what an answer said: nothing left until `resetAt` (ms since the epoch). */
  exhaustedUntil(resetAt: number): void {
    this.resumeAt = Math.max(this.resumeAt, resetAt);
  }

  /** Waits until the budget has reset; a wait longer than maxWaitMs is a 'rate_limited' error instead. */
  async ready(): Promise<void> {
    const now = (this.settings.now ?? Date.now)();
    const wait = this.resumeAt - now;
    if (wait <= 0) return;
    if (wait > this.settings.maxWaitMs) throw new PlatformError('rate_limited', 'The platform’s request budget is used up until it resets.', 429, new Date(this.resumeAt));
    await (this.settings.sleep ?? sleepDefault)(wait);
  }
}
