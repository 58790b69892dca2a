import * as z from 'zod/mini';
import { CAMPAIGN_LIMITS } from './campaign-limits';
import { CREDENTIALS_IN_URL } from './outgoing-webhooks';
import { GENERIC_MESSAGES } from './messages';

// The AI writing assistant (issue 20): an OpenAI-compatible provider per account (or the server's
// default), and what the editor asks it. Defined once for the API (modules/ai) and the web.

export const AI_LIMITS = {
  baseUrl: 500,
  apiKey: 500,
  model: 200,
  brief: 2000,
  selection: 20000,
  /** Characters of the campaign's content (as text) a prompt carries at most. */
  content: 60000,
  /** Generations a new account gets on the server's default provider. */
  freeAttempts: 3,
  /** Subject lines or preheaders suggested at a time. */
  suggestions: 5,
  /** Generations one account may have running at once. */
  atOnce: 2,
  /** An image's file name, as the alt-text suggestion reads it. */
  imageName: 200,
  /** Characters of the text around an image an alt-text suggestion is made from. */
  aroundImage: 2000,
} as const;

export const AI_TASKS = ['subjects', 'preheaders', 'rewrite', 'draft', 'alt'] as const;
export type AiTask = (typeof AI_TASKS)[number];

export const AI_REWRITE_STYLES = ['shorter', 'friendlier', 'formal', 'fix'] as const;
export type AiRewriteStyle = (typeof AI_REWRITE_STYLES)[number];

/** What each rewrite style is called in the editor's menu. */
export const AI_REWRITE_STYLE_LABELS: Record<AiRewriteStyle, string> = {
  shorter: 'Shorter',
  friendlier: 'Friendlier',
  formal: 'More formal',
  fix: 'Fix spelling and grammar',
};

/** What each task's button says. */
export const AI_TASK_LABELS: Record<AiTask, string> = {
  subjects: 'Suggest subject lines',
  preheaders: 'Suggest preheaders',
  rewrite: 'Rewrite',
  draft: 'Draft from a brief',
  alt: 'Suggest alt text',
};

export const AI_MESSAGES = {
  baseUrlRequired: 'Enter the provider’s address, like https://api.openai.com/v1.',
  baseUrlInvalid: 'Enter a full web address that starts with https:// or http://.',
  baseUrlCredentials: 'Leave the user name and password out of the address; put the key in API key.',
  baseUrlPrivate: 'This address points inside a private network or to this server. Use a public address.',
  baseUrlHttps: 'Use an address that starts with https://: the API key goes with every request. Plain http:// is only for a model on this server during development.',
  apiKeyRequired: 'Enter the API key your provider gave you.',
  apiKeyForNewAddress: 'Enter the API key again for this address: a saved key is only sent to the address it was saved for.',
  modelRequired: 'Enter the model’s name, like gpt-4o-mini or llama3.1.',
  tooLong: GENERIC_MESSAGES.tooLong,
  taskInvalid: `Choose what to ask: ${AI_TASKS.join(', ')}.`,
  styleInvalid: `Choose a style: ${AI_REWRITE_STYLES.join(', ')}.`,
  selectionRequired: 'Select the text to rewrite first.',
  briefRequired: 'Describe the campaign in a sentence or two first.',
  contentRequired: 'Write a subject line or some content first: the suggestions are made from it.',
  altContextRequired: 'Write some text near the image first: the alt text is suggested from it.',
  campaignNotFound: 'This campaign does not exist.',
  saved: 'AI provider saved.',
  deleted: 'AI provider removed. The server’s default provider is used, if there is one.',
  testOk: (model: string) => `Connected: ${model} answered.`,
  noProvider: 'No AI provider is connected. Connect one in Profile → Integrations → AI provider.',
  dailyLimitReached: 'You have used today’s AI generations on the server’s provider. Try again tomorrow, or connect your own AI provider in Profile → Integrations → AI provider.',
  noAttemptsLeft: 'You have used your free attempts. Connect your own AI provider in Profile → Integrations → AI provider to keep going.',
  badKey: 'The AI provider refused the API key. Check the key in Profile → Integrations → AI provider.',
  keyUnreadable: 'The saved API key can no longer be read (the server’s secrets key changed). Enter the key again in Profile → Integrations → AI provider.',
  rateLimited: 'The AI provider is busy or your plan’s limit is reached. Try again in a minute.',
  timeout: 'The AI provider took too long to answer. Try again.',
  unreachable: 'We could not reach the AI provider. Check its address, or try again later.',
  garbage: 'The AI provider answered something we could not use. Nothing was changed. Try again.',
  modelNotFound: 'The AI provider does not know this model. Check the model’s name.',
  providerError: 'The AI provider could not answer. Try again later.',
  tooManyRequests: 'Too many AI requests in a short time. Wait a minute and try again.',
  tooManyAtOnce: 'Two AI generations are already running for your account. Wait for one to finish, then try again.',
  stopped: 'Stopped. Nothing was changed.',
  freeAttemptsLeft: (count: number) => `Free attempts left: ${count}`,
} as const;

