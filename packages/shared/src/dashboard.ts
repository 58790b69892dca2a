import * as z from 'zod/mini';
import { AB_STATUSES } from './ab-tests';
import { PLATFORM_IDS } from './integrations';
import { POSTAL_ADDRESS_FIELDS } from './profile';

// Issue 23 item 4: Home (/dashboard) shows the account at a glance, read in one call:
// GET /api/home/v1/overview (session-authenticated). Answer-only: never parsed from a request.

/** Days of audience history Home charts (UTC days, today included). */
export const HOME_GROWTH_DAYS = 90;
/** The shorter growth period Home compares against. */
export const HOME_SHORT_GROWTH_DAYS = 30;
/** Scheduled campaigns, running flows and running tests listed at most (the total says how many in all). */
export const HOME_LIST_SIZE = 5;
/**
 * The newest sent campaigns the last one is compared with: recent enough to be a fair yardstick,
 * and few enough that Home never recounts years of sends on every visit.
 */
export const HOME_AVERAGE_CAMPAIGNS = 12;

const count = z.number();
const rate = z.nullable(z.number());

/**
 * A campaign's results as its report counts them: `open_rate` is human opens only (machine opens
 * left out), rates are fractions of the messages sent, null when untracked or nothing was sent.
 * `delivered` is sent minus bounced.
 */
export const homeCampaignResultsSchema = z.object({
  sent: count,
  delivered: count,
  open_rate: rate,
  click_rate: rate,
  unsubscribes: count,
  bounces: count,
});
export type HomeCampaignResults = z.output<typeof homeCampaignResultsSchema>;

/** One UTC day: the audience at its end, people who joined and who left (unsubscribed, bounced, complained) that day. */
const audienceDaySchema = z.object({ date: z.string(), size: count, joined: count, left: count });
export type HomeAudienceDay = z.output<typeof audienceDaySchema>;

export const homeOverviewSchema = z.object({
  as_of: z.string(),
  audience: z.object({
    /** Subscribers who can be mailed now (status active). */
    size: count,
    /** Net change over the last 30 and 90 days (size now minus size then). */
    growth_30d: count,
    growth_90d: count,
    /** Oldest first, HOME_GROWTH_DAYS of them ending today. */
    days: z.array(audienceDaySchema),
  }),
  /** The newest campaign that finished sending; null before the first. */
  last_campaign: z.nullable(
    z.object({
      id: z.string(),
      name: z.string(),
      subject: z.string(),
      started_at: z.string(),
      platform: z.nullable(z.enum(PLATFORM_IDS)),
      results: homeCampaignResultsSchema,
    }),
  ),
  /** The mean over every campaign that finished sending (each campaign counts once). */
  average: z.nullable(z.object({ campaigns: count, results: homeCampaignResultsSchema })),
  /** Soonest first. */
  scheduled: z.object({ total: count, campaigns: z.array(z.object({ id: z.string(), name: z.string(), scheduled_at: z.string() })) }),
  /** Live flows, the most people in them first. */
  automations: z.object({ total: count, flows: z.array(z.object({ id: z.string(), name: z.string(), people: count })) }),
  /** A/B tests still deciding, newest first; id is the campaign's. */
  ab_tests: z.object({
    total: count,
    tests: z.array(z.object({ id: z.string(), name: z.string(), status: z.enum(AB_STATUSES), deadline_at: z.nullable(z.string()) })),
  }),
  /** The three get-started steps (Sign Up is done by being here). */
  steps: z.object({
    /** Connecting another email platform: optional, Postlark sends by itself (issue 38). */
    platform: z.object({ done: z.boolean(), platforms: z.array(z.enum(PLATFORM_IDS)) }),
    /**
     * How the account sends, by whichever path (issue 38): done once a sender address is confirmed
     * for Postlark's own sending, a platform is connected, or a campaign has gone out.
     */
    sending: z.object({ done: z.boolean(), sender_confirmed: z.boolean() }),
    /** Done when the postal address every campaign carries is complete; `missing` names the contact fields still empty. */
    profile: z.object({ done: z.boolean(), missing: z.array(z.enum(POSTAL_ADDRESS_FIELDS)) }),
    campaign: z.object({ done: z.boolean() }),
  }),
  /** Whether any order reached the account: purchase insights have something to show only then (issue 38). */
  has_orders: z.boolean(),
  /** A guardrail paused the account's sending (issue 32): why, and what to do next; null while it may send. */
  sending_paused: z.nullable(z.object({ at: z.string(), reason: z.string(), next_steps: z.string() })),
});
export type HomeOverview = z.output<typeof homeOverviewSchema>;
