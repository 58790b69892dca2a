import { isIP } from 'node:net';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { booleanFlag } from './env-parts';
import { parseDnsServer } from '../modules/senders/dns-resolver';
import { importSettings } from './import-env';
import { mailIntakeSettings } from './mail-intake-env';
import { mediaSettings } from './media-env';

// The one reader of process.env in the API: every setting is parsed here, once, at boot.

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

// TRUST_PROXY: which peers may tell us the client's address in X-Forwarded-For. `true` (trust
// whoever connects) let any client write its own address there and walk past every per-client
// limit, so it is refused with what to write instead rather than guessed at: a hop count where
// two proxies stand in front would key every client by the first proxy's address.
const TRUST_PROXY_HELP =
  'write the number of proxies in front of the server (e.g. 1; only if it cannot be reached but through them) or their addresses and ranges (e.g. 10.0.0.1,10.1.0.0/16 or loopback); false or unset: none';
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  // A /0 would trust every peer, which is what `true` did.
  return /^\d{1,3}$/.test(prefix) && Number(prefix) >= 1 && Number(prefix) <= (family === 4 ? 32 : 128);
}

const trustProxy = z.string().transform((value, context): false | number | string[] => {
  const text = value.trim().toLowerCase();
  if (text === 'false' || text === 'no' || text === '0') return false;
  if (text === 'true' || text === 'yes') {
    context.addIssue({ code: 'custom', message: `true is no longer taken: it let any client choose its own address through X-Forwarded-For; ${TRUST_PROXY_HELP}` });
    return z.NEVER;
  }
  if (/^\d+$/.test(text) && Number(text) <= 10) return Number(text) || false;
  const entries = text.split(',').map((entry) => entry.trim());
  if (entries.every(isProxyAddress)) return entries;
  context.addIssue({ code: 'custom', message: `must be false, a number of proxies or their addresses: ${TRUST_PROXY_HELP}` });
  return z.NEVER;
});

// DNS_SERVERS: the resolvers sending-domain checks ask (an operator's own, or a test's server on
// loopback); each entry is checked here so a typo stops the start instead of every check failing.
const dnsServers = z.string().transform((value, context): string[] => {
  const entries = value.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !parseDnsServer(entry));
  if (bad.length === 0) return entries;
  context.addIssue({
    code: 'custom',
    message: `must be a comma-separated list of DNS servers as host:port, e.g. 127.0.0.1:53,[::1]:5353,dns.example.com (an IPv4 or [IPv6] address or a host name; port 1-65535, 53 when left out); not understood: ${bad.map((entry) => JSON.stringify(entry)).join(', ')}`,
  });
  return z.NEVER;
});

// SMTP_HEADERS / MARKETING_SMTP_HEADERS: extra headers on every message of a stream (a relay's
// stream or tag header, e.g. Postmark's X-PM-Message-Stream), as a JSON object of names and values.
// A name is an RFC 5322 field name; a value one line; the headers the platform writes itself
// (From, Message-ID, List-*, DKIM-Signature …) cannot be replaced this way.
const OWN_HEADERS = new Set(['from', 'sender', 'to', 'cc', 'bcc', 'reply-to', 'subject', 'date', 'message-id', 'mime-version', 'content-type', 'content-transfer-encoding', 'return-path', 'dkim-signature', 'list-unsubscribe', 'list-unsubscribe-post', 'list-id', 'feedback-id', 'x-postlark-delivery']);
const MAX_STREAM_HEADERS = 10;
const STREAM_HEADERS_HELP = 'must be a JSON object of up to 10 header names and one-line values, e.g. {"X-PM-Message-Stream":"broadcast"}';

function streamHeaderProblem(name: string, value: unknown): string | undefined {
  // A field name is printable US-ASCII but the colon (RFC 5322 section 2.2).
  if (!/^[\x21-\x39\x3b-\x7e]{1,76}$/.test(name)) return `${JSON.stringify(name)} is not a header name (printable ASCII without spaces or a colon, e.g. X-PM-Message-Stream)`;
  if (OWN_HEADERS.has(name.toLowerCase())) return `${name} is written by the platform itself and cannot be set here`;
  if (typeof value !== 'string' || !/^[\x20-\x7e\t]{0,500}$/.test(value)) return `the value of ${name} must be one line of printable ASCII (at most 500 characters)`;
  return undefined;
}

