import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { AI_MESSAGES } from '@postlark/shared/ai';
import { checkedLookup, RefusedAddress } from '../outgoing-webhooks/post-webhook';
import { type AddressCheck, hostOf } from '../outgoing-webhooks/webhook-target';
import { SseParser } from './sse-parser';

// The one client of OpenAI-compatible chat completions (OpenAI, Ollama, llama.cpp's server, vLLM):
// nothing else talks to a provider. It speaks node:http(s) rather than fetch so that each
// connection goes to an address checked in the same DNS look-up (the outgoing webhooks' guard): a
// customer's base URL cannot be turned towards this server or a private network by DNS rebinding.
// Every failure becomes an AiError carrying the AI_MESSAGES text a customer reads.

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ProviderTarget {
  baseUrl: string;
  /** Null when the provider takes none (a local Ollama). */
  apiKey: string | null;
  model: string;
  /** Which resolved addresses may be connected to. */
  allowed: AddressCheck;
}

export interface ClientSettings {
  /** The provider must start answering, and never pause mid-answer, longer than this. */
  timeoutMs: number;
  /**
   * A whole call, retries and waits included, ends after this long: the idle timer starts again on
   * every byte, so a provider that dribbles one byte a second would otherwise hold it for ever.
   */
  deadlineMs: number;
  /** A 429 or 5xx is tried again after at most this long; a provider asking for longer is not tried again. */
  retryMaxMs: number;
  /** Tries in all, the first included (default 3). */
  attempts?: number;
  /** The first backoff without a retry-after (default 500 ms), doubled each time. */
  backoffMs?: number;
}

export type AiFailure = 'bad_key' | 'rate_limited' | 'timeout' | 'unreachable' | 'refused' | 'garbage' | 'model' | 'provider' | 'stopped';

export class AiError extends Error {
  constructor(
    readonly failure: AiFailure,
    message: string,
    /** Worth another try (429, 5xx, a dropped connection). */
    readonly retryable = false,
    /** How long the provider asked us to wait first, when it said. */
    readonly askedMs: number | null = null,
  ) {
    super(message);
    this.name = 'AiError';
  }
}

export interface ChatRequest {
  messages: ChatMessage[];
  maxTokens?: number;
  temperature?: number;
  /** Aborts the provider call (the customer stopped, or went away). */
  signal?: AbortSignal;
  /** Streams: called with each piece of text as it arrives. */
  onDelta?: (text: string) => void;
  /** Characters of text the caller can use at most: a longer answer is garbage, and reading stops there. */
  maxAnswerChars?: number;
}

// What we read of an answer at most: a draft is a few kilobytes; anything this long is not one.
const MAX_ANSWER_BYTES = 1024 * 1024;
const MAX_ERROR_BYTES = 64 * 1024;
const RETRYABLE_STATUS = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

/** The URL of a path under the base URL (https://api.openai.com/v1 + chat/completions). */
export function providerUrl(baseUrl: string, path: string): URL {
  return new URL(path, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
}

/** How long a 429/5xx asks us to wait: retry-after-ms, retry-after (seconds or a date), x-ratelimit-reset-requests ("1s", "6m0s", "20ms"). */
export function retryAfterMsOf(headers: IncomingMessage['headers'], now = Date.now()): number | null {
  const header = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const ms = Number(header('retry-after-ms'));
  if (header('retry-after-ms') && Number.isFinite(ms) && ms >= 0) return ms;
  const after = header('retry-after');
  if (after) {
    const seconds = Number(after);
    if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
    const date = Date.parse(after);
    if (!Number.isNaN(date)) return Math.max(0, date - now);
  }
  const reset = header('x-ratelimit-reset-requests');
  if (reset) {
    const parts = [...reset.matchAll(/(?<!\d)(\d+(?:\.\d+)?)(ms|h|m|s)/g)];
    if (parts.length > 0) {
      const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 } as const;
      return parts.reduce((total, [, value, name]) => total + Number(value) * unit[name as keyof typeof unit], 0);
    }
  }
  return null;
}

/**
 * The wait before try number `attempt` + 1, or null to give up: what the provider asked for when it
 * said (a longer ask than `maxMs` is not worth a try that would be refused again), else an
 * exponential backoff with jitter, at most `maxMs`.
 */
