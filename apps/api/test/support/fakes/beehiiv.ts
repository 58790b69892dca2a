import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { seededRandom } from '@postlark/shared/testing/seeded-random';
import type { RecordedRequest, TransportBehaviour } from './fake-request';

// A local beehiiv API v2 for API and browser tests alike (plain TypeScript on node:http, no test-runner
// imports). Its `url` ends with /v2 and stands in for BEEHIIV_API_URL (default https://api.beehiiv.com/v2).
//
// Sources read (issue 22, step 1):
// - beehiiv's official Fern-generated TypeScript SDK, github.com/beehiiv/typescript-sdk (release 0.1.9):
//   reference.md; src/api/types/{Error_,ErrorDetail,Subscription,SubscriptionStatus,Publication,PublicationStats,
//   Post,PostStatus,PostStats,PostStatsEmail,CustomField,SubscriptionRequest}.ts; resources/subscriptions (list
//   request: limit 1..100, cursor (recommended) or page (deprecated, at most 100 pages), status, tier, expand[],
//   order_by created, direction; list response: cursor mode has has_more/next_cursor, page mode page/total_pages/
//   total_results; PATCH body {tier, unsubscribe, custom_fields}); resources/posts (create is "available only to
//   Enterprise users", status draft|confirmed defaulting to confirmed, body_content or blocks; list filters
//   status/platform, page paging); resources/webhooks (Webhook {id "ep_…", url, created, updated, event_types,
//   description}; WebhookEventType list below).
// - developers.beehiiv.com/api-reference/posts/create (via the docs corpus): the Enterprise-only note.
// - api-evangelist/beehiiv: openapi/beehiiv-webhook-events-openapi.yml (the event envelope {uid, event_timestamp,
//   event_type, data} and SubscriptionData with custom_fields [{name, kind, value}] and tags), and
//   rate-limits/beehiiv-rate-limits.yml (re-read from developers.beehiiv.com/welcome/rate-limiting: 180 requests a
//   minute per organisation, 429, RateLimit-Limit / RateLimit-Remaining / RateLimit-Reset (unix seconds); Retry-After
//   is documented only for the 202 answer while a post is prepared, not for 429).
// Where those are silent the fake makes a choice and says so in a "docs silent" comment.
//
// beehiiv has NO per-person email activity in its API (no opens/clicks per subscriber, only a post's aggregate
// stats.email and a subscription's stats {emails_received, open_rate, click_through_rate}), and NO unsubscribe
// webhook: an unsubscribe on beehiiv's side only shows as `status: inactive` when polled.

export type BeehiivPlan = 'launch' | 'scale' | 'max' | 'enterprise';
export type SubscriptionStatus = 'validating' | 'invalid' | 'pending' | 'active' | 'inactive' | 'needs_attention';
export type PostStatus = 'draft' | 'confirmed' | 'archived';

/** beehiiv's webhook event types (SDK WebhookEventType). There is no unsubscribe event. */
export const BEEHIIV_WEBHOOK_EVENT_TYPES = [
  'post.sent',
  'post.updated',
  'subscription.confirmed',
  'subscription.created',
  'subscription.downgraded',
  'subscription.paused',
  'subscription.resumed',
  'subscription.tier.paused',
  'subscription.tier.resumed',
  'subscription.upgraded',
  'subscription.tier.created',
  'subscription.tier.deleted',
  'subscription.deleted',
  'survey.response_submitted',
] as const;
export type BeehiivWebhookEventType = (typeof BEEHIIV_WEBHOOK_EVENT_TYPES)[number];

export type CustomFieldKind = 'string' | 'integer' | 'boolean' | 'date' | 'datetime' | 'list' | 'double';

export interface FakeCustomField {
  id: string;
  kind: CustomFieldKind;
  display: string;
  created: number;
}

export interface FakeSubscription {
  id: string;
  email: string;
  status: SubscriptionStatus;
  /** Unix seconds. */
  created: number;
  subscription_tier: 'free' | 'premium';
  utm_source: string;
  utm_medium: string;
  utm_channel: string;
  utm_campaign: string;
  referring_site: string;
  referral_code: string;
  /** Values by custom field name. */
  customFields: Record<string, string | number | boolean>;
  tags: string[];
  /** Posts this subscription received (for stats.emails_received). */
  emailsReceived: number;
  opened: number;
  clicked: number;
}

export interface FakePostEngagement {
  opens: number;
  clicks: number;
  unsubscribed: boolean;
  spam: boolean;
  bounced: boolean;
}

export interface FakePost {
  id: string;
  title: string;
  subtitle: string;
  status: PostStatus;
  /** Unix seconds. */
  created: number;
  /** Unix seconds: when it is (or was) to be published; null for a draft. */
  scheduledAt: number | null;
  platform: 'web' | 'email' | 'both';
  bodyContent: string;
  subjectLine: string;
  previewText: string;
  contentTags: string[];
  /** GET answers left that still say 202 "being prepared". */
  preparingPolls: number;
  /** Unix seconds it was sent to its recipients; null until then. */
  sentAt: number | null;
  /** Engagement per recipient email (lower case), set by {@link FakeBeehiiv.recordEngagement}. */
  recipients: Map<string, FakePostEngagement>;
}

export interface FakeWebhook {
  id: string;
  url: string;
  created: number;
  updated: number;
  event_types: string[];
  description: string;
}

export interface FakePublication {
  id: string;
  name: string;
  organization_name: string;
  referral_program_enabled: boolean;
  created: number;
  /** New subscriptions without double_opt_override start `pending` when true. */
  doubleOptIn: boolean;
  customFields: FakeCustomField[];
  subscriptions: FakeSubscription[];
  posts: FakePost[];
  webhooks: FakeWebhook[];
}

