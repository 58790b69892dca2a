import { createHash } from 'node:crypto';
import { PlatformError, type RemotePerson, type RemoteStatus, type WebhookNotice } from '../platform-client';
import type { PlatformAnswer, PlatformRules } from '../platform-http';

// What Mailchimp's answers mean, in our words: its error bodies (application/problem+json with
// title and detail), its member statuses and fields, its webhook bodies (form-encoded, unsigned).
// Sources: the Marketing API 3.0 reference (errors, list members, webhooks) as mirrored by the
// mailchimp-marketing SDKs' docs, and the fake's header (apps/api/test/support/fakes/mailchimp.ts).

/** Mailchimp's "subscriber hash": md5 of the lower-cased address, used in member URLs. */
export const subscriberHash = (email: string) => createHash('md5').update(email.trim().toLowerCase()).digest('hex');

interface Problem {
  title?: unknown;
  detail?: unknown;
  errors?: unknown;
}

/** The platform's own words: title and detail, and the field errors of an "Invalid Resource". */
export function problemMessage(answer: PlatformAnswer): string {
  const body = (answer.json ?? {}) as Problem;
  const title = typeof body.title === 'string' ? body.title : '';
  const detail = typeof body.detail === 'string' ? body.detail : '';
  const fieldErrors = Array.isArray(body.errors)
    ? body.errors.map((error: { field?: unknown; message?: unknown }) => [error.field, error.message].filter((part) => typeof part === 'string' && part).join(': ')).filter(Boolean)
    : [];
  const words = [title, detail, ...fieldErrors].filter(Boolean).join(': ');
  // A body that is not Mailchimp's (a proxy's page) is not shown: only its status.
  return words || `Mailchimp answered ${answer.status}.`;
}

/** Mailchimp sends 403 both for a disabled or unauthorised key and for a feature the plan lacks. */
const PLAN_WORDS = /\b(plan|upgrade|paid account|paid plan|pricing)\b/i;

export function mailchimpErrorOf(answer: PlatformAnswer): PlatformError {
  const message = problemMessage(answer);
  const { status } = answer;
  if (status === 401) return new PlatformError('unauthorized', message, status);
  if (status === 403) return new PlatformError(PLAN_WORDS.test(message) ? 'plan_limit' : 'unauthorized', message, status);
  if (status === 404) return new PlatformError('not_found', message, status);
  if (status === 429) return new PlatformError('rate_limited', message, status);
  if (status >= 500) return new PlatformError('transient', message, status);
  return new PlatformError('refused', message, status);
}

/** Mailchimp's 429 (more than 10 connections at once) carries no Retry-After: back off, unless one is sent. */
export function mailchimpRetryAfterMs(answer: PlatformAnswer, now: number): number | null {
  const header = answer.headers.get('retry-after');
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

export const baseRules: Pick<PlatformRules, 'errorOf' | 'retryAfterMs'> = { errorOf: mailchimpErrorOf, retryAfterMs: mailchimpRetryAfterMs };

/**
 * Member statuses in our words. `transactional` (the address may get transactional mail only) is
 * 'pending': not mailable, and only the person can change it by subscribing. `cleaned` is a dead
 * address: 'bounced'.
 */
const STATUS: Record<string, RemoteStatus> = {
  subscribed: 'subscribed',
  pending: 'pending',
  transactional: 'pending',
  unsubscribed: 'unsubscribed',
  cleaned: 'bounced',
  archived: 'archived',
};

export interface MemberJson {
  id: string;
  email_address: string;
  status: string;
  merge_fields?: Record<string, unknown>;
  tags?: Array<{ name: string }>;
  timestamp_signup?: string;
  timestamp_opt?: string;
  ip_opt?: string;
  last_changed?: string;
}

/** The member fields the client asks for (`fields=`), so pages of 1,000 stay small. */
export const MEMBER_FIELDS = ['id', 'email_address', 'status', 'merge_fields', 'tags', 'timestamp_signup', 'timestamp_opt', 'ip_opt', 'last_changed'];

const dateOf = (value: string | undefined) => {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time);
};

/** An ADDRESS merge field is an object: flattened as `ADDRESS.addr1`, `ADDRESS.city`… (and put back together on write). */
function flatten(fields: Record<string, string>, name: string, value: unknown): void {
  if (value === null || value === undefined || value === '') return;
  if (typeof value === 'object') {
    for (const [key, child] of Object.entries(value as Record<string, unknown>)) flatten(fields, `${name}.${key}`, child);
    return;
  }
  const text = String(value);
  if (text.trim()) fields[name] = text;
}

