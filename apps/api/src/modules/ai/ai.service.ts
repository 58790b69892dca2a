import { AI_LIMITS, AI_MESSAGES, type AiGenerateRequest, type AiProviderInput, type AiProviderTestResult, type AiProviderView } from '@postlark/shared/ai';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { SecretBox } from '../../lib/secret-box';
import { isUuid } from '../../lib/uuid';
import { textFromHtml } from '../campaigns/campaign-message';
import { findCampaign } from '../campaigns/campaigns.repository';
import type { AddressCheck } from '../outgoing-webhooks/webhook-target';
import { baseUrlProblem, customerAddresses } from './ai-target';
import { type AiProviderRow, audienceNames, deleteProvider, findProvider, freeAttemptsUsed, resealKey, reserveDailyGeneration, reserveFreeAttempt, returnFreeAttempt, updateProviderKeepingKey, upsertProvider } from './ai.repository';
import type { GenerationSlots } from './generation-slots';
import { AiError, chatCompletion, type ClientSettings, type ProviderTarget } from './openai-client';
import { answerCharsFor, missingInput, type PromptInput, promptFor, readAnswer } from './prompts';

export interface AiDeps {
  db: Db;
  now: () => Date;
  secrets: SecretBox;
  /** The server's provider for accounts without their own (AI_BASE_URL…), or null. */
  serverDefault: { baseUrl: string; apiKey: string | null; model: string } | null;
  /** AI_ALLOW_LOCAL: customers' base URLs may be on this machine (development, tests, a local model). */
  allowLocal: boolean;
  client: ClientSettings;
  /** Generations (and connection tests) per account and minute. */
  limiter: RateLimiter;
  /** AI_DAILY_GENERATIONS: generations per account and day (UTC) on the server's default provider. */
  dailyGenerations: number;
  /** Generations running per account (AI_LIMITS.atOnce). */
  slots: GenerationSlots;
}

/** Where a key may be sent: the scheme, host and port of the address it was typed for. */
const originOf = (baseUrl: string) => new URL(baseUrl).origin;

/**
 * The sealed key is bound to the account, this table and the origin it was typed for: copied to
 * another row, or its row pointed at another address, it does not open.
 */
const sealContext = (customerId: string, origin: string) => `ai_providers:${customerId}:${origin}`;
/** How keys were sealed before issue 31 (key_origin null): bound to the account only. */
const legacySealContext = (customerId: string) => `ai_providers:${customerId}`;

const keyForNewAddress = () => new HttpError(400, AI_MESSAGES.apiKeyForNewAddress, { api_key: AI_MESSAGES.apiKeyForNewAddress });

/**
 * The account's stored key, for its row's address only. One sealed under another secrets key
 * (SECRETS_KEY changed), or for another origin than the row's, asks to be entered again. One sealed
 * before issue 31 opens with the old context and is sealed again for the row's origin at once.
 */
async function openKey(deps: AiDeps, row: AiProviderRow): Promise<string> {
  const origin = originOf(row.baseUrl);
  if (row.keyOrigin !== null && row.keyOrigin !== origin) throw new HttpError(409, AI_MESSAGES.apiKeyForNewAddress, { api_key: AI_MESSAGES.apiKeyForNewAddress });
  let key: string;
  try {
    key = await deps.secrets.open(row.apiKey, row.keyOrigin === null ? legacySealContext(row.customerId) : sealContext(row.customerId, origin));
  } catch {
    throw new HttpError(409, AI_MESSAGES.keyUnreadable, { api_key: AI_MESSAGES.keyUnreadable });
  }
  if (row.keyOrigin === null) await resealKey(deps.db, row.customerId, row.apiKey, await deps.secrets.seal(key, sealContext(row.customerId, origin)), origin);
  return key;
}

/** The server's own provider is the operator's choice: any address. */
const anyAddress: AddressCheck = () => true;

function checkBaseUrl(deps: AiDeps, baseUrl: string) {
  const problem = baseUrlProblem(baseUrl, deps.allowLocal);
  if (problem) throw new HttpError(400, problem, { base_url: problem });
}

function limit(deps: AiDeps, customerId: string) {
  const verdict = deps.limiter.hit(customerId);
  if (!verdict.allowed) throw new HttpError(429, AI_MESSAGES.tooManyRequests, undefined, { 'retry-after': String(verdict.retryAfterSeconds) });
}

export async function providerView(deps: AiDeps, customerId: string): Promise<AiProviderView> {
  const [row, used] = await Promise.all([findProvider(deps.db, customerId), freeAttemptsUsed(deps.db, customerId)]);
  return {
    provider: row ? { base_url: row.baseUrl, model: row.model, updated_at: row.updatedAt.toISOString() } : null,
    server_default: deps.serverDefault !== null,
    free_attempts_left: Math.max(0, AI_LIMITS.freeAttempts - used),
  };
}

