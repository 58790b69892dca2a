import * as z from 'zod/mini';
import { RECORD_STATES } from './senders';

// Issue 32, points 6 and 7: the guardrails that keep one account from spoiling the platform's
// sending reputation, and the Deliverability page that shows an account where it stands:
// GET /api/deliverability/v1/overview and POST /api/deliverability/v1/resume (session-authenticated).

/** The mailbox providers the page and the counters tell apart (by the address's domain). */
export const MAILBOX_PROVIDERS = ['gmail', 'microsoft', 'yahoo', 'apple', 'other'] as const;
export type MailboxProvider = (typeof MAILBOX_PROVIDERS)[number];

export const MAILBOX_PROVIDER_LABELS: Record<MailboxProvider, string> = {
  gmail: 'Gmail',
  microsoft: 'Microsoft',
  yahoo: 'Yahoo and AOL',
  apple: 'Apple iCloud',
  other: 'Others',
};

/** UTC days the page shows, today included. */
export const DELIVERABILITY_DAYS = 30;
/** Sender-side refusals listed at most, newest first. */
export const DELIVERABILITY_REFUSALS = 10;

/**
 * Gmail's sender guidelines (Postmaster Tools' spam rate): keep it below 0.1%, and never reach
 * 0.3%. Yahoo holds bulk senders to the same 0.3%.
 */
export const GMAIL_SPAM_RATE_LINES = { target: 0.001, ceiling: 0.003 } as const;

export const PAUSE_RULES = ['hard-bounces', 'complaints'] as const;
export type PauseRule = (typeof PAUSE_RULES)[number];

/** A share as people read it: 5.2%, 0.31%. */
export function percentText(share: number): string {
  const percent = share * 100;
  const digits = percent >= 10 ? 0 : percent >= 1 ? 1 : 2;
  return `${percent.toFixed(digits)}%`;
}

export const DELIVERABILITY_TEXTS = {
  pausedForHardBounces: (campaign: string, share: number, messages: number) =>
    `Sending is paused: ${percentText(share)} of the first ${messages.toLocaleString('en-US')} messages of "${campaign}" went to addresses that do not exist.`,
  pausedForComplaints: (share: number, days: number) => `Sending is paused: ${percentText(share)} of the messages you sent in the last ${days} days were reported as spam.`,
  nextSteps: {
    'hard-bounces':
      'Addresses that do not exist come from lists that were bought, scraped, typed by hand or left unmailed for years. The ones that bounced are already suppressed. Remove the people you cannot show agreed to hear from you, then resume sending.',
    complaints:
      'People mark mail as spam when they do not remember asking for it. Send only to people who signed up, use a From name they know, and keep the unsubscribe link easy to find. Remove the people you cannot show agreed to hear from you, then resume sending.',
  } satisfies Record<PauseRule, string>,
  resume: 'I have removed the people who did not agree: resume sending',
  resumed: 'Sending resumed. Your paused campaigns stay paused: resume each from its page when you are ready.',
  resumeBySupport: 'Sending was paused again within 30 days of the last pause, so only support can resume it. Write to support with what you changed in your list.',
  notPaused: 'Sending is not paused.',
  /** Refusing to start or resume a campaign while the account is paused. */
  accountPaused: (reason: string) => `${reason} Open Deliverability to see what to do next.`,
  warmUp: (day: number, limit: number) => `Warm-up day ${day}: up to ${limit.toLocaleString('en-US')} messages in 24 hours, your most engaged readers first.`,
  warmUpDone: 'Warm-up done: only your daily limit applies.',
} as const;

const count = z.number();
const rate = z.nullable(z.number());

const pauseSchema = z.object({
  at: z.string(),
  rule: z.enum(PAUSE_RULES),
  reason: z.string(),
  next_steps: z.string(),
  campaign_id: z.nullable(z.string()),
  /** False once a second pause within 30 days needs support. */
  can_resume: z.boolean(),
});

/** One UTC day's counts for one provider (days and providers with nothing are left out). */
const dayCountsSchema = z.object({
  date: z.string(),
  provider: z.enum(MAILBOX_PROVIDERS),
  sent: count,
  hard: count,
  soft: count,
  complaints: count,
  refusals: count,
});
export type DeliverabilityDayCounts = z.output<typeof dayCountsSchema>;

export const deliverabilityOverviewSchema = z.object({
  as_of: z.string(),
  /** The UTC dates shown, oldest first (DELIVERABILITY_DAYS of them, ending today). */
  dates: z.array(z.string()),
  counts: z.array(dayCountsSchema),
  sending: z.object({
    paused: z.nullable(pauseSchema),
    /** Messages a day the account may send at most (CAMPAIGN_MESSAGES_PER_DAY). */
    daily_limit: count,
    /** Null once the schedule is over (or the operator turned warm-ups off). */
    warm_up: z.nullable(
      z.object({
        /** 1 on the first day. */
        day: count,
        days: count,
        limit: count,
        /** Sent within the last 24 hours, against `limit`. */
        used: count,
        /** Why it started: the account's first message, or a sending domain authenticated later. */
        since: z.string(),
        domain: z.nullable(z.string()),
      }),
    ),
    /** The complaint rule's window: what it counts now (after a lifted pause, only what was sent since). */
    complaints: z.object({ days: count, sent: count, complaints: count, rate, ceiling: z.number() }),
    hard_bounces: z.object({ share: z.number(), sample: count }),
  }),
  domains: z.array(
    z.object({
      domain: z.string(),
      authenticated_at: z.nullable(z.string()),
      dkim: z.enum(RECORD_STATES),
      return_path: z.enum(RECORD_STATES),
      dmarc: z.enum(RECORD_STATES),
    }),
  ),
  refusals: z.array(
    z.object({
      at: z.string(),
      provider: z.enum(MAILBOX_PROVIDERS),
      status: z.nullable(z.string()),
      diagnostic: z.string(),
      source: z.string(),
      campaign_id: z.nullable(z.string()),
    }),
  ),
});
export type DeliverabilityOverview = z.output<typeof deliverabilityOverviewSchema>;
