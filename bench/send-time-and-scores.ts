import type { CampaignOutcome } from '../apps/api/src/modules/insights/engagement-features';
import { fitEngagementModel } from '../apps/api/src/modules/insights/engagement-fit';
import { engagementOf } from '../apps/api/src/modules/insights/engagement-score';
import { bestSendTime, fitAudienceSendTime, QUARTERS_PER_DAY, type SendTimeHistory } from '../apps/api/src/modules/insights/send-time';
import { seededRandom } from '@postlark/shared/testing/seeded-random';

/**
 * Send times and engagement scores on a simulated audience (issue 21, docs/decisions/010): people
 * who check their inbox around personal hours in their own timezones, half of them behind Apple's
 * privacy proxy (every mail "opened" by a machine on delivery, their real opens invisible, their
 * clicks seen), sent campaigns at the hours a typical sender picks, their interest drifting. The
 * models themselves are fed what the product would record; the next campaign's expected human open
 * rate is computed exactly from each person's simulated habit. Fixed seed: the same figures every run.
 */

export const SEND_TIME_SIMULATION = {
  seed: 21_2026,
  people: 4_000,
  campaigns: 40,
  /** Campaigns every 5 days. */
  everyDays: 5,
  /** The sender's own timezone (UTC+1) and hours: 75% of campaigns 09:00–10:00 there, the rest any hour 07:00–21:00. */
  senderOffsetHours: 1,
  usualShare: 0.75,
  privacyProxyShare: 0.5,
  /** A mail seen at the first inbox check j hours after arrival is opened with probability p·e^(−j/8): older mail sinks. */
  freshnessHours: 8,
  /** The score is fitted on campaigns 1–30 and judged on 31–40. */
  scoreFitCampaigns: 30,
  /** Mautic's rule: median hour of the last 50 recorded opens and clicks, from 5 of them. */
  mauticLast: 50,
  mauticAtLeast: 5,
} as const;

export const SEND_TIME_TARGETS = { shareAfter12: 0.3, shareAfter40: 0.6, auc: 0.8, calibration: 0.03 } as const;

const DAY_MS = 86_400_000;
const QUARTER_MS = 900_000;
const START = Date.UTC(2026, 0, 5);