export interface WebhookDelivery {
  url: string;
  body: { uid: string; event_timestamp: number; event_type: string; data: unknown };
  status: number;
}

/** A request as received, with the status the fake answered. */
export interface BeehiivRecordedRequest extends RecordedRequest {
  status: number;
}

export type BeehiivBehaviour =
  /** An error in beehiiv's envelope {status, statusText, errors:[{message, code}]}. */
  | { kind: 'error'; status: number; message?: string; code?: string; headers?: Record<string, string> }
  /** A 429 with the RateLimit-* headers, as if the organisation's budget were spent. */
  | { kind: 'rate-limited'; resetSeconds?: number }
  | TransportBehaviour;

export interface FakeBeehiivOptions {
  /** The key accepted as `Authorization: Bearer <key>`. Default 'test-beehiiv-key'. */
  apiKey?: string;
  /** Post creation is Enterprise-only; other plans get 403. Default 'scale'. */
  plan?: BeehiivPlan;
  /** Requests per window per organisation, or false for none (large-import tests). Default 180 per 60 s. */
  rateLimit?: { limit: number; windowMs?: number } | false;
  /** How many GETs of a new post still answer 202 "being prepared". Default 1. */
  preparingPolls?: number;
  /** Retry-After (seconds) on a 202. Default 1. */
  retryAfterSeconds?: number;
  /** The clock; default the real one. */
  now?: () => Date;
  /** Organisation name of the seeded publication. Default 'Postlark Test Org'. */
  organizationName?: string;
}

export interface SubscriptionChange {
  status?: SubscriptionStatus;
  customFields?: Record<string, string | number | boolean>;
  tags?: string[];
  tier?: 'free' | 'premium';
}

export interface FakeBeehiiv {
  /** Base URL, like http://127.0.0.1:4567/v2. */
  url: string;
  apiKey: string;
  /** The publication seeded at start. */
  publicationId: string;
  state: {
    publications: FakePublication[];
    plan: BeehiivPlan;
    /** Webhooks delivered by {@link FakeBeehiiv.fireWebhook}. */
    deliveries: WebhookDelivery[];
    /** Requests counted in the current rate-limit window. */
    windowCount: number;
  };
  requests: BeehiivRecordedRequest[];
  /** Adds a publication (its own audience, fields and posts). */
  addPublication(name: string): FakePublication;
  /** Adds a custom field to a publication (POSTed values for unknown names are discarded, as beehiiv does). */
  addCustomField(publicationId: string, display: string, kind?: CustomFieldKind): FakeCustomField;
  /** `count` generated subscriptions (deterministic from `seed`), created over the last year; some inactive. */
  seedAudience(publicationId: string, count: number, options?: { seed?: number; inactiveShare?: number; domain?: string }): FakeSubscription[];
  /** The next `times` requests matching method and path prefix (under /v2) get this instead. */
  script(match: { method?: string; path: string }, behaviour: BeehiivBehaviour, times?: number): void;
  /** A change made in beehiiv's UI: no webhook is fired (beehiiv has no unsubscribe event), only polling sees it. */
  changeSubscription(publicationId: string, idOrEmail: string, change: SubscriptionChange): FakeSubscription;
  /** Posts beehiiv's event JSON to every webhook of the publication registered for that type (or to `url`); the first receiver's status. */
  fireWebhook(publicationId: string, eventType: BeehiivWebhookEventType, subject: string | Record<string, unknown>, url?: string): Promise<number>;
  /** What one recipient did with a sent post (feeds its aggregate stats; an unsubscribe makes the subscription inactive). */
  recordEngagement(publicationId: string, postId: string, email: string, engagement: Partial<FakePostEngagement>): void;
  /** Sends every confirmed post whose time has come (also runs before each request). */
  sendDuePosts(): void;
  /** Changes the plan (e.g. to 'enterprise' to allow post creation). */
  setPlan(plan: BeehiivPlan): void;
  /** The key stops working: later calls get beehiiv's 401. */
  revoke(): void;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));


const FIRST_NAMES = ['Ada', 'Ben', 'Chloe', 'Dev', 'Elena', 'Farid', 'Grace', 'Hugo', 'Ines', 'Jonas', 'Kira', 'Leo'];
const LAST_NAMES = ['Martin', 'Okafor', 'Silva', 'Novak', 'Tanaka', 'Weber', 'Haddad', 'Larsen', 'Rossi', 'Kim'];

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