const streamHeaders = z.string().transform((text, context): Record<string, string> => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed) || Object.keys(parsed).length > MAX_STREAM_HEADERS) {
    context.addIssue({ code: 'custom', message: STREAM_HEADERS_HELP });
    return z.NEVER;
  }
  const problems = Object.entries(parsed).map(([name, value]) => streamHeaderProblem(name, value)).filter(Boolean);
  if (problems.length > 0) {
    context.addIssue({ code: 'custom', message: `${STREAM_HEADERS_HELP}: ${problems.join('; ')}` });
    return z.NEVER;
  }
  return parsed as Record<string, string>;
});

/** Whether the site's address is this machine's own (localhost, 127.0.0.0/8, ::1): development. */
export function isLoopbackSite(appUrl: string): boolean {
  const host = new URL(appUrl).hostname.toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || (isIP(host) === 4 && host.startsWith('127.'));
}

/** MAIL_FROM's bare address ("Name <a@b>" or "a@b"). */
export function mailFromAddress(mailFrom: string): string {
  const open = mailFrom.lastIndexOf('<');
  const close = open === -1 ? -1 : mailFrom.indexOf('>', open);
  return (open === -1 ? mailFrom : mailFrom.slice(open + 1, close === -1 ? undefined : close)).trim();
}

/** The domain of MAIL_FROM's address, lower case. */
export function mailFromDomain(mailFrom: string): string {
  const address = mailFromAddress(mailFrom);
  const at = address.lastIndexOf('@');
  return at === -1 ? '' : address.slice(at + 1).trim().toLowerCase();
}

const defaultWebDist = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/**
 * INSIGHTS_FIT_HEAP_MB's default: the old generation of the worker thread that fits an account's
 * insights and recommendations (modules/insights/fit-worker.ts). A fit that needs more fails that
 * refresh, saying so, instead of growing the process that serves every tenant.
 */
export const INSIGHTS_FIT_HEAP_MB_DEFAULT = 256;

