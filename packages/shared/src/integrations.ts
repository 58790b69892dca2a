import * as z from 'zod/mini';
import { AUDIENCE_LIMITS } from './audience';

// Connected platforms (issue 22, decision 011): the email platforms a customer already uses, and
// HubSpot as the CRM. Defined once for the Integrations tab, /platform-integration, the sidebar
// and the API (modules/integrations).

/** SPEC: the three email platforms the sidebar, the integration choice and the Integrations tab show, in this order. */
export const EMAIL_PLATFORM_IDS = ['mailchimp', 'brevo', 'beehiiv'] as const;
/** And the landing's CRM, synced too (contacts only). */
export const PLATFORM_IDS = [...EMAIL_PLATFORM_IDS, 'hubspot'] as const;
export type PlatformId = (typeof PLATFORM_IDS)[number];
export type EmailPlatformId = (typeof EMAIL_PLATFORM_IDS)[number];

export const PLATFORM_NAMES: Record<PlatformId, string> = { mailchimp: 'Mailchimp', brevo: 'Brevo', beehiiv: 'beehiiv', hubspot: 'HubSpot' };

export function isPlatformId(value: unknown): value is PlatformId {
  return typeof value === 'string' && (PLATFORM_IDS as readonly string[]).includes(value);
}

/** SPEC section 2, the profile's Integrations tab: its two lists and their buttons, as the spec words them. */
export const INTEGRATIONS_TAB_TEXTS = {
  connected: 'Connected',
  notConnected: 'Not Connected',
  connectTo: (name: string) => `Connect to ${name}`,
  disconnect: 'Disconnect',
} as const;

/** How each platform takes its secret, as the Connect form asks for it. */
export const PLATFORM_SECRET_LABELS: Record<PlatformId, string> = {
  mailchimp: 'API key',
  brevo: 'API key',
  beehiiv: 'API key',
  hubspot: 'Private app access token',
};

/** Where the customer finds that secret on the platform. */
export const PLATFORM_SECRET_HELP: Record<PlatformId, string> = {
  mailchimp: 'In Mailchimp: Profile › Extras › API keys. It ends with your data centre, like -us18.',
  brevo: 'In Brevo: your name › SMTP & API › API keys.',
  beehiiv: 'In beehiiv: Settings › Integrations › API. Then choose the publication to sync.',
  hubspot: 'In HubSpot: Settings › Integrations › Private apps, with the CRM contacts scopes.',
};

/** What each platform's API lets us do, as the Integrations tab says it. */
export const PLATFORM_ABILITIES: Record<PlatformId, { history: string | null; delivery: boolean; /** A campaign can go to a tagged part of the audience (segments, A/B splits). */ tags: boolean; limits: string }> = {
  mailchimp: { tags: true, history: 'the last 12 months of sends, opens and clicks per person, from your campaign reports', delivery: true, limits: 'Mailchimp lets no one re-subscribe a person who unsubscribed but the person themselves: we ask them to confirm instead.' },
  brevo: { tags: true, history: 'the last 12 months of sends, opens and clicks per person, from each contact’s campaign statistics (paced over hours on a large list)', delivery: true, limits: 'Brevo gives per-person history 90 days at a time, so a year of it for a large list arrives over a few hours.' },
  beehiiv: { tags: false, history: null, delivery: true, limits: 'beehiiv shares no per-person opens or clicks, only totals per post, and sends posts through its API only on its Enterprise plan.' },
  hubspot: { tags: false, history: null, delivery: false, limits: 'HubSpot syncs contacts and opt-outs; sending email through it needs Marketing Hub Enterprise, and a private app cannot register webhooks, so changes arrive by polling.' },
};