export async function startFakeBeehiiv(options: FakeBeehiivOptions = {}): Promise<FakeBeehiiv> {
  let apiKey: string | null = options.apiKey ?? 'test-beehiiv-key';
  const originalKey = apiKey;
  const now = options.now ?? (() => new Date());
  const seconds = () => Math.floor(now().getTime() / 1000);
  const rateLimit = options.rateLimit === false ? null : { limit: options.rateLimit?.limit ?? 180, windowMs: options.rateLimit?.windowMs ?? 60_000 };
  const preparingPolls = options.preparingPolls ?? 1;
  const retryAfterSeconds = options.retryAfterSeconds ?? 1;
  const organizationName = options.organizationName ?? 'Postlark Test Org';
  const requests: BeehiivRecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const scripts: Array<{ method?: string; path: string; behaviour: BeehiivBehaviour; left: number }> = [];
  let counter = 0;
  /** A prefixed, UUID-shaped id that is the same on every run. */
  const nextId = (prefix: string) => {
    counter += 1;
    const hex = counter.toString(16).padStart(12, '0');
    return `${prefix}_00000000-0000-4000-8000-${hex}`;
  };
  let windowStart = now().getTime();

  const state: FakeBeehiiv['state'] = { publications: [], plan: options.plan ?? 'scale', deliveries: [], windowCount: 0 };

  const addPublication = (name: string): FakePublication => {
    const publication: FakePublication = {
      id: nextId('pub'),
      name,
      organization_name: organizationName,
      referral_program_enabled: true,
      created: seconds() - 400 * 86_400,
      doubleOptIn: false,
      customFields: [],
      subscriptions: [],
      posts: [],
      webhooks: [],
    };
    state.publications.push(publication);
    return publication;
  };

  const addCustomField = (publicationId: string, display: string, kind: CustomFieldKind = 'string'): FakeCustomField => {
    const field: FakeCustomField = { id: nextId('cf'), kind, display, created: seconds() };
    publicationOrThrow(publicationId).customFields.push(field);
    return field;
  };

  const publicationOrThrow = (id: string) => {
    const publication = state.publications.find((candidate) => candidate.id === id);
    if (!publication) throw new HttpError(404, 'Publication not found', 'not_found');
    return publication;
  };

  /** Subscriptions by id and lower-cased email, rebuilt when the list changed (an upsert of 10,000 people stays linear). */
  const indexes = new Map<FakePublication, { list: FakeSubscription[]; length: number; version: number; byKey: Map<string, FakeSubscription> }>();
  let subscriptionsVersion = 0;
  const findSubscription = (publication: FakePublication, idOrEmail: string) => {
    let index = indexes.get(publication);
    if (!index || index.list !== publication.subscriptions || index.length !== publication.subscriptions.length || index.version !== subscriptionsVersion) {
      const byKey = new Map<string, FakeSubscription>();
      for (const sub of publication.subscriptions) {
        byKey.set(sub.id, sub);
        byKey.set(sub.email.toLowerCase(), sub);
      }
      index = { list: publication.subscriptions, length: publication.subscriptions.length, version: subscriptionsVersion, byKey };
      indexes.set(publication, index);
    }
    const sub = index.byKey.get(idOrEmail) ?? index.byKey.get(idOrEmail.toLowerCase());
    // A test may have edited an email in state directly: check the hit still matches.
    return sub && (sub.id === idOrEmail || sub.email.toLowerCase() === idOrEmail.toLowerCase()) ? sub : undefined;
  };

  /** Appends a subscription, keeping the lookup index current instead of rebuilding it. */
  const appendSubscription = (publication: FakePublication, sub: FakeSubscription) => {
    const index = indexes.get(publication);
    const current = index && index.list === publication.subscriptions && index.length === publication.subscriptions.length && index.version === subscriptionsVersion;
    publication.subscriptions.push(sub);
    if (current) {
      index.byKey.set(sub.id, sub);
      index.byKey.set(sub.email.toLowerCase(), sub);
      index.length += 1;
    }
  };

  const newSubscription = (email: string, status: SubscriptionStatus, created: number): FakeSubscription => ({
    id: nextId('sub'),
    email,
    status,
    created,
    subscription_tier: 'free',
    utm_source: '',
    utm_medium: '',
    utm_channel: '',
    utm_campaign: '',
    referring_site: '',
    referral_code: Math.abs(counter * 7919).toString(36).toUpperCase().padStart(8, 'X'),
    customFields: {},
    tags: [],
    emailsReceived: 0,
    opened: 0,
    clicked: 0,
  });

  const publicationJson = (publication: FakePublication, expand: string[]) => {
    const active = publication.subscriptions.filter((sub) => sub.status === 'active');
    const posts = publication.posts.filter((post) => post.sentAt !== null);
    const sent = posts.reduce((sum, post) => sum + post.recipients.size, 0);
    const uniqueOpens = posts.reduce((sum, post) => sum + [...post.recipients.values()].filter((e) => e.opens > 0).length, 0);
    const clicked = posts.reduce((sum, post) => sum + [...post.recipients.values()].reduce((s, e) => s + e.clicks, 0), 0);
    const clickers = posts.reduce((sum, post) => sum + [...post.recipients.values()].filter((e) => e.clicks > 0).length, 0);
    return {
      id: publication.id,
      name: publication.name,
      organization_name: publication.organization_name,
      referral_program_enabled: publication.referral_program_enabled,
      created: publication.created,
      ...(expand.includes('stats')
        ? {
            stats: {
              active_subscriptions: active.length,
              active_premium_subscriptions: active.filter((sub) => sub.subscription_tier === 'premium').length,
              active_free_subscriptions: active.filter((sub) => sub.subscription_tier === 'free').length,
              average_open_rate: sent ? round((uniqueOpens / sent) * 100) : 0,
              average_click_rate: sent ? round((clickers / sent) * 100) : 0,
              total_sent: sent,
              total_unique_opened: uniqueOpens,
              total_clicked: clicked,
            },
          }
        : {}),
    };
  };

  const subscriptionJson = (publication: FakePublication, sub: FakeSubscription, expand: string[]) => ({
    id: sub.id,
    email: sub.email,
    status: sub.status,
    created: sub.created,
    subscription_tier: sub.subscription_tier,
    subscription_premium_tier_names: sub.subscription_tier === 'premium' ? ['Premium'] : [],
    utm_source: sub.utm_source,
    utm_medium: sub.utm_medium,
    utm_channel: sub.utm_channel,
    utm_campaign: sub.utm_campaign,
    referring_site: sub.referring_site,
    referral_code: sub.referral_code,
    // docs silent on whether tags need an expand; the webhook payload always carries them, so the fake always does.
    tags: [...sub.tags],
    ...(expand.includes('custom_fields')
      ? {
          custom_fields: publication.customFields
            .filter((field) => field.display in sub.customFields)
            .map((field) => ({ name: field.display, kind: field.kind, value: sub.customFields[field.display] })),
        }
      : {}),
    ...(expand.includes('stats')
      ? {
          stats: {
            emails_received: sub.emailsReceived,
            open_rate: sub.emailsReceived ? round((sub.opened / sub.emailsReceived) * 100) : 0,
            click_through_rate: sub.emailsReceived ? round((sub.clicked / sub.emailsReceived) * 100) : 0,
          },
        }
      : {}),
  });

  const postStats = (post: FakePost) => {
    const all = [...post.recipients.values()];
    const recipients = all.length;
    const delivered = all.filter((e) => !e.bounced).length;
    const uniqueOpens = all.filter((e) => e.opens > 0).length;
    const uniqueClicks = all.filter((e) => e.clicks > 0).length;
    return {
      email: {
        recipients,
        delivered,
        opens: all.reduce((sum, e) => sum + e.opens, 0),
        unique_opens: uniqueOpens,
        // Percentages, as the SDK's example shows (45 unique opens of 100 → open_rate 45).
        open_rate: delivered ? round((uniqueOpens / delivered) * 100) : 0,
        clicks: all.reduce((sum, e) => sum + e.clicks, 0),
        unique_clicks: uniqueClicks,
        click_rate: delivered ? round((uniqueClicks / delivered) * 100) : 0,
        unsubscribes: all.filter((e) => e.unsubscribed).length,
        spam_reports: all.filter((e) => e.spam).length,
      },
      web: { views: 0, clicks: 0 },
      clicks: [],
    };
  };

  const postJson = (post: FakePost, expand: string[]) => ({
    id: post.id,
    title: post.title,
    subtitle: post.subtitle,
    authors: ['Postlark'],
    created: post.created,
    status: post.status,
    publish_date: post.scheduledAt ?? undefined,
    displayed_date: post.scheduledAt ?? undefined,
    split_tested: false,
    subject_line: post.subjectLine,
    preview_text: post.previewText,
    slug: post.title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, ''),
    thumbnail_url: '',
    web_url: '',
    audience: 'free',
    platform: post.platform,
    content_tags: [...post.contentTags],
    hidden_from_feed: false,
    ...(expand.includes('stats') ? { stats: postStats(post) } : {}),
  });

  const sendDuePosts = () => {
    const at = seconds();
    for (const publication of state.publications) {
      for (const post of publication.posts) {
        if (post.status !== 'confirmed' || post.sentAt !== null || post.preparingPolls > 0) continue;
        if (post.scheduledAt !== null && post.scheduledAt > at) continue;
        post.sentAt = at;
        post.scheduledAt ??= at;
        if (post.platform === 'web') continue;
        for (const sub of publication.subscriptions) {
          if (sub.status !== 'active') continue;
          post.recipients.set(sub.email.toLowerCase(), { opens: 0, clicks: 0, unsubscribed: false, spam: false, bounced: false });
          sub.emailsReceived += 1;
        }
      }
    }
  };

  const expandOf = (query: URLSearchParams) => [...query.getAll('expand[]'), ...query.getAll('expand')];

  const limitOf = (query: URLSearchParams) => {
    const raw = query.get('limit');
    if (raw === null) return 10;
    const limit = Number(raw);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw new HttpError(400, 'limit must be between 1 and 100', 'invalid_parameter');
    return limit;
  };

  /** Offset paging (publications, posts, webhooks, and the deprecated subscriptions mode): at most 100 pages. */
  const pageOf = <T>(items: T[], query: URLSearchParams) => {
    const limit = limitOf(query);
    const page = query.get('page') === null ? 1 : Number(query.get('page'));
    if (!Number.isInteger(page) || page < 1) throw new HttpError(400, 'page must be a positive integer', 'invalid_parameter');
    return { data: items.slice((page - 1) * limit, page * limit), limit, page, total_results: items.length, total_pages: Math.ceil(items.length / limit) };
  };

  const encodeCursor = (sub: FakeSubscription) => Buffer.from(JSON.stringify({ created: sub.created, id: sub.id })).toString('base64');
  const decodeCursor = (cursor: string) => {
    try {
      const parsed = JSON.parse(Buffer.from(cursor, 'base64').toString('utf8')) as { created?: unknown; id?: unknown };
      if (typeof parsed.created === 'number' && typeof parsed.id === 'string') return { created: parsed.created, id: parsed.id };
    } catch {
      // falls through to the 400 below
    }
    throw new HttpError(400, 'Invalid cursor', 'invalid_cursor');
  };

  const listSubscriptions = (publication: FakePublication, query: URLSearchParams) => {
    const status = query.get('status') ?? 'all';
    if (!['validating', 'invalid', 'pending', 'active', 'inactive', 'all'].includes(status)) throw new HttpError(400, `Invalid status: ${status}`, 'invalid_parameter');
    const tier = query.get('tier') ?? 'all';
    if (!['free', 'premium', 'all'].includes(tier)) throw new HttpError(400, `Invalid tier: ${tier}`, 'invalid_parameter');
    const orderBy = query.get('order_by') ?? 'created';
    if (orderBy !== 'created') throw new HttpError(400, `Invalid order_by: ${orderBy}`, 'invalid_parameter');
    const descending = query.get('direction') === 'desc';
    const email = query.get('email')?.toLowerCase();
    const compare = (a: { created: number; id: string }, b: { created: number; id: string }) => (a.created - b.created || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)) * (descending ? -1 : 1);
    const matching = publication.subscriptions
      .filter((sub) => (status === 'all' || sub.status === status) && (tier === 'all' || sub.subscription_tier === tier) && (!email || sub.email.toLowerCase() === email))
      .sort(compare);
    const expand = expandOf(query);
    if (query.get('page') !== null) {
      const page = pageOf(matching, query);
      if (page.page > 100) throw new HttpError(400, 'Offset pagination is limited to 100 pages. Please use cursor-based pagination.', 'invalid_parameter');
      return { ...page, data: page.data.map((sub) => subscriptionJson(publication, sub, expand)) };
    }
    // Cursor mode (also when neither cursor nor page is given: docs silent on the default; the SDK's first-page
    // example sends only `limit` and reads next_cursor). The cursor is opaque: base64 of the last row's sort key, so
    // rows added while paging do not shift the pages.
    const limit = limitOf(query);
    const cursor = query.get('cursor');
    const after = cursor ? decodeCursor(cursor) : null;
    const rest = after ? matching.filter((sub) => compare(sub, after) > 0) : matching;
    const data = rest.slice(0, limit);
    const hasMore = rest.length > limit;
    return {
      data: data.map((sub) => subscriptionJson(publication, sub, expand)),
      limit,
      has_more: hasMore,
      next_cursor: hasMore ? encodeCursor(data[data.length - 1]!) : null,
    };
  };

  const applyCustomFields = (publication: FakePublication, sub: FakeSubscription, values: unknown) => {
    if (values === undefined) return;
    if (!Array.isArray(values)) throw new HttpError(400, 'custom_fields must be an array', 'invalid_parameter');
    for (const item of values as Array<{ name?: unknown; value?: unknown }>) {
      // "The custom fields must already exist for the publication. Any new custom fields here will be discarded."
      const field = publication.customFields.find((candidate) => candidate.display === item?.name);
      if (!field) continue;
      if (item.value === null || item.value === '') delete sub.customFields[field.display];
      else sub.customFields[field.display] = item.value as string | number | boolean;
    }
  };

  const createSubscription = (publication: FakePublication, body: Record<string, unknown>) => {
    const email = typeof body.email === 'string' ? body.email.trim() : '';
    if (!/^[^\s@]+@[^\s@.]+\.[^\s@]+$/.test(email)) throw new HttpError(400, 'Email is invalid', 'invalid_email');
    const tier = body.tier ?? 'free';
    if (tier !== 'free' && tier !== 'premium') throw new HttpError(400, `Invalid tier: ${String(tier)}`, 'invalid_parameter');
    const existing = findSubscription(publication, email);
    if (existing) {
      // The quirk issue 22 names: an unsubscribed (inactive) email stays inactive unless reactivate_existing is
      // true ("should be used only if the subscriber is knowingly resubscribing"). docs silent on the answer's
      // status code for an existing email: the fake answers 201 with the existing subscription, as for a new one.
      if (existing.status === 'inactive' && body.reactivate_existing === true) existing.status = 'active';
      applyCustomFields(publication, existing, body.custom_fields);
      if (body.tier !== undefined) existing.subscription_tier = tier;
      return existing;
    }
    const doubleOpt = body.double_opt_override === 'on' || (body.double_opt_override !== 'off' && publication.doubleOptIn);
    const sub = newSubscription(email, doubleOpt ? 'pending' : 'active', seconds());
    sub.subscription_tier = tier;
    sub.utm_source = typeof body.utm_source === 'string' ? body.utm_source : '';
    sub.utm_medium = typeof body.utm_medium === 'string' ? body.utm_medium : '';
    sub.utm_campaign = typeof body.utm_campaign === 'string' ? body.utm_campaign : '';
    sub.utm_channel = 'api';
    sub.referring_site = typeof body.referring_site === 'string' ? body.referring_site : '';
    applyCustomFields(publication, sub, body.custom_fields);
    appendSubscription(publication, sub);
    return sub;
  };

  const updateSubscription = (publication: FakePublication, sub: FakeSubscription, body: Record<string, unknown>) => {
    if (body.tier !== undefined && body.tier !== 'free' && body.tier !== 'premium') throw new HttpError(400, `Invalid tier: ${String(body.tier)}`, 'invalid_parameter');
    if (body.unsubscribe === true) sub.status = 'inactive';
    if (body.tier === 'free' || body.tier === 'premium') sub.subscription_tier = body.tier;
    applyCustomFields(publication, sub, body.custom_fields);
  };

  const createPost = (publication: FakePublication, body: Record<string, unknown>) => {
    if (state.plan !== 'enterprise') {
      // docs: "available only to Enterprise users"; docs silent on the exact 403 text, this one says what it means.
      throw new HttpError(403, 'The Create Post endpoint is only available to Enterprise users.', 'forbidden');
    }
    if (typeof body.title !== 'string' || body.title.trim() === '') throw new HttpError(400, 'title is required', 'invalid_parameter');
    const hasBody = typeof body.body_content === 'string' && body.body_content !== '';
    const hasBlocks = Array.isArray(body.blocks) && body.blocks.length > 0;
    if (!hasBody && !hasBlocks) throw new HttpError(400, 'Either body_content or blocks must be provided', 'invalid_parameter');
    const status = body.status ?? 'confirmed';
    if (status !== 'draft' && status !== 'confirmed') throw new HttpError(400, `Invalid status: ${String(status)}`, 'invalid_parameter');
    let scheduledAt: number | null = null;
    if (body.scheduled_at !== undefined) {
      if (status === 'draft') throw new HttpError(400, 'A draft post cannot be scheduled', 'invalid_parameter');
      const time = Date.parse(String(body.scheduled_at));
      if (Number.isNaN(time)) throw new HttpError(400, 'scheduled_at is not a valid datetime', 'invalid_parameter');
      scheduledAt = Math.floor(time / 1000);
    }
    const emailSettings = (body.email_settings ?? {}) as Record<string, unknown>;
    const post: FakePost = {
      id: nextId('post'),
      title: body.title,
      subtitle: typeof body.subtitle === 'string' ? body.subtitle : '',
      status,
      created: seconds(),
      scheduledAt,
      platform: 'both',
      bodyContent: hasBody ? String(body.body_content) : JSON.stringify(body.blocks),
      subjectLine: typeof emailSettings.email_subject_line === 'string' ? emailSettings.email_subject_line : body.title,
      previewText: typeof emailSettings.email_preview_text === 'string' ? emailSettings.email_preview_text : '',
      contentTags: Array.isArray(body.content_tags) ? body.content_tags.map(String) : [],
      preparingPolls,
      sentAt: null,
      recipients: new Map(),
    };
    publication.posts.push(post);
    return post;
  };

  const json = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    response.end(body === undefined ? '' : JSON.stringify(body));
  };
  const errorBody = (status: number, message: string, code: string) => ({ status, statusText: STATUS_TEXT[status] ?? 'Error', errors: [{ message, code }] });

  /** RateLimit-* headers (docs: limit, remaining, reset as unix seconds) on every answer while limiting is on. */
  const rateHeaders = (): Record<string, string> => {
    if (!rateLimit) return {};
    return {
      'RateLimit-Limit': String(rateLimit.limit),
      'RateLimit-Remaining': String(Math.max(0, rateLimit.limit - state.windowCount)),
      'RateLimit-Reset': String(Math.ceil((windowStart + rateLimit.windowMs) / 1000)),
    };
  };

  const route = (method: string, path: string, query: URLSearchParams, body: Record<string, unknown>): { status: number; body: unknown; headers?: Record<string, string> } => {
    const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
    if (parts[0] !== 'v2' || parts[1] !== 'publications') throw new HttpError(404, 'Not found', 'not_found');
    const [, , publicationId, collection, id, sub] = parts;
    if (!publicationId) {
      if (method !== 'GET') throw new HttpError(404, 'Not found', 'not_found');
      const page = pageOf(state.publications, query);
      return { status: 200, body: { ...page, data: page.data.map((publication) => publicationJson(publication, expandOf(query))) } };
    }
    const publication = publicationOrThrow(publicationId);
    if (!collection) {
      if (method !== 'GET') throw new HttpError(404, 'Not found', 'not_found');
      return { status: 200, body: { data: publicationJson(publication, expandOf(query)) } };
    }
    if (collection === 'subscriptions') {
      if (!id) {
        if (method === 'GET') return { status: 200, body: listSubscriptions(publication, query) };
        if (method === 'POST') return { status: 201, body: { data: subscriptionJson(publication, createSubscription(publication, body), ['custom_fields']) } };
        throw new HttpError(404, 'Not found', 'not_found');
      }
      if (id === 'by_email' && sub !== undefined && method === 'GET') {
        const found = publication.subscriptions.find((candidate) => candidate.email.toLowerCase() === sub.toLowerCase());
        if (!found) throw new HttpError(404, 'Subscription not found', 'not_found');
        return { status: 200, body: { data: subscriptionJson(publication, found, expandOf(query)) } };
      }
      const found = publication.subscriptions.find((candidate) => candidate.id === id);
      if (!found) throw new HttpError(404, 'Subscription not found', 'not_found');
      if (sub === 'tags' && method === 'POST') {
        // SDK subscriptionTags.create: {tags: string[]}, "if the tag does not exist on the publication, it will be
        // created automatically"; answers {data: Subscription}. docs silent on 200 vs 201: 201 as other creations.
        if (!Array.isArray(body.tags) || body.tags.some((tag) => typeof tag !== 'string')) throw new HttpError(400, 'tags must be an array of strings', 'invalid_parameter');
        for (const tag of body.tags as string[]) if (!found.tags.includes(tag)) found.tags.push(tag);
        return { status: 201, body: { data: subscriptionJson(publication, found, ['custom_fields']) } };
      }
      if (method === 'GET') return { status: 200, body: { data: subscriptionJson(publication, found, expandOf(query)) } };
      if (method === 'PATCH' || method === 'PUT') {
        updateSubscription(publication, found, body);
        return { status: 200, body: { data: subscriptionJson(publication, found, ['custom_fields']) } };
      }
      if (method === 'DELETE') {
        // "This cannot be undone. All data associated with the subscription will also be deleted."
        publication.subscriptions.splice(publication.subscriptions.indexOf(found), 1);
        subscriptionsVersion += 1;
        // docs silent on the status: SubscriptionDeleteResponse is {message?}, so 200 with a message.
        return { status: 200, body: { message: 'Subscription deleted' } };
      }
      throw new HttpError(404, 'Not found', 'not_found');
    }
    if (collection === 'custom_fields' && !id && method === 'GET') {
      return { status: 200, body: { data: publication.customFields.map((field) => ({ id: field.id, kind: field.kind, display: field.display, created: field.created })) } };
    }
    if (collection === 'webhooks') {
      if (!id && method === 'POST') {
        if (typeof body.url !== 'string' || !/^https?:\/\//.test(body.url)) throw new HttpError(400, 'url must be a valid URL', 'invalid_parameter');
        const types = body.event_types;
        if (!Array.isArray(types) || types.length === 0) throw new HttpError(400, 'event_types is required', 'invalid_parameter');
        const unknown = types.find((type) => !(BEEHIIV_WEBHOOK_EVENT_TYPES as readonly unknown[]).includes(type));
        if (unknown !== undefined) throw new HttpError(400, `Invalid event type: ${String(unknown)}`, 'invalid_parameter');
        const webhook: FakeWebhook = { id: nextId('ep').replace(/-/g, ''), url: body.url, created: seconds(), updated: seconds(), event_types: types.map(String), description: typeof body.description === 'string' ? body.description : '' };
        publication.webhooks.push(webhook);
        // docs silent on 200 vs 201 for a created webhook: 201 like a created subscription.
        return { status: 201, body: { data: webhook } };
      }
      if (!id && method === 'GET') return { status: 200, body: pageOf(publication.webhooks, query) };
      const webhook = publication.webhooks.find((candidate) => candidate.id === id);
      if (!webhook) throw new HttpError(404, 'Webhook not found', 'not_found');
      if (method === 'GET') return { status: 200, body: { data: webhook } };
      if (method === 'DELETE') {
        publication.webhooks.splice(publication.webhooks.indexOf(webhook), 1);
        return { status: 200, body: {} };
      }
      throw new HttpError(404, 'Not found', 'not_found');
    }
    if (collection === 'posts') {
      if (!id && method === 'POST') {
        const post = createPost(publication, body);
        // Accepted, still being prepared: poll GET /posts/{id} after Retry-After seconds.
        return { status: 202, body: { data: postJson(post, []) }, headers: { 'Retry-After': String(retryAfterSeconds) } };
      }
      if (!id && method === 'GET') {
        const status = query.get('status') ?? 'all';
        const platform = query.get('platform') ?? 'all';
        if (!['draft', 'confirmed', 'archived', 'all'].includes(status)) throw new HttpError(400, `Invalid status: ${status}`, 'invalid_parameter');
        if (!['web', 'email', 'both', 'all'].includes(platform)) throw new HttpError(400, `Invalid platform: ${platform}`, 'invalid_parameter');
        const matching = publication.posts.filter((post) => (status === 'all' || post.status === status) && (platform === 'all' || post.platform === platform));
        const page = pageOf(matching, query);
        return { status: 200, body: { ...page, data: page.data.map((post) => postJson(post, expandOf(query))) } };
      }
      const post = publication.posts.find((candidate) => candidate.id === id);
      if (!post) throw new HttpError(404, 'Post not found', 'not_found');
      if (method === 'GET') {
        if (post.preparingPolls > 0) {
          post.preparingPolls -= 1;
          if (post.preparingPolls === 0) sendDuePosts();
          return { status: 202, body: { data: postJson(post, []) }, headers: { 'Retry-After': String(retryAfterSeconds) } };
        }
        return { status: 200, body: { data: postJson(post, expandOf(query)) } };
      }
      if (method === 'DELETE') {
        // "Delete or Archive a post": a draft goes, anything else is archived (docs silent on the exact rule).
        if (post.status === 'draft') publication.posts.splice(publication.posts.indexOf(post), 1);
        else post.status = 'archived';
        return { status: 200, body: {} };
      }
    }
    throw new HttpError(404, 'Not found', 'not_found');
  };

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const parsedUrl = new URL(request.url ?? '/', 'http://fake');
        const method = request.method ?? 'GET';
        const record: BeehiivRecordedRequest = { method, path: parsedUrl.pathname, query: parsedUrl.searchParams, headers: request.headers, body: null, status: 0 };
        requests.push(record);
        const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
          record.status = status;
          json(response, status, body, { ...rateHeaders(), ...headers });
        };
        try {
          record.body = raw ? JSON.parse(raw) : null;
        } catch {
          send(400, errorBody(400, 'Request body is not valid JSON', 'invalid_json'));
          return;
        }
        if (apiKey === null || request.headers.authorization !== `Bearer ${apiKey}`) {
          // The real envelope; docs silent on the exact text of a bad or revoked key.
          send(401, errorBody(401, 'The API key is invalid or has been revoked', 'unauthorized'));
          return;
        }
        const scripted = scripts.find((entry) => (!entry.method || entry.method === method) && record.path.startsWith(`/v2${entry.path}`));
        if (scripted) {
          scripted.left -= 1;
          if (scripted.left <= 0) scripts.splice(scripts.indexOf(scripted), 1);
          const behaviour = scripted.behaviour;
          if (behaviour.kind === 'drop') {
            record.status = -1;
            response.socket?.destroy();
            return;
          }
          if (behaviour.kind === 'error') {
            send(behaviour.status, errorBody(behaviour.status, behaviour.message ?? 'Something went wrong', behaviour.code ?? 'error'), behaviour.headers);
            return;
          }
          if (behaviour.kind === 'rate-limited') {
            record.status = 429;
            json(response, 429, errorBody(429, 'Too many requests', 'rate_limit_exceeded'), {
              'RateLimit-Limit': String(rateLimit?.limit ?? 180),
              'RateLimit-Remaining': '0',
              'RateLimit-Reset': String(seconds() + (behaviour.resetSeconds ?? 60)),
            });
            return;
          }
          await sleep(behaviour.delayMs);
        }
        if (rateLimit) {
          // A fixed window per organisation (one organisation per fake): docs say 180 a minute, not the window's kind.
          const at = now().getTime();
          if (at >= windowStart + rateLimit.windowMs) {
            windowStart = at;
            state.windowCount = 0;
          }
          state.windowCount += 1;
          if (state.windowCount > rateLimit.limit) {
            send(429, errorBody(429, 'Too many requests', 'rate_limit_exceeded'));
            return;
          }
        }
        sendDuePosts();
        const body = record.body && typeof record.body === 'object' && !Array.isArray(record.body) ? (record.body as Record<string, unknown>) : {};
        try {
          const answer = route(method, record.path, parsedUrl.searchParams, body);
          send(answer.status, answer.body, answer.headers);
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
          send(error.status, errorBody(error.status, error.message, error.code));
        }
      })().catch(() => json(response, 500, errorBody(500, 'Internal Server Error', 'internal_error')));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const first = addPublication('Postlark Weekly');
  addCustomField(first.id, 'First Name');
  addCustomField(first.id, 'Last Name');

  return {
    url: `http://127.0.0.1:${port}/v2`,
    apiKey: originalKey,
    publicationId: first.id,
    state,
    requests,
    addPublication,
    addCustomField,
    seedAudience(publicationId, count, seedOptions = {}) {
      const publication = publicationOrThrow(publicationId);
      const next = seededRandom(seedOptions.seed ?? 1);
      const inactiveShare = seedOptions.inactiveShare ?? 0.1;
      const domain = seedOptions.domain ?? 'example.test';
      const end = seconds();
      const created: FakeSubscription[] = [];
      for (let index = 0; index < count; index += 1) {
        const first = FIRST_NAMES[Math.floor(next() * FIRST_NAMES.length)]!;
        const last = LAST_NAMES[Math.floor(next() * LAST_NAMES.length)]!;
        const email = `${first}.${last}.${publication.subscriptions.length + 1}@${domain}`.toLowerCase();
        // Spread over the last year, in order, so cursor paging by `created` sees them oldest first.
        const sub = newSubscription(email, next() < inactiveShare ? 'inactive' : 'active', end - 365 * 86_400 + Math.floor(((index + 1) / (count + 1)) * 365 * 86_400));
        sub.utm_source = next() < 0.5 ? 'import' : 'website';
        sub.utm_channel = sub.utm_source === 'import' ? 'import' : 'website';
        if (publication.customFields.some((field) => field.display === 'First Name')) sub.customFields['First Name'] = first;
        if (publication.customFields.some((field) => field.display === 'Last Name')) sub.customFields['Last Name'] = last;
        if (next() < 0.3) sub.tags.push('vip');
        sub.emailsReceived = Math.floor(next() * 40);
        sub.opened = Math.floor(sub.emailsReceived * next());
        sub.clicked = Math.floor(sub.opened * next() * 0.5);
        appendSubscription(publication, sub);
        created.push(sub);
      }
      return created;
    },
    script(match, behaviour, times = 1) {
      scripts.push({ method: match.method?.toUpperCase(), path: match.path, behaviour, left: times });
    },
    changeSubscription(publicationId, idOrEmail, change) {
      const publication = publicationOrThrow(publicationId);
      const sub = findSubscription(publication, idOrEmail);
      if (!sub) throw new Error(`No subscription ${idOrEmail} in ${publicationId}`);
      if (change.status) sub.status = change.status;
      if (change.tier) sub.subscription_tier = change.tier;
      if (change.tags) sub.tags = [...change.tags];
      if (change.customFields) Object.assign(sub.customFields, change.customFields);
      // No event: beehiiv has no webhook for an unsubscribe (or a field change); and a subscription has no
      // `updated` timestamp to filter on, so the product must poll statuses to see this.
      return sub;
    },
    async fireWebhook(publicationId, eventType, subject, url) {
      const publication = publicationOrThrow(publicationId);
      let data: unknown = subject;
      if (typeof subject === 'string') {
        const sub = findSubscription(publication, subject);
        const post = publication.posts.find((candidate) => candidate.id === subject);
        if (sub) data = subscriptionJson(publication, sub, ['custom_fields']);
        else if (post) data = postJson(post, []);
        else throw new Error(`No subscription or post ${subject} in ${publicationId}`);
      }
      const targets = url ? [url] : publication.webhooks.filter((webhook) => webhook.event_types.includes(eventType)).map((webhook) => webhook.url);
      let firstStatus = 0;
      for (const target of targets) {
        // docs silent on signing: the SDK's Webhook has no secret and no signature header is documented, so the
        // delivery is unsigned JSON; the product should put a secret in the URL it registers.
        const body = { uid: nextId('evt'), event_timestamp: seconds(), event_type: eventType, data };
        let status: number;
        try {
          const answer = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
          status = answer.status;
          await answer.arrayBuffer();
        } catch {
          status = 0;
        }
        state.deliveries.push({ url: target, body, status });
        if (firstStatus === 0) firstStatus = status;
      }
      return firstStatus;
    },
    recordEngagement(publicationId, postId, email, engagement) {
      const publication = publicationOrThrow(publicationId);
      const post = publication.posts.find((candidate) => candidate.id === postId);
      if (!post) throw new Error(`No post ${postId} in ${publicationId}`);
      const entry = post.recipients.get(email.toLowerCase());
      if (!entry) throw new Error(`${email} did not receive ${postId}`);
      const sub = findSubscription(publication, email);
      if (engagement.opens !== undefined) {
        if (sub && entry.opens === 0 && engagement.opens > 0) sub.opened += 1;
        entry.opens = engagement.opens;
      }
      if (engagement.clicks !== undefined) {
        if (sub && entry.clicks === 0 && engagement.clicks > 0) sub.clicked += 1;
        entry.clicks = engagement.clicks;
      }
      if (engagement.bounced !== undefined) entry.bounced = engagement.bounced;
      if (engagement.spam !== undefined) entry.spam = engagement.spam;
      if (engagement.unsubscribed !== undefined) entry.unsubscribed = engagement.unsubscribed;
      if ((engagement.unsubscribed || engagement.spam) && sub) sub.status = 'inactive';
    },
    sendDuePosts,
    setPlan(plan) {
      state.plan = plan;
    },
    revoke() {
      apiKey = null;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function round(value: number) {
  return Math.round(value * 100) / 100;
}
