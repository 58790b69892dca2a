import { AB_LIMITS, AB_MESSAGES, AB_VARIANT_LABELS, type AbMetric, type AbTestSettings } from '@postlark/shared/ab-tests';
import type { Db } from '../../db/client';
import { campaignById } from '../campaigns/campaigns.repository';
import { type AbTestRow, cancelTest, claimDueLook, orderCurrency, recordDecision, saveLook, tallies, type VariantTally } from './ab-tests.repository';
import { type ArmTally, lookAt, type SequentialState } from './sequential-test';

// The decision's ticker: a pass of the sending engine looks at each test being measured every 5
// minutes (AB_LIMITS.lookEveryMinutes) and at its deadline, feeds the tallies to the sequential
// test (sequential-test.ts), and on a verdict records the decision and releases the held rest of
// the audience in one transaction (ab-tests.repository recordDecision). The injected clock is
// the only time it reads.

export const LOOK_EVERY_MS = AB_LIMITS.lookEveryMinutes * 60_000;
const DAY_MS = 86_400_000;
// A pass looks at this many tests at most, so one busy minute never holds up the sending.
const LOOKS_PER_PASS = 20;

export interface AbEngineDeps {
  db: Db;
  now: () => Date;
  log: { warn(object: object, message: string): void };
}

const delayMs = (settings: AbTestSettings, variant: number) => (settings.variants[variant]?.send_delay_minutes ?? 0) * 60_000;

/** What the metric counts of a variant, as the sequential test reads it. */
export function armOf(metric: AbMetric, tally: VariantTally): ArmTally {
  if (metric === 'open_rate') return { n: tally.sent, successes: tally.uniqueOpens };
  if (metric === 'click_rate') return { n: tally.sent, successes: tally.uniqueClicks };
  return { n: tally.sent, successes: tally.buyers, sum: tally.revenue, sumSquares: tally.revenueSquares };
}

/** The metric's value per recipient of each variant (null before anyone was sent it). */
export function metricValues(metric: AbMetric, tallies: readonly VariantTally[]): Array<number | null> {
  return tallies.map((tally) => {
    if (tally.sent === 0) return null;
    const arm = armOf(metric, tally);
    return (metric === 'revenue' ? (arm.sum ?? 0) : arm.successes) / arm.n;
  });
}

/**
 * The relative lift of `arm` over A (0.3 = +30%); when A itself is the one, its lift over the best
 * other variant. Null when the base is 0 or not measured.
 */
export function liftOf(values: ReadonlyArray<number | null>, arm: number): number | null {
  const value = values[arm];
  if (value === null || value === undefined) return null;
  const others = arm === 0 ? values.slice(1).filter((other): other is number => other !== null) : [values[0]].filter((other): other is number => other !== null && other !== undefined);
  if (others.length === 0) return null;
  const base = Math.max(...others);
  return base > 0 ? (value - base) / base : null;
}

/** The best measured variant (the lowest index on a tie). */
function bestArm(values: ReadonlyArray<number | null>): number {
  return values.reduce<number>((best, value, index) => ((value ?? -1) > (values[best] ?? -1) ? index : best), 0);
}

/**
 * Each variant's cutoff for outcomes at `now`: a send-time test compares its variants over the same
 * time since each one's send (the latest variant's time so far); others count everything until now.
 * Never past the deadline.
 */
export function cutoffsAt(test: Pick<AbTestRow, 'startedAt' | 'deadlineAt'>, settings: AbTestSettings, now: Date): Date[] {
  const started = test.startedAt!.getTime();
  const end = Math.min(now.getTime(), test.deadlineAt!.getTime());
  const lastSend = Math.max(...settings.variants.map((_, index) => delayMs(settings, index)));
  const elapsed = Math.max(0, end - started - lastSend);
  return settings.variants.map((_, index) => new Date(Math.min(end, started + delayMs(settings, index) + elapsed)));
}