export async function saveProvider(deps: AiDeps, customerId: string, input: AiProviderInput): Promise<AiProviderView> {
  checkBaseUrl(deps, input.base_url);
  const row = { customerId, baseUrl: input.base_url, model: input.model, updatedAt: deps.now() };
  const origin = originOf(input.base_url);
  if (input.api_key) {
    await upsertProvider(deps.db, { ...row, apiKey: await deps.secrets.seal(input.api_key, sealContext(customerId, origin)), keyOrigin: origin });
    return providerView(deps, customerId);
  }
  // No key typed: the stored one stays, for the origin it was typed for only. The first save needs one.
  const stored = await findProvider(deps.db, customerId);
  if (!stored) throw new HttpError(400, AI_MESSAGES.apiKeyRequired, { api_key: AI_MESSAGES.apiKeyRequired });
  if (originOf(stored.baseUrl) !== origin || !(await updateProviderKeepingKey(deps.db, row, stored.baseUrl))) throw keyForNewAddress();
  return providerView(deps, customerId);
}

export async function removeProvider(deps: AiDeps, customerId: string): Promise<AiProviderView> {
  await deleteProvider(deps.db, customerId);
  return providerView(deps, customerId);
}

/** The account's own provider, or the server's default (counted against the free attempts), or null. */
async function providerFor(deps: AiDeps, customerId: string): Promise<{ target: ProviderTarget; counted: boolean } | null> {
  const row = await findProvider(deps.db, customerId);
  if (row) {
    // A row saved under older rules (a plain http address) is not used until it is changed.
    const problem = baseUrlProblem(row.baseUrl, deps.allowLocal);
    if (problem) throw new HttpError(409, problem, { base_url: problem });
    const apiKey = await openKey(deps, row);
    return { target: { baseUrl: row.baseUrl, apiKey, model: row.model, allowed: customerAddresses(deps.allowLocal) }, counted: false };
  }
  if (deps.serverDefault) return { target: { ...deps.serverDefault, allowed: anyAddress }, counted: true };
  return null;
}

/** An AiError as the 4xx the Integrations tab shows. */
const asHttpError = (error: unknown) => (error instanceof AiError ? new HttpError(400, error.message) : error);

/**
 * "Test connection": the form's fields as they are (the stored key when the key is left out), or
 * else the provider in use. One tiny completion proves the address, the key and the model at once.
 */
export async function testProvider(deps: AiDeps, customerId: string, input: AiProviderInput | null): Promise<AiProviderTestResult> {
  let target: ProviderTarget;
  if (input) {
    checkBaseUrl(deps, input.base_url);
    let apiKey = input.api_key;
    if (!apiKey) {
      // The stored key, only to the origin it was typed for.
      const stored = await findProvider(deps.db, customerId);
      if (!stored) throw new HttpError(400, AI_MESSAGES.apiKeyRequired, { api_key: AI_MESSAGES.apiKeyRequired });
      if (originOf(stored.baseUrl) !== originOf(input.base_url)) throw keyForNewAddress();
      apiKey = await openKey(deps, stored);
    }
    target = { baseUrl: input.base_url, apiKey, model: input.model, allowed: customerAddresses(deps.allowLocal) };
  } else {
    const found = await providerFor(deps, customerId);
    if (!found) throw new HttpError(409, AI_MESSAGES.noProvider);
    target = found.target;
  }
  limit(deps, customerId);
  try {
    await chatCompletion(target, deps.client, { messages: [{ role: 'user', content: 'Reply with the word OK.' }], maxTokens: 5 });
  } catch (error) {
    throw asHttpError(error);
  }
  return { ok: true, model: target.model };
}

export interface Generation {
  /** Runs it: streams text through onDelta; the answer read for the task, or an AiError. The attempt is given back only when the provider failed before any text was sent. */
  run(signal: AbortSignal, onDelta: (text: string) => void): Promise<{ text: string; suggestions?: string[]; free_attempts_left: number }>;
}