export function retryDelayMs(attempt: number, askedMs: number | null, backoffMs: number, maxMs: number, random = Math.random): number | null {
  if (askedMs !== null) return askedMs <= maxMs ? askedMs : null;
  return Math.min(maxMs, backoffMs * 2 ** (attempt - 1) * (0.5 + random() / 2));
}

function errorMessageOf(body: string): { message: string; code: string } {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown; code?: unknown } | string };
    if (typeof parsed.error === 'string') return { message: parsed.error, code: '' };
    return { message: String(parsed.error?.message ?? ''), code: String(parsed.error?.code ?? '') };
  } catch {
    return { message: '', code: '' };
  }
}

/** A provider's error answer as what the customer reads. */
function failureOf(status: number, body: string, retryAfterMs: number | null): AiError {
  const { message, code } = errorMessageOf(body);
  if (status === 401 || status === 403) return new AiError('bad_key', AI_MESSAGES.badKey);
  if (status === 429) return new AiError('rate_limited', AI_MESSAGES.rateLimited, true, retryAfterMs);
  if (code === 'model_not_found' || (status === 404 && /model/i.test(message))) return new AiError('model', AI_MESSAGES.modelNotFound);
  if (status === 404) return new AiError('unreachable', AI_MESSAGES.unreachable);
  if (RETRYABLE_STATUS.has(status)) return new AiError('provider', AI_MESSAGES.providerError, true, retryAfterMs);
  return new AiError('provider', AI_MESSAGES.providerError);
}

const garbage = () => new AiError('garbage', AI_MESSAGES.garbage);

/** The text of a non-streamed completion, or garbage. */
function completionText(body: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw garbage();
  }
  const content = (parsed as { choices?: Array<{ message?: { content?: unknown } }> })?.choices?.[0]?.message?.content;
  if (typeof content !== 'string') throw garbage();
  return content;
}

async function readAll(response: IncomingMessage, limit: number, onChunk: () => void): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    onChunk();
    size += chunk.length;
    if (size > limit) throw garbage();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Reads a streamed completion, handing each piece of text on; returns the whole text. */
async function readStream(response: IncomingMessage, onDelta: (text: string) => void, onChunk: () => void, maxChars: number): Promise<string> {
  const parser = new SseParser();
  let text = '';
  let finished = false;
  let size = 0;
  /** The text of one event, or '' when it carries none. */
  const take = (data: string): string => {
    if (finished) return '';
    if (data === '[DONE]') {
      finished = true;
      return '';
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      throw garbage();
    }
    const event = parsed as { error?: unknown; choices?: Array<{ delta?: { content?: unknown }; finish_reason?: unknown }> };
    if (event.error) throw new AiError('provider', AI_MESSAGES.providerError);
    const choice = event.choices?.[0];
    if (!choice || typeof choice !== 'object') throw garbage();
    const content = choice.delta?.content;
    if (typeof choice.finish_reason === 'string') finished = true;
    return typeof content === 'string' ? content : '';
  };
  // The events of one piece of the network stream are handed on as one delta: a provider may pack
  // hundreds of few-character events into a read, and each delta is a write to the client.
  const takeAll = (events: Iterable<string>) => {
    let piece = '';
    for (const data of events) piece += take(data);
    if (!piece) return;
    text += piece;
    // Past what the task can use, the rest of the answer is not worth reading (or streaming on).
    if (text.length > maxChars) throw garbage();
    onDelta(piece);
  };
  for await (const chunk of response as AsyncIterable<Buffer>) {
    onChunk();
    size += chunk.length;
    if (size > MAX_ANSWER_BYTES) throw garbage();
    takeAll(parser.push(chunk));
  }
  takeAll(parser.end());
  // A stream cut before its end is an answer we cannot trust to be whole.
  if (!finished) throw garbage();
  return text;
}

function post(url: URL, target: ProviderTarget, body: string, signal: AbortSignal): Promise<IncomingMessage> {
  const host = hostOf(url);
  // A literal address is never looked up: judge it here.
  if (isIP(host) !== 0 && !target.allowed(host)) return Promise.reject(new RefusedAddress(host));
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(url, {
      method: 'POST',
      signal,
      // One connection per call: a pooled socket would skip the address check of the next.
      agent: false,
      lookup: checkedLookup(target.allowed) as never,
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'content-length': Buffer.byteLength(body).toString(),
        'user-agent': 'Postlark/1.0',
        ...(target.apiKey ? { authorization: `Bearer ${target.apiKey}` } : {}),
      },
    });
    request.on('response', resolve);
    request.on('error', reject);
    request.end(body);
  });
}