function normal(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

const pick = <T>(random: () => number, items: readonly (readonly [T, number])[]): T => {
  let u = random() * items.reduce((sum, [, w]) => sum + w, 0);
  for (const [item, w] of items) if ((u -= w) <= 0) return item;
  return items[items.length - 1]![0];
};

const TIMEZONES: readonly (readonly [number, number])[] = [
  [1, 45],
  [0, 15],
  [2, 10],
  [-5, 10],
  [-8, 5],
  [5.5, 5],
  [8, 5],
  [10, 5],
] as const;

/** Daily habits (local hours): when a session may fall, and how often it is picked. */
const SESSIONS: readonly (readonly [readonly [number, number], number])[] = [
  [[6.5, 8], 3],
  [[8.5, 9.5], 3],
  [[12, 13.5], 2],
  [[15, 17], 1],
  [[19, 22], 3],
  [[22.5, 24.5], 1],
] as const;

interface Person {
  offset: number;
  /** Probability of an inbox check in each UTC quarter-hour of the day. */
  check: Float64Array;
  /** logit of the chance of opening a mail seen fresh. */
  interest: number;
  proxy: boolean;
  clickShare: number;
}

function makePerson(random: () => number): Person {
  const offset = pick(random, TIMEZONES);
  const sessions = 1 + Math.floor(random() * 3);
  const check = new Float64Array(QUARTERS_PER_DAY).fill(1);
  for (let s = 0; s < sessions; s++) {
    const [low, high] = pick(random, SESSIONS);
    const centre = low + random() * (high - low);
    const spread = (20 + random() * 25) / 60;
    const attendance = 0.5 + random() * 0.45;
    for (let bin = 0; bin < QUARTERS_PER_DAY; bin++) {
      const local = (((bin / 4 + 0.125 + offset - centre) % 24) + 36) % 24 - 12; // hours from the centre, in (−12, 12]
      const mass = (Math.exp(-0.5 * (local / spread) ** 2) * 0.25) / (spread * Math.sqrt(2 * Math.PI));
      check[bin]! *= 1 - attendance * Math.min(1, mass);
    }
  }
  for (let bin = 0; bin < QUARTERS_PER_DAY; bin++) check[bin] = 0.004 + (1 - check[bin]!);
  return { offset, check, interest: -0.6 + 1.4 * normal(random), proxy: random() < SEND_TIME_SIMULATION.privacyProxyShare, clickShare: 0.1 + random() * 0.25 };
}

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/** The chance that a mail arriving at `at` is opened by the person (the first inbox check decides). */
function openChance(person: Person, at: number): number {
  const startQuarter = Math.floor(at / QUARTER_MS);
  const decay = Math.exp(-0.25 / SEND_TIME_SIMULATION.freshnessHours);
  let unseen = 1;
  let fresh = 1;
  let total = 0;
  for (let j = 0; j < 2 * QUARTERS_PER_DAY; j++) {
    const c = person.check[(startQuarter + j) % QUARTERS_PER_DAY]!;
    total += unseen * c * fresh;
    unseen *= 1 - c;
    fresh *= decay;
  }
  return sigmoid(person.interest) * total;
}

/** How likely the sender is to send at each UTC quarter-hour (the campaign loop's rule, as weights). */
const SENDER_HOURS = Array.from({ length: QUARTERS_PER_DAY }, (_, bin) => {
  const local = bin / 4 + 0.125 + SEND_TIME_SIMULATION.senderOffsetHours;
  const usual = local >= 9 && local < 10 ? SEND_TIME_SIMULATION.usualShare / 4 : 0;
  const other = local >= 7 && local < 21 ? (1 - SEND_TIME_SIMULATION.usualShare) / 56 : 0;
  return usual + other;
});

/** The expected human open rate of a mail arriving at each UTC quarter-hour, exactly, from the habit (48 hours ahead). */
const expectedOpenRates = (person: Person) => Float64Array.from({ length: QUARTERS_PER_DAY }, (_, t) => openChance(person, t * QUARTER_MS));

interface Recorded {
  /** Human signals as the product keeps them: non-proxy opens and everyone's clicks. */
  human: Date[];
  /** Opens and clicks as recorded, machine opens included (what Mautic and Ghost read). */
  asRecorded: Date[];
  deliveries: Date[];
  outcomes: CampaignOutcome[];
  /** Recorded opens (machine included) per campaign, for Ghost's open rate. */
  recordedOpens: number;
  /** The true chance of a recorded human open or click of each campaign, for the oracle's AUC. */
  truth: number[];
  /** The same before the campaign's hour is known (averaged over the sender's hours). */
  truthAnyHour: number[];
}

/** One campaign to one person: the first inbox check after arrival decides (opened while fresh, or sunk). */
function deliver(person: Person, at: number, random: () => number, into: Recorded) {
  into.deliveries.push(new Date(at));
  const p = sigmoid(person.interest);
  into.truth.push(openChance(person, at) * (person.proxy ? person.clickShare : 1));
  const startQuarter = Math.floor(at / QUARTER_MS);
  let opened: number | null = null;
  for (let j = 0; j < 2 * QUARTERS_PER_DAY; j++) {
    if (random() < person.check[(startQuarter + j) % QUARTERS_PER_DAY]!) {
      const seenAt = Math.max(at, (startQuarter + j) * QUARTER_MS + random() * QUARTER_MS);
      if (random() < p * Math.exp(-(seenAt - at) / 3_600_000 / SEND_TIME_SIMULATION.freshnessHours)) opened = seenAt;
      break;
    }
  }
  const clicked = opened !== null && random() < person.clickShare ? opened + 30_000 + random() * 300_000 : null;
  if (person.proxy) {
    into.asRecorded.push(new Date(at + 60_000)); // the proxy fetches the pixel on delivery
    into.recordedOpens += 1;
  } else if (opened !== null) {
    into.human.push(new Date(opened));
    into.asRecorded.push(new Date(opened));
    into.recordedOpens += 1;
  }
  if (clicked !== null) {
    into.human.push(new Date(clicked));
    into.asRecorded.push(new Date(clicked));
  }
  into.outcomes.push({ sentAt: new Date(at), opened: opened !== null && !person.proxy, clicked: clicked !== null });
}

/** Mautic's rule: the median hour (UTC) of the last 50 opens and clicks as recorded, from 5 on; else the default. */
function mauticQuarter(recorded: readonly Date[], fallback: number): number {
  const last = recorded.slice(-SEND_TIME_SIMULATION.mauticLast);
  if (last.length < SEND_TIME_SIMULATION.mauticAtLeast) return fallback;
  const hours = last.map((at) => Math.floor((at.getTime() % DAY_MS) / 3_600_000)).sort((one, two) => one - two);
  return hours[Math.floor((hours.length - 1) / 2)]! * 4;
}

interface SendTimeRow {
  campaigns: number;
  fixed: number;
  fixedHourUtc: number;
  ours: number;
  oursPersonal: number;
  oursAsRecorded: number;
  oursLocal: number;
  mautic: number;
  mauticDefaulted: number;
  oracle: number;
  split: { proxy: boolean; fixed: number; ours: number; oracle: number; signals: number }[];
}

interface ScoreRow {
  name: string;
  auc: number;
  calibration: number;
  meanPredicted: number;
}

export interface SendTimeReport {
  sendTimes: SendTimeRow[];
  scores: ScoreRow[];
  observedRate: number;
  scoredRows: number;
  seconds: number;
}

/** Area under the ROC curve by ranks (ties share their mean rank). */
function auc(scores: readonly number[], labels: readonly number[]): number {
  const order = scores.map((s, i) => [s, i] as const).sort((one, two) => one[0] - two[0]);
  let rankSum = 0;
  let positives = 0;
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j < order.length && order[j]![0] === order[i]![0]) j++;
    const meanRank = (i + 1 + j) / 2;
    for (let k = i; k < j; k++) if (labels[order[k]![1]] === 1) {
      rankSum += meanRank;
      positives += 1;
    }
    i = j;
  }
  const negatives = labels.length - positives;
  return (rankSum - (positives * (positives + 1)) / 2) / (positives * negatives);
}