const envSchema = z.object({
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  APP_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as http://localhost:3000' })
    .default('http://localhost:3000')
    .transform((value) => new URL(value).origin),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' })
    .optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  TRUST_PROXY: trustProxy.default(false),
  WEB_DIST_DIR: z.string().min(1).default(defaultWebDist),
  SMTP_URL: z
    .url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@host:587' })
    .optional(),
  // Campaigns and automation emails go through this relay when set (a relay's broadcast stream or
  // another provider), account mail (sign-up, reset, notices) through SMTP_URL; unset: both through SMTP_URL.
  MARKETING_SMTP_URL: z
    .url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@host:587' })
    .optional(),
  // Extra headers on account mail and on marketing mail (see streamHeaders above).
  SMTP_HEADERS: streamHeaders.optional(),
  MARKETING_SMTP_HEADERS: streamHeaders.optional(),
  MAIL_FROM: z.string().min(3).default('Postlark <no-reply@postlark.local>'),
  WAITLIST_LIMIT_PER_MINUTE: z.coerce.number({ error: 'must be a whole number' }).int().min(1).default(20),
  EMAIL_SEND_LIMIT_PER_MINUTE: z.coerce.number({ error: 'must be a whole number' }).int().min(1).default(10),
  FORM_SIGNUP_LIMIT_PER_MINUTE: z.coerce.number({ error: 'must be a whole number' }).int().min(1).default(10),
  // Public API calls one account may make per minute, all its keys together, counted in the
  // database so that every API process shares the budget.
  API_REQUESTS_PER_MINUTE: z.coerce.number({ error: 'must be a whole number' }).int().min(1).default(600),
  // Live API keys one account may keep; making one more is refused until one is revoked.
  API_KEYS_PER_ACCOUNT: z.coerce.number({ error: 'must be a whole number' }).int().min(1).default(10),
  // Calls a client address may make per minute without a valid API key or session (answered 401)
  // before they are answered 429; calls with a valid one never count.
  UNAUTHENTICATED_REQUESTS_PER_MINUTE: z.coerce.number({ error: 'must be a whole number' }).int().min(1).default(60),
  // Expensive reads one account may make per minute (http/read-limits.ts), counted in the database
  // across processes; well above what the pages ask for (search after a 180 ms pause in typing,
  // the preview after 500 ms), so only a loop meets them.
  SEARCHES_PER_MINUTE: z.coerce.number({ error: 'must be a whole number' }).int().min(1).default(120),
  HOME_OVERVIEWS_PER_MINUTE: z.coerce.number({ error: 'must be a whole number' }).int().min(1).default(60),
  CAMPAIGN_PREVIEWS_PER_MINUTE: z.coerce.number({ error: 'must be a whole number' }).int().min(1).default(150),
  PLATFORM_AUDIENCE_READS_PER_MINUTE: z.coerce.number({ error: 'must be a whole number' }).int().min(1).default(30),
  INSIGHTS_SUMMARIES_PER_MINUTE: z.coerce.number({ error: 'must be a whole number' }).int().min(1).default(60),
  // The segment builder asks once each time it opens.
  ATTRIBUTE_KEY_READS_PER_MINUTE: z.coerce.number({ error: 'must be a whole number' }).int().min(1).default(30),
  // After the Insights page's "Refresh now", the next one waits this long (each recomputes the
  // account's whole purchase history).
  INSIGHTS_REFRESH_COOLDOWN_SECONDS: z.coerce.number({ error: 'must be a number of seconds' }).int().min(1).default(60),
  // A signed-in session left unused this many days ends, within its 30-day life.
  SESSION_IDLE_DAYS: z.coerce.number({ error: 'must be a number of days' }).positive().max(30, 'must be at most 30 (a session lives 30 days)').default(7),
  // Messages a second through the marketing relay (MARKETING_SMTP_URL, else SMTP_URL) for the whole
  // platform: every worker process, campaigns and automations together draw from one budget in the
  // database (mail/relay-budget.ts), so adding workers does not multiply it. A relay's throttling
  // answer halves it for a few minutes.
  CAMPAIGN_SEND_RATE: z.coerce.number({ error: 'must be a number of messages a second' }).positive().default(50),
  // The shared secret relays sign bounce webhooks with; without it the webhook is off.
  BOUNCE_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  // DKIM signing of everything relayed (mail/dkim.ts): all three or none.
  DKIM_DOMAIN: z.string().regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, 'must be a domain name such as example.com').optional(),
  DKIM_SELECTOR: z.string().regex(/^[a-z0-9._-]+$/i, 'must be a DNS label such as postlark').optional(),
  DKIM_PRIVATE_KEY: z
    .string()
    .transform((value) => value.replaceAll('\\n', '\n'))
    .refine((value) => value.includes('PRIVATE KEY-----'), 'must be a PEM private key (-----BEGIN PRIVATE KEY-----…); \\n may stand for line breaks')
    .optional(),
  // DKIM by delegation (issue 30): customers publish a CNAME from their selector to
  // <selector>._domainkey.<DKIM_DOMAIN>, where the operator serves each key (`npm run dkim-zone`
  // prints the TXT records for the platform's zone), so a key can be replaced without the customer.
  DKIM_DELEGATION: booleanFlag.default(false),
  // Where bounces come back (issue 30): the operator gives it an MX (the inbound receiver) and an
  // SPF record covering the relays. Every customer's return-path subdomain is a CNAME to it, so
  // the envelope sender aligns with their From domain for SPF. Unset: no return-path record is asked for.
  BOUNCE_DOMAIN: z.string().regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, 'must be a domain name such as bounces.example.com').optional(),
  // Resolvers for sending-domain checks (DKIM, return path, DMARC); unset: the system's.
  DNS_SERVERS: dnsServers.optional(),
  // A spam filter the "Check before sending" list asks for the campaign's score and the rules that
  // fired: spamd://host:port (SpamAssassin's spamd, port 783 when left out) or an http(s) URL of
  // rspamd's controller (its /checkv2). Unset: no spam score is shown.
  SPAMD_URL: z
    .string()
    .refine((value) => URL.canParse(value) && ['spamd:', 'http:', 'https:'].includes(new URL(value).protocol) && new URL(value).hostname !== '', 'must be spamd://host:port (SpamAssassin) or an http(s) URL of rspamd, e.g. http://127.0.0.1:11333')
    .optional(),
  // false: this server only answers requests and queues work; `npm run start:worker` processes run it.
  RUN_WORKERS: booleanFlag.default(true),
  // SMTP connections each process keeps open to the marketing relay for campaigns.
  CAMPAIGN_SMTP_CONNECTIONS: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(50).default(5),
  // A row claimed longer ago than this by a sender that never settled it (it crashed) is marked
  // unknown; it must exceed the time one batch takes to send.
  CAMPAIGN_LEASE_SECONDS: z.coerce.number({ error: 'must be a number of seconds' }).positive().default(300),
  // A temporarily refused message waits this long before its second attempt, 4 times longer each time after.
  CAMPAIGN_RETRY_BASE_SECONDS: z.coerce.number({ error: 'must be a number of seconds' }).positive().default(30),
  // How long a temporarily refused campaign or automation email keeps being retried (from its first deferral) before it
  // counts as failed: receivers greylist and queue for hours, and RFC 5321 suggests giving up only after days.
  SEND_RETRY_HOURS: z.coerce.number({ error: 'must be a number of hours' }).positive().default(48),
  // How often a running A/B test is looked at (the decision holds however often; browser tests shorten it).
  AB_LOOK_EVERY_SECONDS: z.coerce.number({ error: 'must be a number of seconds' }).positive().default(300),
  // A flow step (an email, a webhook) a stopped worker left running is marked unknown after this long; other steps run again.
  FLOW_LEASE_SECONDS: z.coerce.number({ error: 'must be a number of seconds' }).positive().default(300),
  // Flow steps a process works on at once (and its SMTP connections for automation email). Each
  // email waits for one commit before it is offered, so this bounds the rate: 8 keep up with a
  // thousand events a second (bench: flows), and a crash leaves at most this many unknown.
  FLOW_CONCURRENCY: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(50).default(8),
  // Runs one account's flows may start an hour, all flows together: later entries wait in the
  // flow's inbox until the hour frees (nothing is dropped), so one account's flood of events
  // cannot take every pass. Accounts share each pass in turns whatever this is.
  FLOW_ENTRIES_PER_HOUR: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(2_000_000_000).default(20_000),
  // Flows one account may keep (drafts too): every batch of events looks at the account's flows.
  FLOWS_PER_ACCOUNT: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(10_000).default(50),
  // Active flows one account may have started by entering a segment or by a date: each is looked
  // at every minute (its segment counted), so there are at most this many.
  FLOW_SCANNED_PER_ACCOUNT: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(1_000).default(10),
  // Per-account quotas (modules/senders/quotas.ts), counted in the database across processes.
  CAMPAIGN_MESSAGES_PER_DAY: z.coerce.number({ error: 'must be a whole number' }).int().min(1).default(50_000),
  TEST_SENDS_PER_HOUR: z.coerce.number({ error: 'must be a whole number' }).int().min(1).default(20),
  SENDER_CONFIRMATIONS_PER_HOUR: z.coerce.number({ error: 'must be a whole number' }).int().min(1).default(5),
  // The key that seals stored secrets (webhook signing secrets; lib/secret-box.ts): 32 random bytes
  // in base64 (openssl rand -base64 32). Unset: a key made on first start in DATA_DIR/secrets.key.
  SECRETS_KEY: z
    .string()
    .transform((value) => Buffer.from(value.trim(), 'base64'))
    .refine((key) => key.length === 32, 'must be 32 random bytes in base64, e.g. the output of `openssl rand -base64 32`')
    .optional(),
  // Development only: webhook endpoints may be http:// and on this machine (loopback), to try them
  // against a local receiver. Private networks stay refused; an https APP_URL refuses the setting.
  WEBHOOKS_ALLOW_LOCAL: booleanFlag.default(false),
  // The AI writing assistant (modules/ai): the server's default OpenAI-compatible provider, used by
  // accounts without their own (each gets 3 free generations on it). Unset: accounts connect their own.
  AI_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://api.openai.com/v1' }).optional(),
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).max(200).optional(),
  // Development, tests and a self-hosted model on this machine (Ollama, llama.cpp): customers' AI
  // base URLs may be on loopback. Private networks stay refused; an https APP_URL refuses the setting.
  AI_ALLOW_LOCAL: booleanFlag.default(false),
  // A provider that has not started answering, or pauses mid-answer, this long is given up on.
  AI_TIMEOUT_SECONDS: z.coerce.number({ error: 'must be a number of seconds' }).positive().default(60),
  // A whole generation (retries included) ends after this long, however steadily the provider dribbles.
  AI_GENERATION_DEADLINE_SECONDS: z.coerce.number({ error: 'must be a number of seconds' }).positive().default(180),
  // A 429 or 5xx is tried again after a backoff, or the provider's retry-after, but never longer than this.
  AI_RETRY_MAX_SECONDS: z.coerce.number({ error: 'must be a number of seconds' }).min(0).default(20),
  // Generations one account may start a minute, whoever pays for them (a loop cannot run up a bill).
  AI_GENERATIONS_PER_MINUTE: z.coerce.number({ error: 'must be a whole number' }).int().min(1).default(10),
  // Generations one account may start a day (UTC) on the server's default provider, given back or
  // not: what a tenant can cost the operator, even when every one fails and its attempt is returned.
  AI_DAILY_GENERATIONS: z.coerce.number({ error: 'must be a whole number' }).int().min(1).default(20),
  // Connected platforms (modules/integrations). Their API addresses are settings so tests, and a
  // proxy if one is needed, stand in; `{dc}` is the Mailchimp account's data centre.
  MAILCHIMP_API_URL: z.string().regex(/^https?:\/\/[^\s]+$/, 'must be an http(s) URL; {dc} stands for the data centre, e.g. https://{dc}.api.mailchimp.com').default('https://{dc}.api.mailchimp.com'),
  MAILCHIMP_LOGIN_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://login.mailchimp.com' }).default('https://login.mailchimp.com'),
  // "Sign in with Mailchimp" (OAuth 2): the app registered at Mailchimp; both or neither. Without
  // them customers connect Mailchimp with an API key.
  MAILCHIMP_CLIENT_ID: z.string().min(1).optional(),
  MAILCHIMP_CLIENT_SECRET: z.string().min(1).optional(),
  BREVO_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://api.brevo.com/v3' }).default('https://api.brevo.com/v3'),
  BEEHIIV_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://api.beehiiv.com/v2' }).default('https://api.beehiiv.com/v2'),
  HUBSPOT_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://api.hubapi.com' }).default('https://api.hubapi.com'),
  // How often each linked audience is polled for changes (webhooks make it sooner where a platform has them).
  CONNECTION_POLL_SECONDS: z.coerce.number({ error: 'must be a number of seconds' }).min(5).default(300),
  // The heap of the worker thread that fits an account's insights and recommendations, in MB.
  INSIGHTS_FIT_HEAP_MB: z.coerce.number({ error: 'must be a whole number of megabytes' }).int().min(1).max(65_536).default(INSIGHTS_FIT_HEAP_MB_DEFAULT),
  // Remote audiences one connection may keep in sync: each is polled, pushed and imported on its own.
  CONNECTION_LINKS_MAX: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(1000).default(10),
  // Platform keys one account, and one client address, may have checked an hour (connecting, or
  // reconnecting a broken connection): past it each further attempt waits, from a minute doubling to
  // an hour, so the Connect form is no stolen-key checker. A key that connects is not counted.
  CONNECT_ATTEMPTS_PER_HOUR: z.coerce.number({ error: 'must be a whole number' }).int().min(1).default(10),
  CONNECT_ATTEMPTS_PER_CLIENT_PER_HOUR: z.coerce.number({ error: 'must be a whole number' }).int().min(1).default(30),
  ...mailIntakeSettings,
  ...importSettings,
  ...mediaSettings,
}).superRefine((value, context) => {
  if (value.INBOUND_SMTP_PORT !== undefined && !value.BOUNCE_DOMAIN) {
    context.addIssue({ code: 'custom', path: ['INBOUND_SMTP_PORT'], message: 'needs BOUNCE_DOMAIN: the receiver takes mail for the addresses it issues there' });
  }
  if (Boolean(value.INBOUND_TLS_KEY_FILE) !== Boolean(value.INBOUND_TLS_CERT_FILE)) {
    context.addIssue({ code: 'custom', path: ['INBOUND_TLS_KEY_FILE'], message: 'INBOUND_TLS_KEY_FILE and INBOUND_TLS_CERT_FILE go together: set both or neither' });
  }
  if (Boolean(value.POSTMARK_WEBHOOK_USER) !== Boolean(value.POSTMARK_WEBHOOK_PASSWORD)) {
    context.addIssue({ code: 'custom', path: ['POSTMARK_WEBHOOK_USER'], message: 'POSTMARK_WEBHOOK_USER and POSTMARK_WEBHOOK_PASSWORD go together: set both or neither' });
  }
  // A relay reaches real inboxes, so the site must be one a reader can use (issue 30): one-click
  // unsubscribe (RFC 8058) must be https, and a From at a name no one can resolve is refused by
  // receivers. A site on this machine (http://localhost) is development, whatever its relay.
  const publicSite = !isLoopbackSite(value.APP_URL);
  if (value.SMTP_URL && publicSite && value.APP_URL.startsWith('http:')) {
    context.addIssue({
      code: 'custom',
      path: ['APP_URL'],
      message: 'must be https when SMTP_URL is set: mail clients only offer one-click unsubscribe (RFC 8058) on an https link; write the https address readers reach the site at',
    });
  }
  const fromDomain = mailFromDomain(value.MAIL_FROM);
  if (value.SMTP_URL && publicSite && (fromDomain.endsWith('.local') || fromDomain.endsWith('.localhost') || !fromDomain.includes('.'))) {
    context.addIssue({
      code: 'custom',
      path: ['MAIL_FROM'],
      message: `must be an address at a domain receivers can look up when SMTP_URL is set (${fromDomain || 'none'} cannot be), e.g. Postlark <no-reply@mail.example.com>`,
    });
  }
  // Without a relay every message (sign-up, reset and email-change links with their tokens) waits
  // in the dev outbox; an https address means a public site, where nothing may hold those.
  if (value.APP_URL.startsWith('https:') && !value.SMTP_URL) {
    context.addIssue({
      code: 'custom',
      path: ['SMTP_URL'],
      message:
        'must be set when APP_URL is https (a public site): without a relay, mail with sign-up and password-reset links (their tokens) would sit in the dev outbox at /dev/mailbox',
    });
  }
  if (value.MARKETING_SMTP_URL && !value.SMTP_URL) {
    context.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'must be set with MARKETING_SMTP_URL: account mail (sign-up and reset links) goes through SMTP_URL and would otherwise sit in the dev outbox' });
  }
  if (value.WEBHOOKS_ALLOW_LOCAL && value.APP_URL.startsWith('https:')) {
    context.addIssue({ code: 'custom', path: ['WEBHOOKS_ALLOW_LOCAL'], message: 'is for development only: a public site (https APP_URL) must not post webhooks to plain http or to its own machine' });
  }
  if (value.AI_ALLOW_LOCAL && value.APP_URL.startsWith('https:')) {
    context.addIssue({ code: 'custom', path: ['AI_ALLOW_LOCAL'], message: 'is for development only: a public site (https APP_URL) must not let customers point the AI assistant at its own machine' });
  }
  if (value.AI_BASE_URL && !value.AI_MODEL) {
    context.addIssue({ code: 'custom', path: ['AI_MODEL'], message: 'must be set with AI_BASE_URL: the default provider’s model, e.g. gpt-4o-mini' });
  }
  if (Boolean(value.S3_ACCESS_KEY_ID) !== Boolean(value.S3_SECRET_ACCESS_KEY)) {
    context.addIssue({ code: 'custom', path: ['S3_ACCESS_KEY_ID'], message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both or neither' });
  }
  if (Boolean(value.MAILCHIMP_CLIENT_ID) !== Boolean(value.MAILCHIMP_CLIENT_SECRET)) {
    context.addIssue({ code: 'custom', path: ['MAILCHIMP_CLIENT_ID'], message: 'MAILCHIMP_CLIENT_ID and MAILCHIMP_CLIENT_SECRET go together: set both or neither' });
  }
  if (value.DKIM_DELEGATION && !value.DKIM_DOMAIN) {
    context.addIssue({ code: 'custom', path: ['DKIM_DELEGATION'], message: 'needs DKIM_DOMAIN: delegated keys are served under the platform’s own domain' });
  }
  const dkim = [value.DKIM_DOMAIN, value.DKIM_SELECTOR, value.DKIM_PRIVATE_KEY].filter(Boolean).length;
  if (dkim > 0 && dkim < 3) {
    context.addIssue({ code: 'custom', path: ['DKIM_DOMAIN'], message: 'DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY go together: set all three or none' });
  }
});

export type AppConfig = z.output<typeof envSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid settings:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the settings; throws a ConfigError naming every bad key, so one restart fixes them all. */
export function loadConfig(source: Record<string, string | undefined> = process.env): AppConfig {
  // An empty variable means "not set", as in most shells' `FOO= npm start`.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const result = envSchema.safeParse(present);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  throw new ConfigError(problems);
}
