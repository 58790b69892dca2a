import * as z from 'zod/mini';
import type { AbInterval } from './ab-tests';

// Send-time optimisation (issue 21): a campaign sent "at each person's best time" gives each
// recipient their own send time within a window after its start. An explore share goes at random
// times in the window (so the model keeps learning from hours it would not pick), and an optional
// holdout goes at the start: the report compares the optimised group with it (measured lift).

export const STO_LIMITS = {
  windowHours: { min: 1, max: 72, default: 24 },
  explorePercent: { min: 0, max: 50, default: 10 },
  holdoutPercent: { min: 0, max: 50, default: 10 },
  /** An automation's "wait until the person's best time" waits at most this long. */
  waitBestTimeMaxHours: 24,
  /**
   * The report counts a message's human opens and clicks for this long after it was sent, and
   * measures only messages sent at least this long ago: the holdout goes at the start and the
   * others up to a window later, so counting every open so far would favour the holdout.
   */
  measureHours: 24,
} as const;

/** How a ledger row's send time was chosen (campaign_messages.sto_group). */
export const STO_GROUPS = { none: 0, optimised: 1, explore: 2, holdout: 3 } as const;
export type StoGroupName = Exclude<keyof typeof STO_GROUPS, 'none'>;

export const STO_MESSAGES = {
  windowInvalid: `The window is a whole number of hours from ${STO_LIMITS.windowHours.min} to ${STO_LIMITS.windowHours.max}.`,
  exploreInvalid: `The explore share is a whole percentage from ${STO_LIMITS.explorePercent.min} to ${STO_LIMITS.explorePercent.max}.`,
  holdoutInvalid: `The holdout is a whole percentage from ${STO_LIMITS.holdoutPercent.min} to ${STO_LIMITS.holdoutPercent.max}.`,
  withSendTimeTest:
    'A send-time A/B test and sending at each person’s best time both choose when mail goes out: use one of them.',
  // What the editor says.
  optionLabel: 'Send at each person’s best time',
  optionHelp:
    'Each recipient gets the campaign at the hour they usually read and click, within the window after the send time; a small share goes at random hours so the model keeps learning, and the holdout goes at once so the report can measure the gain.',
  windowLabel: 'Window (hours)',
  exploreLabel: 'Explore share (%)',
  holdoutLabel: 'Holdout (%)',
  withAbTest: 'With an A/B test, the test group goes at the send time and the rest at each person’s best time after the decision.',
  overWindow: (hours: number) => `Messages go out over the ${hours} hours after that, each at the person’s best time.`,
  // What the report says.
  reportTitle: 'Send-time optimisation',
  reportIntro:
    'Human open and click rates of people sent at their best time against the holdout sent at the start, with 95% intervals. Machine opens are left out.',
  liftLabel: 'Lift over the holdout',
  noHoldout: 'There was no holdout, so the lift cannot be measured.',
  maturing: (count: number) =>
    `${count} ${count === 1 ? 'message was' : 'messages were'} sent less than ${STO_LIMITS.measureHours} hours ago or ${count === 1 ? 'is' : 'are'} still to go: each message counts once ${STO_LIMITS.measureHours} hours have passed since it was sent, so the figures settle ${STO_LIMITS.measureHours} hours after the last send.`,
  groupLabels: { optimised: 'Best time', explore: 'Explore (random time)', holdout: 'Holdout (start time)' } as Record<StoGroupName, string>,
  stepLabel: 'Wait until the person’s best time',
  stepHelp: `Waits until the next time the person usually reads (the audience’s when unknown), at most ${STO_LIMITS.waitBestTimeMaxHours} hours.`,
} as const;

const wholeIn = (range: { min: number; max: number }, message: string) =>
  z.number({ error: message }).check(z.int({ error: message }), z.gte(range.min, message), z.lte(range.max, message));

export const sendTimeOptimisationSchema = z.strictObject({
  window_hours: z._default(wholeIn(STO_LIMITS.windowHours, STO_MESSAGES.windowInvalid), STO_LIMITS.windowHours.default),
  explore_percent: z._default(wholeIn(STO_LIMITS.explorePercent, STO_MESSAGES.exploreInvalid), STO_LIMITS.explorePercent.default),
  holdout_percent: z._default(wholeIn(STO_LIMITS.holdoutPercent, STO_MESSAGES.holdoutInvalid), STO_LIMITS.holdoutPercent.default),
});
export type SendTimeOptimisation = z.output<typeof sendTimeOptimisationSchema>;

export interface StoGroupResult {
  recipients: number;
  sent: number;
  /** Messages sent at least STO_LIMITS.measureHours ago: the ones the opens, clicks and rates count. */
  measured: number;
  /** Unique human openers among the measured messages, each counted within measureHours of its sending. */
  human_opens: number;
  clicks: number;
  /** Unique human openers over measured messages, 95% interval; null before any is measured. */
  human_open_rate: AbInterval | null;
  click_rate: AbInterval | null;
}

/** The report's part: each group's figures, and optimised minus holdout (difference of proportions, 95%). */
export interface StoReport {
  settings: SendTimeOptimisation;
  optimised: StoGroupResult;
  explore: StoGroupResult;
  holdout: StoGroupResult;
  lift: { human_open_rate: AbInterval | null; click_rate: AbInterval | null };
  /** Messages of the groups not measured yet: sent less than measureHours ago, or still to send (0: the figures are final). */
  maturing: number;
}
