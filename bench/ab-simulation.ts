import { type ArmTally, lookAt, type SequentialMethod, type SequentialState } from '../apps/api/src/modules/ab-tests/sequential-test';
import { seededRandom } from '@postlark/shared/testing/seeded-random';

/**
 * The A/B decision's statistics, simulated (issue 20): the decision code itself (`lookAt`) fed
 * simulated arrivals and looked at every 5 minutes over a 4-hour wait, next to the field's rules on
 * the same simulated tests. Each recipient converts with the arm's probability at a time drawn from
 * an open-time curve (most in the first hour, a long tail to the deadline). Fixed seed: the same
 * figures every run.
 */

export const AB_SIMULATION = {
  seed: 20_2026,
  waitMinutes: 240,
  lookEveryMinutes: 5,
  alpha: 0.05,
  /** Open times: Lomax (Pareto II) with scale 30 min and shape 1.2, cut at the deadline: median 23 min, 73% within the hour. */
  openTimeScaleMinutes: 30,
  openTimeShape: 1.2,
} as const;

export const AB_TARGETS = { falseWinners: 0.05, rightPicks: 0.8, wrongPicks: 0.01 } as const;

const RULES = ['ours: group-sequential (O\'Brien-Fleming spending)', 'mixture SPRT (always valid)', 'highest rate wins at the deadline', 'z-test peeked every 5 minutes'] as const;
type Rule = (typeof RULES)[number];

interface Scenario {
  name: string;
  metric: 'open_rate' | 'click_rate' | 'revenue';
  rates: number[];
  perArm: number;
  tests: number;
  plannedRate?: number;
}

// Revenue rows: one order per buyer, its value lognormal (median €33, mean €46, a long right tail).
const ORDER_LOG_MEAN = 3.5;
const ORDER_LOG_SD = 0.8;

// 2,000 tests for the rows whose error rate is the question; 1,000 where a proportion near 80% is.
const SCENARIOS: Scenario[] = [
  { name: 'no difference, 20% vs 20%', metric: 'open_rate', rates: [0.2, 0.2], perArm: 1000, tests: 2000 },
  { name: 'true 30% lift, 20% vs 26%', metric: 'open_rate', rates: [0.2, 0.26], perArm: 1000, tests: 1000 },
  { name: '4 variants, no difference (20%)', metric: 'open_rate', rates: [0.2, 0.2, 0.2, 0.2], perArm: 1000, tests: 1000 },
  { name: '4 variants, one 26% (others 20%)', metric: 'open_rate', rates: [0.2, 0.2, 0.26, 0.2], perArm: 1000, tests: 1000 },
  { name: 'no difference, 40% vs 40% (planned 20%)', metric: 'open_rate', rates: [0.4, 0.4], perArm: 1000, tests: 2000, plannedRate: 0.2 },
  { name: 'no difference, 5% vs 5% (planned 20%)', metric: 'open_rate', rates: [0.05, 0.05], perArm: 1000, tests: 2000, plannedRate: 0.2 },
  { name: 'clicks, no difference, 3% vs 3%', metric: 'click_rate', rates: [0.03, 0.03], perArm: 1000, tests: 2000 },
  { name: 'clicks, 3% vs 4%', metric: 'click_rate', rates: [0.03, 0.04], perArm: 1000, tests: 1000 },
  { name: 'revenue/recipient, no difference (2% buy)', metric: 'revenue', rates: [0.02, 0.02], perArm: 1000, tests: 2000 },
  { name: 'revenue/recipient, 2% vs 4% buy', metric: 'revenue', rates: [0.02, 0.04], perArm: 1000, tests: 1000 },
];


/** An open time in minutes, from the Lomax curve cut at the deadline (inverse CDF of the cut distribution). */
function openTime(random: () => number): number {
  const { openTimeScaleMinutes: scale, openTimeShape: shape, waitMinutes } = AB_SIMULATION;
  const byDeadline = 1 - (1 + waitMinutes / scale) ** -shape;
  return scale * ((1 - random() * byDeadline) ** (-1 / shape) - 1);
}

const LOOKS = AB_SIMULATION.waitMinutes / AB_SIMULATION.lookEveryMinutes;

/** A standard normal draw (Box-Muller). */
const gaussian = (random: () => number) => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());