/** Expected absolute gap between the mean predicted and the observed rate, over deciles of the prediction. */
function calibrationError(scores: readonly number[], labels: readonly number[]): number {
  const order = scores.map((_, i) => i).sort((one, two) => scores[one]! - scores[two]!);
  let total = 0;
  for (let d = 0; d < 10; d++) {
    const slice = order.slice(Math.floor((d * order.length) / 10), Math.floor(((d + 1) * order.length) / 10));
    const predicted = slice.reduce((sum, i) => sum + scores[i]!, 0) / slice.length;
    const observed = slice.reduce((sum, i) => sum + labels[i]!, 0) / slice.length;
    total += (slice.length / order.length) * Math.abs(predicted - observed);
  }
  return total;
}

export function measureSendTimeAndScores(): SendTimeReport {
  const started = performance.now();
  const config = SEND_TIME_SIMULATION;
  const random = seededRandom(config.seed);
  const people = Array.from({ length: config.people }, () => makePerson(random));
  const records: Recorded[] = people.map(() => ({ human: [], asRecorded: [], deliveries: [], outcomes: [], recordedOpens: 0, truth: [], truthAnyHour: [] }));
  const sendTimes: SendTimeRow[] = [];
  // Ghost's member metric, frozen at each campaign before it goes out: recorded opens so far / campaigns so far.
  const ghostBefore: number[][] = people.map(() => []);

  const evaluate = (campaigns: number) => {
    const expected = people.map(expectedOpenRates);
    const mean = (quarterOf: (i: number) => number) => expected.reduce((sum, rates, i) => sum + rates[quarterOf(i)]!, 0) / people.length;
    let fixedQuarter = 0;
    let fixedRate = -1;
    for (let t = 0; t < QUARTERS_PER_DAY; t++) {
      const rate = mean(() => t);
      if (rate > fixedRate) [fixedQuarter, fixedRate] = [t, rate];
    }
    const histories: SendTimeHistory[] = records.map((record) => ({ deliveries: record.deliveries, signals: record.human }));
    const audience = fitAudienceSendTime(histories);
    const ours = histories.map((history) => bestSendTime(history, audience));
    const naive = records.map((record) => ({ deliveries: record.deliveries, signals: record.asRecorded }));
    const naiveAudience = fitAudienceSendTime(naive);
    const oursAsRecorded = naive.map((history) => bestSendTime(history, naiveAudience));
    const mautic = records.map((record) => mauticQuarter(record.asRecorded, fixedQuarter));
    // Where each person's timezone is known, the model pools them on local clocks.
    const withZones = histories.map((history, i) => ({ ...history, utcOffsetMinutes: people[i]!.offset * 60 }));
    const zonedAudience = fitAudienceSendTime(withZones);
    const oursLocal = withZones.map((history) => Math.round(bestSendTime(history, zonedAudience).hour_utc * 4) % QUARTERS_PER_DAY);
    sendTimes.push({
      campaigns,
      fixed: fixedRate,
      fixedHourUtc: fixedQuarter / 4,
      ours: mean((i) => Math.round(ours[i]!.hour_utc * 4) % QUARTERS_PER_DAY),
      oursPersonal: ours.filter((best) => best.source === 'personal').length / people.length,
      oursAsRecorded: mean((i) => Math.round(oursAsRecorded[i]!.hour_utc * 4) % QUARTERS_PER_DAY),
      oursLocal: mean((i) => oursLocal[i]!),
      mautic: mean((i) => mautic[i]!),
      mauticDefaulted: records.filter((record) => record.asRecorded.length < config.mauticAtLeast).length / people.length,
      oracle: expected.reduce((sum, rates) => sum + Math.max(...rates), 0) / people.length,
      split: [],
    });
    // The same gain, split: people whose opens are seen, and those behind the privacy proxy (clicks only).
    const row = sendTimes[sendTimes.length - 1]!;
    for (const proxy of [false, true]) {
      const group = people.flatMap((person, i) => (person.proxy === proxy ? [i] : []));
      const groupMean = (quarterOf: (i: number) => number) => group.reduce((sum, i) => sum + expected[i]![quarterOf(i)]!, 0) / group.length;
      row.split.push({
        proxy,
        fixed: groupMean(() => fixedQuarter),
        ours: groupMean((i) => Math.round(ours[i]!.hour_utc * 4) % QUARTERS_PER_DAY),
        oracle: group.reduce((sum, i) => sum + Math.max(...expected[i]!), 0) / group.length,
        signals: group.reduce((sum, i) => sum + ours[i]!.signals, 0) / group.length,
      });
    }
  };

  for (let k = 0; k < config.campaigns; k++) {
    const day = START + k * config.everyDays * DAY_MS;
    const senderHour = random() < config.usualShare ? 9 + random() : 7 + random() * 14;
    const sentAt = day + (senderHour - config.senderOffsetHours) * 3_600_000;
    people.forEach((person, i) => {
      const record = records[i]!;
      ghostBefore[i]!.push(k === 0 ? 0 : record.recordedOpens / k);
      deliver(person, sentAt + random() * QUARTER_MS, random, record);
      // Only the scored campaigns need the hour-free truth (it costs a day of habit per person).
      const rates = k >= config.scoreFitCampaigns ? expectedOpenRates(person) : null;
      record.truthAnyHour.push(rates ? SENDER_HOURS.reduce((sum, w, bin) => sum + w * rates[bin]!, 0) * (person.proxy ? person.clickShare : 1) : 0);
      // Interest drifts; now and then someone loses it for good.
      person.interest += 0.12 * normal(random);
      if (random() < 0.01) person.interest -= 3;
    });
    if (k + 1 === 12 || k + 1 === config.campaigns) evaluate(k + 1);
  }

  // The score: fitted on the first 30 campaigns, judged on each of the last 10 from the campaigns before it.
  const fitAsOf = records[0]!.outcomes[config.scoreFitCampaigns]!.sentAt;
  const model = fitEngagementModel(
    records.map((record) => record.outcomes.slice(0, config.scoreFitCampaigns)),
    new Date(fitAsOf.getTime() - 1),
  );
  const ours: number[] = [];
  const ghost: number[] = [];
  const base: number[] = [];
  const truth: number[] = [];
  const truthAnyHour: number[] = [];
  const labels: number[] = [];
  records.forEach((record, i) => {
    for (let k = config.scoreFitCampaigns; k < config.campaigns; k++) {
      const outcome = record.outcomes[k]!;
      ours.push(engagementOf(record.outcomes.slice(0, k), model, new Date(outcome.sentAt.getTime() - 1)).score);
      ghost.push(ghostBefore[i]![k]!);
      base.push(model.base_rate);
      truth.push(record.truth[k]!);
      truthAnyHour.push(record.truthAnyHour[k]!);
      labels.push(outcome.opened || outcome.clicked ? 1 : 0);
    }
  });
  const row = (name: string, scores: number[]): ScoreRow => ({
    name,
    auc: auc(scores, labels),
    calibration: calibrationError(scores, labels),
    meanPredicted: scores.reduce((sum, s) => sum + s, 0) / scores.length,
  });
  return {
    sendTimes,
    scores: [row('ours: calibrated engagement score', ours), row('open rate so far (Ghost; opens as recorded)', ghost), row('the audience\'s rate for everyone', base), row('oracle: the true chance, the hour unknown', truthAnyHour), row('oracle: the true chance (the ceiling)', truth)],
    observedRate: labels.reduce((sum, y) => sum + y, 0) / labels.length,
    scoredRows: labels.length,
    seconds: (performance.now() - started) / 1000,
  };
}