/** When the rest gets the chosen variant: at once, or for a send-time test at the chosen variant's next time of day. */
export function restSendAt(test: Pick<AbTestRow, 'startedAt'>, settings: AbTestSettings, chosen: number, now: Date): Date {
  if (settings.dimension !== 'send_time') return now;
  let at = test.startedAt!.getTime() + delayMs(settings, chosen);
  while (at < now.getTime()) at += DAY_MS;
  return new Date(at);
}

async function lookAtTest(deps: AbEngineDeps, test: AbTestRow): Promise<void> {
  const { db } = deps;
  const now = deps.now();
  const campaign = await campaignById(db, test.campaignId);
  if (!campaign || campaign.status === 'cancelled') {
    await cancelTest(db, test.campaignId, AB_MESSAGES.reasonCancelled, now);
    return;
  }
  const { settings } = test;
  const final = now.getTime() >= test.deadlineAt!.getTime();
  const lastSend = Math.max(...settings.variants.map((_, index) => delayMs(settings, index)));
  // A send-time test has nothing to compare until its last variant went out.
  if (!final && now.getTime() <= test.startedAt!.getTime() + lastSend) return;
  const currency = settings.metric === 'revenue' ? await orderCurrency(db, test.customerId) : null;
  const counted = await tallies(db, test, settings.variants.length, cutoffsAt(test, settings, now), currency);
  await weighTallies(db, test, campaign.kind, counted, now);
}

/**
 * One look at a test's tallies (from our ledger, or from a platform's reports): the sequential
 * test's verdict, saved as a look, or recorded as the decision (which releases the held rest).
 */
export async function weighTallies(db: Db, test: AbTestRow, kind: 'campaign' | 'automation', counted: readonly VariantTally[], now: Date): Promise<void> {
  const { settings } = test;
  const final = now.getTime() >= test.deadlineAt!.getTime();
  const result = lookAt(
    { metric: settings.metric, arms: settings.variants.length },
    (test.state as SequentialState | null) ?? null,
    { at: now.getTime() - test.startedAt!.getTime(), final, arms: counted.map((tally) => armOf(settings.metric, tally)) },
  );
  const look = { at: now.toISOString(), information: result.information, leader: result.leader, boundary_crossed: result.boundaryCrossed };
  const values = metricValues(settings.metric, counted);
  const { verdict } = result;
  if (verdict.kind === 'continue') {
    await saveLook(db, test.campaignId, result.state, look, liftOf(values, result.leader ?? bestArm(values)));
    return;
  }
  const winner = verdict.kind === 'winner' ? verdict.arm : null;
  const lift = liftOf(values, winner ?? bestArm(values));
  const reason =
    winner !== null
      ? AB_MESSAGES.reasonWinner(AB_VARIANT_LABELS[winner]!, settings.metric, lift)
      : kind === 'automation'
        ? AB_MESSAGES.reasonNoWinnerStep
        : settings.test_share >= 100
          ? AB_MESSAGES.reasonNoWinnerAll
          : AB_MESSAGES.reasonNoWinner;
  await recordDecision(db, test.campaignId, {
    status: winner === null ? 'no_winner' : 'winner',
    winner,
    reason,
    lift,
    state: result.state,
    look,
    restSendAt: restSendAt(test, settings, winner ?? 0, now),
    now,
  });
}

/** One pass: every test due for a look gets one. Answers how many were looked at. */
export async function lookAtDueTests(deps: AbEngineDeps, lookEveryMs = LOOK_EVERY_MS): Promise<number> {
  let looked = 0;
  while (looked < LOOKS_PER_PASS) {
    const test = await claimDueLook(deps.db, deps.now(), lookEveryMs);
    if (!test) break;
    looked += 1;
    try {
      await lookAtTest(deps, test);
    } catch (error) {
      // The test stays testing: its next look (5 minutes on) tries again.
      deps.log.warn({ err: error, campaignId: test.campaignId }, 'an A/B test could not be looked at; trying again at its next look');
    }
  }
  return looked;
}