/** Each arm's tally at each look (look k is at 5 (k + 1) minutes): conversions, and for revenue the order values' sum and sum of squares. */
function simulateArrivals(scenario: Scenario, random: () => number): ArmTally[][] {
  return scenario.rates.map((rate) => {
    const perLook = Array.from({ length: LOOKS }, () => ({ successes: 0, sum: 0, sumSquares: 0 }));
    for (let r = 0; r < scenario.perArm; r++) {
      if (random() >= rate) continue;
      const look = perLook[Math.min(LOOKS - 1, Math.floor(openTime(random) / AB_SIMULATION.lookEveryMinutes))]!;
      look.successes += 1;
      if (scenario.metric === 'revenue') {
        const value = Math.exp(ORDER_LOG_MEAN + ORDER_LOG_SD * gaussian(random));
        look.sum += value;
        look.sumSquares += value * value;
      }
    }
    const total = { n: scenario.perArm, successes: 0, sum: 0, sumSquares: 0 };
    return perLook.map((look) => {
      total.successes += look.successes;
      total.sum += look.sum;
      total.sumSquares += look.sumSquares;
      return { ...total };
    });
  });
}

/** The metric's observed value of an arm: its rate, or revenue per recipient. */
const observed = (metric: Scenario['metric'], arm: ArmTally) => (metric === 'revenue' ? arm.sum! : arm.successes) / arm.n;

/** Two-sample z of a over b: pooled two proportions, or Welch for revenue. */
function fixedSampleZ(metric: Scenario['metric'], a: ArmTally, b: ArmTally): number {
  if (metric === 'revenue') {
    const variance = (arm: ArmTally) => (arm.sumSquares! - arm.sum! ** 2 / arm.n) / (arm.n - 1);
    const se = Math.sqrt(variance(a) / a.n + variance(b) / b.n);
    return se > 0 ? (observed(metric, a) - observed(metric, b)) / se : 0;
  }
  const pooled = (a.successes + b.successes) / (a.n + b.n);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / a.n + 1 / b.n));
  return se > 0 ? (observed(metric, a) - observed(metric, b)) / se : 0;
}

interface Outcome {
  arm: number | null;
  minutes: number;
}

function sequentialRule(method: SequentialMethod, scenario: Scenario, cumulative: ArmTally[][]): Outcome {
  const design = { metric: scenario.metric, arms: scenario.rates.length, alpha: AB_SIMULATION.alpha, plannedRate: scenario.plannedRate, method };
  let state: SequentialState | null = null;
  for (let look = 0; look < LOOKS; look++) {
    const arms = cumulative.map((tallies) => tallies[look]!);
    const final = look === LOOKS - 1;
    const minutes = (look + 1) * AB_SIMULATION.lookEveryMinutes;
    const result = lookAt(design, state, { at: minutes * 60_000, final, arms });
    state = result.state;
    if (result.verdict.kind === 'winner') return { arm: result.verdict.arm, minutes };
    if (result.verdict.kind === 'no_winner') return { arm: null, minutes };
  }
  throw new Error('the final look answered continue');
}

/** Mautic's rule: after the wait, the highest rate wins (an exact tie: none). */
function highestRateRule(scenario: Scenario, cumulative: ArmTally[][]): Outcome {
  const last = cumulative.map((tallies) => observed(scenario.metric, tallies[LOOKS - 1]!));
  const best = Math.max(...last);
  const leaders = last.flatMap((count, arm) => (count === best ? [arm] : []));
  return { arm: leaders.length === 1 ? leaders[0]! : null, minutes: AB_SIMULATION.waitMinutes };
}

/** A fixed-sample z-test, peeked at every look: the leader wins at the first look where it beats every other arm at p < 0.05 two-sided. */
function peekedZRule(scenario: Scenario, cumulative: ArmTally[][]): Outcome {
  for (let look = 0; look < LOOKS; look++) {
    const arms = cumulative.map((tallies) => tallies[look]!);
    const values = arms.map((arm) => observed(scenario.metric, arm));
    const leader = values.indexOf(Math.max(...values));
    const beatsAll = arms.every((other, arm) => arm === leader || fixedSampleZ(scenario.metric, arms[leader]!, other) > 1.959963984540054);
    if (beatsAll) return { arm: leader, minutes: (look + 1) * AB_SIMULATION.lookEveryMinutes };
  }
  return { arm: null, minutes: AB_SIMULATION.waitMinutes };
}

export interface AbSimulationRow {
  scenario: string;
  tests: number;
  rule: Rule;
  /** Share of tests declaring any winner. */
  declared: number;
  /** Share declaring the truly better arm (null in a no-difference row). */
  right: number | null;
  /** Share declaring an arm that is not the best (every winner in a no-difference row). */
  wrong: number;
  /** Share decided before the deadline. */
  early: number;
  /** Mean minutes from the start to the decision (the deadline for tests decided there). */
  meanMinutes: number;
}