const percent = (value: number, digits = 1) => `${(value * 100).toFixed(digits)}%`;
export const oracleShare = (row: SendTimeRow, value: number) => (value - row.fixed) / (row.oracle - row.fixed);

export function printSendTimeAndScores(report: SendTimeReport): void {
  const config = SEND_TIME_SIMULATION;
  console.log(
    `  ${config.people.toLocaleString('en-US')} people in 8 timezones, 1–3 daily inbox habits each; ${percent(config.privacyProxyShare, 0)} behind Apple's privacy proxy; a campaign every ${config.everyDays} days, ${percent(config.usualShare, 0)} of them at 09:00–10:00 the sender's time (UTC+${config.senderOffsetHours}); seed ${config.seed}`,
  );
  console.log(`  targets: ours ≥ ${percent(SEND_TIME_TARGETS.shareAfter12, 0)} of the oracle's gain over one fixed time after 12 campaigns, ≥ ${percent(SEND_TIME_TARGETS.shareAfter40, 0)} after 40\n`);
  const header = `  ${'next campaign sent at'.padEnd(58)} ${'after'.padStart(5)} ${'human open rate'.padStart(16)} ${'share of oracle gain'.padStart(21)}`;
  console.log(header);
  console.log(`  ${'-'.repeat(header.length - 2)}`);
  for (const row of report.sendTimes) {
    const line = (name: string, value: number, share: boolean) =>
      console.log(`  ${name.padEnd(58)} ${String(row.campaigns).padStart(5)} ${percent(value, 2).padStart(16)} ${(share ? percent(oracleShare(row, value)) : '').padStart(21)}`);
    line(`(a) one fixed time for everyone (best: ${row.fixedHourUtc.toFixed(2)} h UTC)`, row.fixed, false);
    line(`(b) ours: each person's best time (${percent(row.oursPersonal, 0)} personal)`, row.ours, true);
    line(`(c) Mautic: median hour of recorded opens (${percent(row.mauticDefaulted, 0)} default)`, row.mautic, true);
    line('    ours fed opens as recorded (machine opens kept)', row.oursAsRecorded, true);
    line('(b\') ours, each person\'s timezone known', row.oursLocal, true);
    line('(d) oracle: each person\'s own best time', row.oracle, true);
    for (const part of row.split) {
      const name = `    (b) for those ${part.proxy ? 'behind the proxy' : 'whose opens are seen'} (${part.signals.toFixed(1)} signals each)`;
      console.log(`  ${name.padEnd(58)} ${String(row.campaigns).padStart(5)} ${percent(part.ours, 2).padStart(16)} ${percent((part.ours - part.fixed) / (part.oracle - part.fixed)).padStart(21)}`);
    }
  }
  console.log(`\n  Engagement score: fitted on campaigns 1–${config.scoreFitCampaigns}, judged on each of campaigns ${config.scoreFitCampaigns + 1}–${config.campaigns} from the campaigns before it`);
  console.log(`  (${report.scoredRows.toLocaleString('en-US')} predictions; a recorded human open or click happened in ${percent(report.observedRate)}). Targets: AUC ≥ ${SEND_TIME_TARGETS.auc}, calibration error ≤ ${SEND_TIME_TARGETS.calibration}\n`);
  const scoreHeader = `  ${'score'.padEnd(48)} ${'AUC'.padStart(6)} ${'calibration error'.padStart(18)} ${'mean predicted'.padStart(15)}`;
  console.log(scoreHeader);
  console.log(`  ${'-'.repeat(scoreHeader.length - 2)}`);
  for (const row of report.scores) console.log(`  ${row.name.padEnd(48)} ${row.auc.toFixed(3).padStart(6)} ${row.calibration.toFixed(3).padStart(18)} ${percent(row.meanPredicted).padStart(15)}`);
  console.log(`\n  Calibration error: over deciles of the score, the people-weighted mean |mean score − share that engaged|. ${report.seconds.toFixed(0)} s.`);
}