/** One try: the answer's text, or an AiError. */
async function attemptChat(target: ProviderTarget, settings: ClientSettings, request: ChatRequest, body: string): Promise<string> {
  const controller = new AbortController();
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, settings.timeoutMs);
  };
  const stop = () => controller.abort();
  if (request.signal?.aborted) throw new AiError('stopped', AI_MESSAGES.stopped);
  request.signal?.addEventListener('abort', stop, { once: true });
  arm();
  try {
    const response = await post(providerUrl(target.baseUrl, 'chat/completions'), target, body, controller.signal);
    arm();
    const status = response.statusCode ?? 0;
    if (status < 200 || status >= 300) {
      const text = await readAll(response, MAX_ERROR_BYTES, arm).catch(() => '');
      throw failureOf(status, text, retryAfterMsOf(response.headers));
    }
    const type = String(response.headers['content-type'] ?? '');
    // A server that ignores `stream: true` answers JSON: take it whole.
    if (request.onDelta && type.includes('text/event-stream')) return await readStream(response, request.onDelta, arm, request.maxAnswerChars ?? MAX_ANSWER_BYTES);
    const text = completionText(await readAll(response, MAX_ANSWER_BYTES, arm));
    if (request.maxAnswerChars !== undefined && text.length > request.maxAnswerChars) throw garbage();
    request.onDelta?.(text);
    return text;
  } catch (error) {
    if (error instanceof AiError) throw error;
    if (timedOut) throw new AiError('timeout', AI_MESSAGES.timeout);
    if (request.signal?.aborted) throw new AiError('stopped', AI_MESSAGES.stopped);
    if (error instanceof RefusedAddress) throw new AiError('refused', AI_MESSAGES.baseUrlPrivate);
    // Refused, reset or dropped connections, unknown hosts: another try may find it up.
    throw new AiError('unreachable', AI_MESSAGES.unreachable, true);
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', stop);
  }
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new AiError('stopped', AI_MESSAGES.stopped));
    const done = () => {
      clearTimeout(timer);
      reject(new AiError('stopped', AI_MESSAGES.stopped));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', done);
      resolve();
    }, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/**
 * One chat completion, streamed when `onDelta` is given. A 429, a 5xx or a dropped connection is
 * tried again (at most `attempts` tries) after the provider's retry-after or a backoff, as long as
 * nothing has been streamed yet and the wait is within `retryMaxMs`; everything else fails at once.
 * All of it ends at `deadlineMs` ("took too long").
 */
export async function chatCompletion(target: ProviderTarget, settings: ClientSettings, request: ChatRequest): Promise<string> {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), settings.deadlineMs);
  try {
    return await chatWithin(target, settings, { ...request, signal: request.signal ? AbortSignal.any([request.signal, deadline.signal]) : deadline.signal });
  } catch (error) {
    // The deadline aborts as a stop would: told apart here, it is the provider's slowness.
    if (deadline.signal.aborted && !request.signal?.aborted) throw new AiError('timeout', AI_MESSAGES.timeout);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

async function chatWithin(target: ProviderTarget, settings: ClientSettings, request: ChatRequest): Promise<string> {
  const attempts = settings.attempts ?? 3;
  let streamed = false;
  const tracked: ChatRequest = request.onDelta
    ? {
        ...request,
        onDelta: (text) => {
          streamed = true;
          request.onDelta?.(text);
        },
      }
    : request;
  const body = JSON.stringify({
    model: target.model,
    messages: request.messages,
    stream: Boolean(request.onDelta),
    ...(request.maxTokens !== undefined && { max_tokens: request.maxTokens }),
    ...(request.temperature !== undefined && { temperature: request.temperature }),
  });
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await attemptChat(target, settings, tracked, body);
    } catch (error) {
      if (!(error instanceof AiError) || !error.retryable || streamed || attempt >= attempts) throw error;
      const wait = retryDelayMs(attempt, error.askedMs, settings.backoffMs ?? 500, settings.retryMaxMs);
      if (wait === null) throw error;
      await pause(wait, request.signal);
    }
  }
}