export interface AbSimulationReport {
  rows: AbSimulationRow[];
  seconds: number;
}

export function measureAbSimulation(): AbSimulationReport {
  const started = Date.now();
  const random = seededRandom(AB_SIMULATION.seed);
  const rows: AbSimulationRow[] = [];
  for (const scenario of SCENARIOS) {
    const best = Math.max(...scenario.rates);
    const bestArms = scenario.rates.flatMap((rate, arm) => (rate === best ? [arm] : []));
    const better = bestArms.length === 1 ? bestArms[0]! : null;
    const tallies = new Map<Rule, { declared: number; right: number; wrong: number; early: number; minutes: number }>(
      RULES.map((rule) => [rule, { declared: 0, right: 0, wrong: 0, early: 0, minutes: 0 }]),
    );
    for (let test = 0; test < scenario.tests; test++) {
      const cumulative = simulateArrivals(scenario, random);
      const outcomes: Record<Rule, Outcome> = {
        [RULES[0]]: sequentialRule('group_sequential', scenario, cumulative),
        [RULES[1]]: sequentialRule('mixture', scenario, cumulative),
        [RULES[2]]: highestRateRule(scenario, cumulative),
        [RULES[3]]: peekedZRule(scenario, cumulative),
      };
      for (const rule of RULES) {
        const outcome = outcomes[rule];
        const tally = tallies.get(rule)!;
        tally.minutes += outcome.minutes;
        if (outcome.minutes < AB_SIMULATION.waitMinutes) tally.early += 1;
        if (outcome.arm === null) continue;
        tally.declared += 1;
        if (outcome.arm === better) tally.right += 1;
        else tally.wrong += 1;
      }
    }
    for (const rule of RULES) {
      const tally = tallies.get(rule)!;
      rows.push({
        scenario: scenario.name,
        tests: scenario.tests,
        rule,
        declared: tally.declared / scenario.tests,
        right: better === null ? null : tally.right / scenario.tests,
        wrong: tally.wrong / scenario.tests,
        early: tally.early / scenario.tests,
        meanMinutes: tally.minutes / scenario.tests,
      });
    }
  }
  return { rows, seconds: (Date.now() - started) / 1000 };
}

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

export function printAbSimulation(report: AbSimulationReport): void {
  console.log(
    `  1,000 recipients per variant, outcomes over ${AB_SIMULATION.waitMinutes} minutes, looked at every ${AB_SIMULATION.lookEveryMinutes} minutes; alpha ${AB_SIMULATION.alpha} across all variants; seed ${AB_SIMULATION.seed}`,
  );
  console.log(`  targets for ours: false winners ≤ ${percent(AB_TARGETS.falseWinners)}; with a true lift right picks ≥ ${percent(AB_TARGETS.rightPicks)}, wrong picks ≤ ${percent(AB_TARGETS.wrongPicks)}\n`);
  const header = `  ${'scenario (tests)'.padEnd(48)} ${'rule'.padEnd(50)} ${'winner'.padStart(7)} ${'right'.padStart(7)} ${'wrong'.padStart(7)} ${'early'.padStart(7)} ${'mean min'.padStart(9)}`;
  console.log(header);
  console.log(`  ${'-'.repeat(header.length - 2)}`);
  let previous = '';
  for (const row of report.rows) {
    const scenario = row.scenario === previous ? '' : `${row.scenario} (${row.tests.toLocaleString('en-US')})`;
    previous = row.scenario;
    console.log(
      `  ${scenario.padEnd(48)} ${row.rule.padEnd(50)} ${percent(row.declared).padStart(7)} ${(row.right === null ? '-' : percent(row.right)).padStart(7)} ${percent(row.wrong).padStart(7)} ${percent(row.early).padStart(7)} ${row.meanMinutes.toFixed(0).padStart(9)}`,
    );
  }
  console.log(`\n  "winner": tests declaring any winner; "wrong": a winner that is not the better variant (any winner when there is no difference);`);
  console.log(`  "early": decided before the deadline; "mean min": mean minutes to the decision (the deadline's 240 for tests decided there).`);
  console.log(`  Simulation error (one standard error): ±0.5 points at 5% over 2,000 tests, ±1.3 points at 80% over 1,000. ${report.seconds.toFixed(0)} s.`);
}