export const CONNECTION_STATUSES = ['connected', 'broken'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

export const SYNC_RUN_KINDS = ['import', 'poll', 'push', 'history'] as const;
export type SyncRunKind = (typeof SYNC_RUN_KINDS)[number];
export const SYNC_RUN_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type SyncRunStatus = (typeof SYNC_RUN_STATUSES)[number];

export const INTEGRATION_LIMITS = { secretLength: 500, remoteIdLength: 200, errorsKept: 50 } as const;

export const INTEGRATION_MESSAGES = {
  platformInvalid: `Choose one of ${PLATFORM_IDS.join(', ')}.`,
  secretRequired: 'Paste the key from your platform’s settings.',
  secretTooLong: `At most ${INTEGRATION_LIMITS.secretLength} characters.`,
  mailchimpKeyShape: 'A Mailchimp API key ends with its data centre, like 0123456789abcdef-us18.',
  publicationRequired: 'Choose the beehiiv publication to sync.',
  publicationNotFound: 'This key does not reach that publication. Choose one of the publications listed.',
  audienceRequired: 'Choose the audience to import.',
  audienceNotFound: 'This audience is not on your connected account.',
  listNotFound: 'This list is not one of yours.',
  otherAccount: (name: string) => `This key belongs to another ${name} account than the one connected. Disconnect first to connect another account.`,
  reconnected: (name: string) => `${name} is connected again. Syncing resumes.`,
  alreadyConnected: (name: string) => `${name} is already connected. Disconnect it first to connect another account.`,
  planLimit: (limit: number) => `Your Basic plan connects any ${limit} platforms at once. Disconnect one to connect another.`,
  secretRefused: (name: string, remote: string) => `${name} did not accept this key: ${remote}`,
  unreachable: (name: string) => `We could not reach ${name}. Try again in a minute.`,
  oauthNotConfigured: 'Signing in with Mailchimp is not set up on this server. Paste an API key instead.',
  oauthFailed: 'Mailchimp did not complete the sign-in. Try again.',
  connected: (name: string) => `${name} is connected. Choose an audience to import.`,
  disconnected: (name: string) => `${name} is disconnected.`,
  disconnectedKept: (name: string) => `${name} is disconnected. Its synced people stay in your lists.`,
  disconnectedRemoved: (name: string) => `${name} is disconnected. Its synced list was removed.`,
  notFound: 'This connection does not exist.',
  broken: (name: string) => `${name} no longer accepts our key. Reconnect it to resume syncing.`,
  syncQueued: 'Sync started. Its progress shows below.',
  syncBusy: 'A sync is already running for this connection.',
  importQueued: (name: string) => `Importing your ${name} audience. Its progress shows below.`,
  linkExists: 'This audience is already imported.',
  tooManyAttempts: (minutes: number) => `Too many keys tried to connect. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  linkLimit: (max: number) => `This connection already syncs ${max} ${max === 1 ? 'audience' : 'audiences'}, the most one connection may.`,
  loadFailed: 'We could not load your connected platforms. Try again.',
} as const;

/** Why a campaign cannot go through its platform, said before sending. */
export const DELIVERY_MESSAGES = {
  connectionInvalid: 'Choose one of your connected platforms, or Postlark.',
  cannotSend: (name: string) => `${name} cannot send campaigns through its API. Send it with Postlark instead.`,
  connectionGone: 'The platform this campaign was to go through is no longer connected. Choose another, or Postlark.',
  connectionBroken: (name: string) => `${name} no longer accepts our key. Reconnect it before sending.`,
  audienceNotSynced: (name: string) => `Send it to a list synced with ${name}, or to a segment: only people ${name} has can get it there.`,
  oneAudience: (name: string) => `Choose lists synced with one ${name} audience: a campaign there goes to one audience.`,
  mergeTagUnsupported: (name: string, tag: string) => `${name} has nothing for the merge tag {{ ${tag} }}. Remove it, or send with Postlark.`,
  liquidUnsupported: (name: string) => `${name} cannot run conditions, loops or filters in merge tags. Keep to plain {{ field }} tags, or send with Postlark.`,
  blocksUnsupported: (name: string) => `${name} sends one content to everyone: blocks shown to some people only, and recommended products, need Postlark's own sending.`,
  sendTimeUnsupported: (name: string) => `Sending at each person's best time needs Postlark's own sending; ${name} sends at one time.`,
  revenueUnsupported: (name: string) => `An A/B test through ${name} reads its reports, which count opens and clicks, not orders: test the open or click rate.`,
  wholeAudienceOnly: (name: string) => `${name} sends a post to the whole publication: choose its synced list alone, without segments or an A/B test.`,
  nobodyThere: (name: string) => `Nobody in this audience is on ${name} yet. Wait for the import to finish, or send with Postlark.`,
  failed: (name: string, remote: string) => `${name} did not take the campaign: ${remote}`,
  deliveredBy: (name: string) => `Delivered through ${name}`,
} as const;

/** The web app's words around delivery: the editor's "Delivered by" choice and the platform filters. */
export const DELIVERY_TEXTS = {
  label: 'Delivered by',
  postlark: 'Postlark',
  choice: (name: string, account: string) => `${name} · ${account}`,
  help: 'Postlark sends it with its own engine, or a platform you connected sends it to the audience synced with it.',
  platformChanges: (name: string) =>
    `${name} sends it: its own merge tags are used (yours are translated), and its own footer and sender checks apply. Sending at each person's best time and blocks shown to some people only are not available.`,
  connectionsFailed: 'Your connected platforms could not be loaded: only Postlark can be chosen for now.',
  filterOn: (name: string) => `Showing what was delivered through ${name}.`,
  filterClear: 'Show all',
  noCampaigns: (name: string) => `No campaigns delivered through ${name} yet. Choose ${name} under “Delivered by” in a campaign to send it there.`,
  noTests: (name: string) => `No tests delivered through ${name} yet. A campaign with an A/B test, delivered by ${name}, shows up here.`,
  /** The campaign page while the platform is being handed the campaign ('sending'). */
  handingTitle: (name: string) => `Handing it to ${name}`,
  handing: (name: string) => `${name} is being handed the campaign and its audience; ${name} sends it from there. You can still cancel until it has gone.`,
  /** The campaign page once the platform took it ('sent'), under DELIVERY_MESSAGES.deliveredBy. */
  delivered: (name: string) => `${name} sent it. Its figures are read back from ${name}’s report.`,
  viewReport: (name: string) => `View ${name}’s report`,
  /** The preview and plain text of a platform campaign leave our footer out: the platform adds its own. */
  platformFooter: (name: string) => `${name} adds its own footer with the unsubscribe link and your postal address.`,
  /** A connection still loading or no longer listed: the platform's name is not known. */
  somePlatform: 'the platform',
} as const;

/**
 * Why a person, or one of their values, read from a platform was left out: what the subscriber API
 * would refuse (the same shared schema checks both). Counted on the run, shown with its result.
 */
export const SYNC_DROP_REASONS = {
  emailInvalid: 'Not a valid email address: the person was left out',
  nameTooLong: (which: 'First name' | 'Last name') => `${which} longer than ${AUDIENCE_LIMITS.name} characters: left out`,
  valueTooLong: (field: string) => `${field} longer than ${AUDIENCE_LIMITS.attributeValue} characters: left out`,
  valueInvalid: (field: string) => `${field} is not a value an attribute can hold: left out`,
  tooManyAttributes: `More than ${AUDIENCE_LIMITS.attributeKeys} attributes: the rest left out`,
  /** The Integrations tab's line under a run that left something out. */
  summary: (count: number) => `${count} left out by the subscriber rules:`,
} as const;

/** Basic plan (SPEC pricing): "any 2 platform integrations". */
export const PLAN_PLATFORM_LIMIT = 2;

export const connectSchema = z.strictObject({
  platform: z.enum(PLATFORM_IDS, { error: INTEGRATION_MESSAGES.platformInvalid }),
  secret: z.string({ error: INTEGRATION_MESSAGES.secretRequired }).check(z.trim(), z.minLength(1, INTEGRATION_MESSAGES.secretRequired), z.maxLength(INTEGRATION_LIMITS.secretLength, INTEGRATION_MESSAGES.secretTooLong)),
  /** beehiiv: the publication (`pub_…`); the first one when left out and the key reaches one only. */
  publication_id: z.optional(z.string().check(z.trim(), z.maxLength(INTEGRATION_LIMITS.remoteIdLength, INTEGRATION_MESSAGES.publicationNotFound))),
});
export type ConnectInput = z.infer<typeof connectSchema>;

export const linkAudienceSchema = z.strictObject({
  remote_audience_id: z.string({ error: INTEGRATION_MESSAGES.audienceRequired }).check(z.trim(), z.minLength(1, INTEGRATION_MESSAGES.audienceRequired), z.maxLength(INTEGRATION_LIMITS.remoteIdLength, INTEGRATION_MESSAGES.audienceNotFound)),
  /** Into this existing list; left out, a new list named after the remote audience. */
  list_id: z.optional(z.string().check(z.maxLength(64, INTEGRATION_MESSAGES.listNotFound))),
});
export type LinkAudienceInput = z.infer<typeof linkAudienceSchema>;

export interface SyncRunView {
  id: string;
  kind: SyncRunKind;
  status: SyncRunStatus;
  started_at: string | null;
  finished_at: string | null;
  /** People read from the platform (import and poll), or written to it (push), so far. */
  processed: number;
  /** How many in all, where the platform says; null otherwise. */
  total: number | null;
  added: number;
  updated: number;
  suppressed: number;
  /** The remote's own messages, with whom they concern. */
  errors: Array<{ email: string | null; message: string }>;
  /** People and values read from the platform that the subscriber schema refuses, left out: how many, and why (SYNC_DROP_REASONS). */
  dropped: { count: number; reasons: Array<{ reason: string; count: number }> };
}

export interface AudienceLinkView {
  id: string;
  remote_audience_id: string;
  remote_name: string;
  list_id: string;
  list_name: string;
  last_polled_at: string | null;
}

export interface ConnectionView {
  id: string;
  platform: PlatformId;
  account_name: string;
  status: ConnectionStatus;
  /** Why it is broken, in the platform's words; null while connected. */
  health_message: string | null;
  connected_at: string;
  checked_at: string | null;
  links: AudienceLinkView[];
  last_run: SyncRunView | null;
  history: { imported: number; offered: boolean };
}

export interface ConnectionsView {
  connections: ConnectionView[];
  /** Whether "Sign in with Mailchimp" (OAuth) is set up on this server. */
  mailchimp_oauth: boolean;
  plan_limit: number;
}
