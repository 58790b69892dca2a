// What the engagement model reads of a person (docs/decisions/010-send-times-and-engagement.md): a
// few recency-weighted features of their past campaigns, shared by the fit (engagement-fit.ts) and
// the score (engagement-score.ts). Machine opens never reach it: the caller passes human opens.
import { clampRate, logit } from './logistic-regression';

const DAY_MS = 86_400_000;

export const ENGAGEMENT_MODEL = {
  /** A past campaign's outcome weighs half as much after this many days. */
  halfLifeDays: 60,
  /** The decayed shares start from the audience's rate with the weight of this many campaigns (a Beta prior). */
  priorCampaigns: 2,
  /** A campaign younger than this without an open or click is still pending: neither a miss nor a target. */
  pendingDays: 3,
  /** Ridge penalty on the standardised weights (not the intercept). */
  ridge: 1,
  /** At most this many past campaigns are fitted on (a sample of people past it: see EngagementFit). */
  maxRows: 300_000,
  /** Reasons look at the last this many campaigns. */
  recentCampaigns: 5,
  /** From this many days without a human open, that is the reason given. */
  quietDays: 30,
} as const;

export interface CampaignOutcome {
  sentAt: Date;
  /** A human open (machine opens are not opens here). */
  opened: boolean;
  clicked: boolean;
}

export const ENGAGEMENT_FEATURES = ['engaged_share', 'click_share', 'days_quiet', 'never_engaged', 'campaigns'] as const;
/** Features per row. */
export const WIDTH = ENGAGEMENT_FEATURES.length;

/** The account's model, stored as JSON in insight_models (kind engagement). */
export interface EngagementModel {
  /** Share of resolved campaigns that got a human open or click (the new person's score, before the fit). */
  base_rate: number;
  base_click_rate: number;
  /** Intercept first, then one weight per feature (on standardised features). */
  weights: number[];
  means: number[];
  scales: number[];
  features: readonly string[];
  /** Campaign outcomes the weights were fitted on. */
  rows: number;
  /** Their mean log-loss, and that of the base rate alone, for the refresh's state. */
  log_loss: number;
  base_log_loss: number;
}

export const engaged = (outcome: CampaignOutcome) => outcome.opened || outcome.clicked;

/**
 * The person's features just before `at`, from the campaigns sent before it (sorted by time).
 * Shares are Beta-posterior means of the decayed outcomes, as logits; quiet days since the last
 * human engagement (or since the first campaign, with the never flag); campaigns received.
 */
export function featuresAt(history: readonly CampaignOutcome[], end: number, at: number, base: number, baseClick: number, out: Float64Array, offset: number): void {
  const pending = at - ENGAGEMENT_MODEL.pendingDays * DAY_MS;
  let weight = 0;
  let hits = 0;
  let clicks = 0;
  let received = 0;
  let lastEngaged = -Infinity;
  for (let i = 0; i < end; i++) {
    const outcome = history[i]!;
    const sent = outcome.sentAt.getTime();
    const hit = engaged(outcome);
    if (hit) lastEngaged = Math.max(lastEngaged, sent);
    if (!hit && sent > pending) continue;
    const w = 0.5 ** ((at - sent) / (ENGAGEMENT_MODEL.halfLifeDays * DAY_MS));
    weight += w;
    if (hit) hits += w;
    if (outcome.clicked) clicks += w;
    received += 1;
  }
  const prior = ENGAGEMENT_MODEL.priorCampaigns;
  const first = end > 0 ? history[0]!.sentAt.getTime() : at;
  const quietSince = Number.isFinite(lastEngaged) ? lastEngaged : first;
  out[offset] = logit(clampRate((hits + prior * base) / (weight + prior)));
  out[offset + 1] = logit(clampRate((clicks + prior * baseClick) / (weight + prior)));
  out[offset + 2] = Math.log1p(Math.max(0, at - quietSince) / DAY_MS);
  out[offset + 3] = end > 0 && !Number.isFinite(lastEngaged) ? 1 : 0;
  out[offset + 4] = Math.log1p(received);
}

export const byTime = (history: readonly CampaignOutcome[], asOf: number) =>
  history.filter((outcome) => outcome.sentAt.getTime() <= asOf).sort((one, two) => one.sentAt.getTime() - two.sentAt.getTime());