export function personOf(member: MemberJson): RemotePerson {
  const merge = member.merge_fields ?? {};
  const fields: Record<string, string> = {};
  for (const [tag, value] of Object.entries(merge)) if (tag !== 'FNAME' && tag !== 'LNAME') flatten(fields, tag, value);
  const status = STATUS[member.status] ?? 'pending';
  return {
    remoteId: member.id,
    email: member.email_address.trim().toLowerCase(),
    firstName: typeof merge.FNAME === 'string' ? merge.FNAME : '',
    lastName: typeof merge.LNAME === 'string' ? merge.LNAME : '',
    fields,
    tags: (member.tags ?? []).map((tag) => tag.name),
    status,
    subscribedAt: dateOf(member.timestamp_signup) ?? dateOf(member.timestamp_opt),
    changedAt: dateOf(member.last_changed),
    // timestamp_opt is "the date and time the subscriber confirmed their opt-in status"; ip_opt is the
    // address they confirmed from, empty when an API write (ours or another app's) subscribed them. So
    // only a subscribed member with an opt-in IP counts as the person's own confirmation.
    confirmedAt: status === 'subscribed' && member.ip_opt ? dateOf(member.timestamp_opt) : null,
  };
}

/** Our fields back into merge_fields: dotted names (`ADDRESS.city`) regrouped into their object. */
export function mergeFieldsOf(firstName: string, lastName: string, fields: Record<string, string>): Record<string, unknown> {
  const merge: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    const dot = name.indexOf('.');
    if (dot < 0) merge[name] = value;
    else {
      const group = (merge[name.slice(0, dot)] ??= {}) as Record<string, string>;
      group[name.slice(dot + 1)] = value;
    }
  }
  if (firstName) merge.FNAME = firstName;
  if (lastName) merge.LNAME = lastName;
  return merge;
}

// ------------------------------------------------------------------------------------- webhooks

/** A webhook body as received: the raw form, URLSearchParams, flat form fields (`data[email]`) or nested (`data.email`). */
function formFields(body: unknown): Map<string, string> | null {
  const fields = new Map<string, string>();
  if (typeof body === 'string' || Buffer.isBuffer(body)) {
    for (const [key, value] of new URLSearchParams(String(body))) fields.set(key, value);
    return fields;
  }
  if (body instanceof URLSearchParams) {
    for (const [key, value] of body) fields.set(key, value);
    return fields;
  }
  if (body === null || typeof body !== 'object') return null;
  const walk = (prefix: string, value: unknown) => {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [key, child] of Object.entries(value)) walk(prefix ? `${prefix}[${key}]` : key, child);
    } else if (typeof value === 'string') fields.set(prefix, value);
  };
  walk('', body);
  return fields;
}

/** fired_at is "YYYY-MM-DD HH:MM:SS" in UTC. */
function firedAt(value: string | undefined): Date {
  const time = value ? Date.parse(`${value.replace(' ', 'T')}Z`) : Number.NaN;
  return Number.isNaN(time) ? new Date() : new Date(time);
}

export function parseWebhook(body: unknown): WebhookNotice[] {
  const fields = formFields(body);
  if (!fields) return [];
  const type = fields.get('type');
  const at = firedAt(fields.get('fired_at'));
  const email = (fields.get('data[email]') ?? '').trim().toLowerCase() || null;
  const reason = fields.get('data[reason]');
  switch (type) {
    case 'subscribe':
      return [{ email, kind: 'subscribed', at }];
    case 'unsubscribe':
      // action "delete" is an admin deleting (archiving) the member: not an opt-out, the poll reads it.
      if (fields.get('data[action]') === 'delete') return [{ email, kind: 'changed', at }];
      return [{ email, kind: reason === 'abuse' ? 'complained' : 'unsubscribed', at }];
    case 'cleaned':
      return [{ email, kind: reason === 'abuse' ? 'complained' : 'bounced', at }];
    case 'profile':
      return [{ email, kind: 'changed', at }];
    case 'upemail': {
      const before = (fields.get('data[old_email]') ?? '').trim().toLowerCase() || null;
      const after = (fields.get('data[new_email]') ?? '').trim().toLowerCase() || null;
      return [{ email: before, kind: 'changed', at }, { email: after, kind: 'changed', at }];
    }
    default:
      // 'campaign' (not registered) and anything that is not Mailchimp's.
      return [];
  }
}
