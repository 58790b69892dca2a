import type { SimplePublicObject } from '@hubspot/api-client/lib/codegen/crm/contacts/index.js';
import { PlatformError, type RemotePerson, type RemoteStatus } from '../platform-client';
import type { PlatformAnswer } from '../platform-http';

// What HubSpot's answers mean, apart from the calls themselves (client.ts): contacts as RemotePerson,
// error bodies as PlatformError, rate-limit headers and 429 bodies as waits.

/** An SDK model as it travels as JSON: Dates are ISO strings, the SDK's `_new` is `new` (the fake serves the same types). */
export type Wire<T> = T extends Date
  ? string
  : T extends Array<infer U>
    ? Array<Wire<U>>
    : T extends object
      ? { [K in keyof T as K extends '_new' ? 'new' : K extends '_in' ? 'in' : K]: Wire<T[K]> }
      : T;

/** Contact properties copied into `fields`: a fixed, small set every portal has (HubSpot's default contact properties). */
export const FIELD_NAMES = ['company', 'phone', 'jobtitle', 'city', 'country'] as const;

/** Read for the status: portal-wide opt-out, and the two marks of a dead address. */
const STATUS_PROPERTIES = ['hs_email_optout', 'hs_email_hard_bounce_reason_enum', 'hs_email_bad_address'];

/** What every read of people asks for (list and search answer only the properties named, or a default six). */
export const PERSON_PROPERTIES = ['email', 'firstname', 'lastname', 'createdate', 'lastmodifieddate', ...STATUS_PROPERTIES, ...FIELD_NAMES];

type Properties = Record<string, string | null | undefined>;

/**
 * HubSpot's email status in our words. hs_email_optout is the portal-wide "opted out of all email"
 * (read-only as a property: set by the person, HubSpot, or communication preferences v4
 * unsubscribe-all, which our opt-outs use); a hard bounce or a bad address marks the
 * address dead. Per-type unsubscribes (communication preferences) are not read here: that is one call
 * per person, too dear for a poll, so a person out of one type but not all still reads subscribed.
 */
export function statusOf(properties: Properties): RemoteStatus {
  if (properties.hs_email_optout === 'true') return 'unsubscribed';
  if (properties.hs_email_hard_bounce_reason_enum || properties.hs_email_bad_address === 'true') return 'bounced';
  return 'subscribed';
}

const dateOf = (value: string | null | undefined, fallback: string | undefined): Date | null => {
  for (const candidate of [value, fallback]) {
    if (!candidate) continue;
    // Search filters and some answers give epoch milliseconds, the CRM answers ISO 8601.
    const time = /^\d+$/.test(candidate) ? Number(candidate) : Date.parse(candidate);
    if (Number.isFinite(time)) return new Date(time);
  }
  return null;
};

/** A contact as a RemotePerson; null for a contact without an email address (nothing to sync it by). */
export function personOf(contact: Wire<SimplePublicObject>): RemotePerson | null {
  const properties: Properties = contact.properties ?? {};
  const email = properties.email?.trim().toLowerCase();
  if (!email) return null;
  const fields: Record<string, string> = {};
  for (const name of FIELD_NAMES) {
    const value = properties[name];
    if (value !== null && value !== undefined && value !== '') fields[name] = String(value);
  }
  return {
    remoteId: contact.id,
    email,
    firstName: properties.firstname ?? '',
    lastName: properties.lastname ?? '',
    fields,
    // HubSpot contacts have no tags (lists are a separate object).
    tags: [],
    status: statusOf(properties),
    subscribedAt: dateOf(properties.createdate, contact.createdAt),
    changedAt: dateOf(properties.lastmodifieddate, contact.updatedAt),
    // HubSpot's API cannot tell the person's own confirmation from a write.
    confirmedAt: null,
  };
}

/** HubSpot's error envelope ({status:'error', message, category}; a 429 has errorType and policyName instead). */
interface HubSpotErrorBody {
  message?: string;
  category?: string;
  errorType?: string;
  policyName?: string;
}

const bodyOf = (answer: PlatformAnswer): HubSpotErrorBody => (answer.json && typeof answer.json === 'object' ? (answer.json as HubSpotErrorBody) : {});

/** The platform's own words; "Property values were not valid: [json]" read into its messages. */
function messageOf(answer: PlatformAnswer): string {
  const message = bodyOf(answer).message?.trim();
  if (!message) return `HubSpot answered ${answer.status}.`;
  const invalid = /^Property values were not valid: (\[.*\])$/s.exec(message);
  if (invalid) {
    try {
      const problems = JSON.parse(invalid[1]!) as Array<{ message?: string }>;
      const texts = problems.map((problem) => problem.message).filter(Boolean);
      if (texts.length > 0) return `Property values were not valid: ${texts.join(' ')}`;
    } catch {
      // Not the JSON HubSpot usually puts there: keep its text as is.
    }
  }
  return message;
}

/** A non-2xx answer as the sync must act on it. */
export function errorOf(answer: PlatformAnswer): PlatformError {
  const body = bodyOf(answer);
  const message = messageOf(answer);
  const { status } = answer;
  if (status === 401) return new PlatformError('unauthorized', message, status);
  if (status === 403) {
    // A token without the scopes a call needs cannot be fixed by waiting: the customer must change the
    // private app. Any other 403 is a feature the portal's subscription does not include.
    const auth = body.category === 'MISSING_SCOPES' || body.category === 'INVALID_AUTHENTICATION' || body.category === 'REVOKED_AUTHENTICATION';
    return new PlatformError(auth ? 'unauthorized' : 'plan_limit', message, status);
  }
  if (status === 404) return new PlatformError('not_found', message, status);
  if (status === 429) return new PlatformError('rate_limited', message, status);
  if (status >= 500) return new PlatformError('transient', message, status);
  return new PlatformError('refused', message, status);
}

const numberHeader = (answer: PlatformAnswer, name: string): number | null => {
  const value = answer.headers.get(name);
  if (value === null || value.trim() === '') return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : null;
};

/** The next midnight in the account's time zone (when HubSpot's daily budget resets), in ms since the epoch. */
export function nextMidnight(now: number, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
      .formatToParts(new Date(now))
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  const offset = wall - Math.floor(now / 1000) * 1000;
  return Date.UTC(parts.year!, parts.month! - 1, parts.day! + 1) - offset;
}

/**
 * How long a 429 says to wait. HubSpot sends no Retry-After; its body names the policy: the rolling
 * ten-second burst (wait out the interval the headers give), search's per-second limit (a second), the
 * day's budget (until midnight in the account's time zone, far past what a client waits by itself).
 */
export function retryAfterOf(answer: PlatformAnswer, now: number, timeZone: string): number | null {
  const retryAfter = numberHeader(answer, 'retry-after');
  if (retryAfter !== null) return retryAfter * 1000;
  const body = bodyOf(answer);
  const policy = body.policyName ?? '';
  if (policy === 'DAILY') return nextMidnight(now, timeZone) - now;
  if (policy === 'SECONDLY' || /secondly limit/i.test(body.message ?? '')) return 1000;
  if (policy === 'TEN_SECONDLY_ROLLING') return numberHeader(answer, 'x-hubspot-ratelimit-interval-milliseconds') ?? 10_000;
  return null;
}