const trimmedRequired = (limit: number, required: string) =>
  z.string({ error: required }).check(z.trim(), z.minLength(1, required), z.maxLength(limit, AI_MESSAGES.tooLong(limit)));

/** The provider's base URL, like https://api.openai.com/v1 (chat completions live at <base>/chat/completions). */
export const aiBaseUrlSchema = z
  .pipe(trimmedRequired(AI_LIMITS.baseUrl, AI_MESSAGES.baseUrlRequired), z.url({ protocol: /^https?$/, error: AI_MESSAGES.baseUrlInvalid }))
  .check(z.refine((value) => !CREDENTIALS_IN_URL.test(value), AI_MESSAGES.baseUrlCredentials));

/**
 * PUT /api/ai/provider, and POST /api/ai/provider/test with the form as it is (no body: the provider
 * in use). The key may be left out when one is already stored (it is never shown back).
 */
export const aiProviderSchema = z.strictObject({
  base_url: aiBaseUrlSchema,
  api_key: z.optional(z.string({ error: AI_MESSAGES.apiKeyRequired }).check(z.trim(), z.maxLength(AI_LIMITS.apiKey, AI_MESSAGES.tooLong(AI_LIMITS.apiKey)))),
  model: trimmedRequired(AI_LIMITS.model, AI_MESSAGES.modelRequired),
});
export type AiProviderInput = z.output<typeof aiProviderSchema>;

const optionalText = (limit: number) => z.optional(z.string().check(z.maxLength(limit, AI_MESSAGES.tooLong(limit))));

/**
 * POST /api/ai/generate. Only the campaign's own text travels: subject, preheader, content,
 * selection, brief. With campaign_id, the saved campaign fills what the body leaves out.
 */
export const aiGenerateSchema = z.strictObject({
  task: z.enum(AI_TASKS, { error: AI_MESSAGES.taskInvalid }),
  campaign_id: z.optional(z.string().check(z.maxLength(64, AI_MESSAGES.campaignNotFound))),
  subject: optionalText(CAMPAIGN_LIMITS.subject),
  preheader: optionalText(CAMPAIGN_LIMITS.preheader),
  /** The editor's HTML as it is; the server sends at most AI_LIMITS.content characters of its text. */
  content_html: optionalText(CAMPAIGN_LIMITS.html),
  selection: optionalText(AI_LIMITS.selection),
  style: z.optional(z.enum(AI_REWRITE_STYLES, { error: AI_MESSAGES.styleInvalid })),
  brief: optionalText(AI_LIMITS.brief),
  /** For task alt: the image's file name (the text around it goes in selection). */
  image_name: optionalText(AI_LIMITS.imageName),
});
export type AiGenerateRequest = z.output<typeof aiGenerateSchema>;

/** GET /api/ai/provider. The key is never returned. */
export interface AiProviderView {
  provider: { base_url: string; model: string; updated_at: string } | null;
  /** The server has a default provider for accounts without their own. */
  server_default: boolean;
  /** Free generations left on the server's default provider. */
  free_attempts_left: number;
}

/** POST /api/ai/provider/test when it worked. */
export interface AiProviderTestResult {
  ok: true;
  model: string;
}

/** One server-sent event of POST /api/ai/generate (`data: <json>`). */
export type AiStreamEvent =
  | { delta: string }
  | { done: true; text: string; suggestions?: string[]; free_attempts_left: number }
  | { error: string };
