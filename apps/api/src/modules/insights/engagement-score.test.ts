import { ENGAGEMENT_REASONS } from '@postlark/shared/insights';
import { describe, expect, it } from 'vitest';
import { type CampaignOutcome, ENGAGEMENT_MODEL } from './engagement-features';
import { EngagementFit, fitEngagementModel, sampleKeyOf } from './engagement-fit';
import { engagementOf } from './engagement-score';
import { fitLogistic } from './logistic-regression';
import { seededRandom } from '@postlark/shared/testing/seeded-random';

const DAY = 86_400_000;
const start = Date.UTC(2026, 0, 1);
const asOf = new Date(start + 400 * DAY);

/** Weekly campaigns, the last one 8 days before as-of; `pattern` says per campaign: o open, c click (with an open), . nothing. */
function history(pattern: string, lastDaysAgo = 8): CampaignOutcome[] {
  const n = pattern.length;
  return [...pattern].map((mark, i) => ({
    sentAt: new Date(asOf.getTime() - (lastDaysAgo + 7 * (n - 1 - i)) * DAY),
    opened: mark !== '.',
    clicked: mark === 'c',
  }));
}


// Two kinds of people: a fifth who open 70% of campaigns (a third of those with a click), the rest 8%.
const random = seededRandom(21);
const rates: number[] = [];
const audience = Array.from({ length: 600 }, (_, i) => {
  const rate = i % 5 === 0 ? 0.7 : 0.08;
  rates.push(rate);
  return [...Array.from({ length: 30 }, () => (random() < rate ? (random() < 0.33 ? 'c' : 'o') : '.'))].join('');
});
const model = fitEngagementModel(
  audience.map((pattern) => history(pattern)),
  asOf,
);

describe('fitEngagementModel', () => {
  it('learns from the past: its fitted log-loss beats the audience\'s rate alone', () => {
    expect(model.rows).toBe(600 * 30);
    expect(model.base_rate).toBeGreaterThan(0.15);
    expect(model.base_rate).toBeLessThan(0.25);
    expect(model.log_loss).toBeLessThan(model.base_log_loss * 0.85);
  });

  it('is calibrated: the mean score of each kind of person is close to the rate they engage at', () => {
    const next = new Date(asOf.getTime());
    const scores = audience.map((pattern) => engagementOf(history(pattern), model, next).score);
    const meanOf = (rate: number) => {
      const mine = scores.filter((_, i) => rates[i] === rate);
      return mine.reduce((sum, s) => sum + s, 0) / mine.length;
    };
    expect(meanOf(0.7)).toBeGreaterThan(0.6);
    expect(meanOf(0.7)).toBeLessThan(0.8);
    expect(meanOf(0.08)).toBeGreaterThan(0.04);
    expect(meanOf(0.08)).toBeLessThan(0.13);
  });

  it('starts from the audience\'s rate without any past, and fits nothing on an empty account', () => {
    const empty = fitEngagementModel([], asOf);
    expect(empty.rows).toBe(0);
    expect(engagementOf([], empty, asOf)).toEqual({ score: expect.closeTo(0.2, 6) as number, band: 'engaged', reasons: [ENGAGEMENT_REASONS.newPerson] });
  });
});

describe('engagementOf', () => {
  it('gives a new person about the audience\'s rate of first campaigns, saying so', () => {
    const fresh = engagementOf([], model, asOf);
    expect(fresh.score).toBeGreaterThan(model.base_rate - 0.08);
    expect(fresh.score).toBeLessThan(model.base_rate + 0.08);
    expect(fresh.reasons).toEqual([ENGAGEMENT_REASONS.newPerson]);
  });

  it('weighs recent campaigns more than old ones', () => {
    const recent = engagementOf(history('..........cococ'), model, asOf).score;
    const old = engagementOf(history('cococ..........'), model, asOf).score;
    expect(recent).toBeGreaterThan(old + 0.1);
  });

  it('counts only what it is given as human: campaigns with a machine open only are plain misses', () => {
    // The caller passes opened: false for a machine open; the person is scored like any non-opener.
    const machineOnly = engagementOf(history('..........'), model, asOf);
    expect(machineOnly.score).toBeLessThan(0.1);
    expect(machineOnly.reasons).toContain(ENGAGEMENT_REASONS.neverEngaged(10));
  });

  it('says what weighs most: clicks of the last five, and quiet days', () => {
    const clicker = engagementOf(history('.......ooooo.o.cc.c'), model, asOf);
    expect(clicker.band).toBe('highly_engaged');
    expect(clicker.reasons).toHaveLength(2);
    expect(clicker.reasons).toContain(ENGAGEMENT_REASONS.engagedOfLast(3, 5));
    const quiet = engagementOf(history('cccc..............'), model, asOf);
    expect(quiet.reasons).toContain(ENGAGEMENT_REASONS.noHumanOpenIn(8 + 7 * 14));
  });

  it('does not count a campaign sent in the last three days that has no open yet as a miss', () => {
    const waiting = history('oooooo');
    const pending = [...waiting, { sentAt: new Date(asOf.getTime() - DAY), opened: false, clicked: false }];
    expect(engagementOf(pending, model, asOf).score).toBeCloseTo(engagementOf(waiting, model, asOf).score, 2);
  });
});

describe('fitLogistic', () => {
  it('recovers the weights of a known logistic model', () => {
    const r = seededRandom(5);
    const rows: number[][] = [];
    const targets: number[] = [];
    for (let i = 0; i < 20_000; i++) {
      const x = r() * 4 - 2;
      rows.push([x]);
      targets.push(r() < 1 / (1 + Math.exp(-(-0.5 + 1.5 * x))) ? 1 : 0);
    }
    const [b0, b1] = fitLogistic(rows, targets, 0);
    expect(b0).toBeCloseTo(-0.5, 1);
    expect(b1).toBeCloseTo(1.5, 1);
  });
});

describe('the fit on a big account', () => {
  // Two fits of 300,000 rows: under a second alone, several seconds on a loaded two-core machine,
  // so the budget is a minute rather than the default 5 s.
  it('fits on a sample of people that does not depend on the order they come in', () => {
    // 12,000 people × 40 campaigns is more rows than the fit takes: it samples by a hash of the id, trimming as they come.
    const people = Array.from({ length: 12_000 }, (_, i) => ({ id: `person-${i}`, history: history([...Array.from({ length: 40 }, (_, k) => ((i * 7 + k) % 5 === 0 ? 'o' : '.'))].join('')) }));
    const fitted = (order: typeof people) => {
      const fit = new EngagementFit(asOf);
      for (const person of order) fit.add(sampleKeyOf(person.id), () => person.history);
      return fit.model();
    };
    const forwards = fitted(people);
    expect(forwards.rows).toBeLessThanOrEqual(ENGAGEMENT_MODEL.maxRows);
    expect(forwards.rows).toBeGreaterThan(ENGAGEMENT_MODEL.maxRows - 40);
    expect(fitted([...people].reverse())).toEqual(forwards);
  }, 60_000);
});