async function promptInput(deps: AiDeps, customerId: string, body: AiGenerateRequest): Promise<PromptInput> {
  let saved: { subject: string; preheader: string; contentHtml: string; audience: string[] } | null = null;
  if (body.campaign_id !== undefined) {
    const row = isUuid(body.campaign_id) ? await findCampaign(deps.db, customerId, body.campaign_id) : undefined;
    if (!row) throw new HttpError(404, AI_MESSAGES.campaignNotFound);
    saved = { subject: row.subject, preheader: row.preheader, contentHtml: row.contentHtml, audience: await audienceNames(deps.db, customerId, row.audience.list_ids, row.audience.segment_ids) };
  }
  const contentHtml = body.content_html ?? saved?.contentHtml ?? '';
  return {
    task: body.task,
    subject: (body.subject ?? saved?.subject ?? '').trim(),
    preheader: (body.preheader ?? saved?.preheader ?? '').trim(),
    content: contentHtml.trim() ? textFromHtml(contentHtml).slice(0, AI_LIMITS.content) : '',
    audience: saved?.audience ?? [],
    selection: body.selection ?? '',
    style: body.style,
    brief: (body.brief ?? '').trim(),
    imageName: imageNameFrom(body.image_name ?? ''),
  };
}

/**
 * What of a file name tells something: "spring-linen_shirts.jpg" is "spring linen shirts"; a
 * camera's or a hash's ("IMG_2041.JPG", "3f2a…") says nothing and is left out.
 */
function imageNameFrom(name: string): string {
  const words = name.replace(/\.[a-z0-9]{1,5}$/i, '').replace(/[-_.]+/g, ' ').trim();
  const letters = words.replace(/[^a-z]/gi, '').length;
  if (letters < 3 || /^(?:img|dsc|dscn|pxl|image|photo|screenshot)\s*\d/i.test(words) || /^[0-9a-f\s]{16,}$/i.test(words)) return '';
  return words;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Refuses a generation on the server's default provider past the account's budget for today (UTC). */
async function spendDailyGeneration(deps: AiDeps, customerId: string): Promise<void> {
  const now = deps.now();
  if ((await reserveDailyGeneration(deps.db, customerId, now.toISOString().slice(0, 10), deps.dailyGenerations)) !== null) return;
  const tomorrow = Math.ceil((now.getTime() + 1) / DAY_MS) * DAY_MS;
  throw new HttpError(429, AI_MESSAGES.dailyLimitReached, undefined, { 'retry-after': String(Math.ceil((tomorrow - now.getTime()) / 1000)) });
}

/**
 * Checks everything that can be refused before anything streams (the input, the rate, a slot of
 * the account's AI_LIMITS.atOnce, a provider, a free attempt, reserved now so two generations at
 * once cannot both take the last one, and on the server's provider the day's budget). The slot is
 * given back when the generation ends, or here when it is refused.
 */
export async function prepareGeneration(deps: AiDeps, customerId: string, body: AiGenerateRequest): Promise<Generation> {
  const input = await promptInput(deps, customerId, body);
  const missing = missingInput(input);
  if (missing) throw new HttpError(400, missing);
  limit(deps, customerId);
  const release = deps.slots.take(customerId);
  if (!release) throw new HttpError(429, AI_MESSAGES.tooManyAtOnce);
  try {
    return await reservedGeneration(deps, customerId, input, release);
  } catch (error) {
    release();
    throw error;
  }
}

async function reservedGeneration(deps: AiDeps, customerId: string, input: PromptInput, release: () => void): Promise<Generation> {
  const found = await providerFor(deps, customerId);
  if (!found) throw new HttpError(409, AI_MESSAGES.noProvider);
  const used = found.counted ? await reserveFreeAttempt(deps.db, customerId, AI_LIMITS.freeAttempts) : await freeAttemptsUsed(deps.db, customerId);
  if (used === null) throw new HttpError(409, AI_MESSAGES.noAttemptsLeft);
  if (found.counted) {
    try {
      await spendDailyGeneration(deps, customerId);
    } catch (error) {
      await returnFreeAttempt(deps.db, customerId);
      throw error;
    }
  }
  const messages = promptFor(input);
  return {
    async run(signal, onDelta) {
      // Whether any text was handed to the client: from then on the attempt counts, whatever follows.
      let sent = false;
      const deliver = (text: string) => {
        sent = true;
        onDelta(text);
      };
      try {
        const answer = await chatCompletion(found.target, deps.client, { messages, signal, onDelta: deliver, maxAnswerChars: answerCharsFor(input.task), temperature: input.task === 'rewrite' && input.style === 'fix' ? 0 : 0.7 });
        if (signal.aborted) throw new AiError('stopped', AI_MESSAGES.stopped);
        return { ...readAnswer(input.task, answer), free_attempts_left: Math.max(0, AI_LIMITS.freeAttempts - used) };
      } catch (error) {
        // Given back only when the provider failed before the customer read a word. A generation
        // stopped, or streamed and then found unusable, counts: its text was delivered (an answer
        // that always fails to parse would otherwise stream for free forever).
        const stopped = error instanceof AiError && error.failure === 'stopped';
        if (found.counted && !sent && !stopped) await returnFreeAttempt(deps.db, customerId);
        throw error;
      } finally {
        release();
      }
    },
  };
}
