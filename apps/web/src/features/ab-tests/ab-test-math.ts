import type { AbInterval, AbMetric } from '@postlark/shared/ab-tests';

// What a test can tell apart at a given size, and how its results read. Pure, so tested alone.

/** The rate a variant is assumed to have before any data: typical for newsletters, said as such. */
export const TYPICAL_RATES: Record<Exclude<AbMetric, 'revenue'>, number> = { open_rate: 0.25, click_rate: 0.03 };

/**
 * The smallest difference (in rate, 0.05 = 5 points) between two variants of `perVariant`
 * recipients each that a test finds 4 times in 5 with a 5% false-winner rate: 2.8 standard errors
 * of the difference (1.96 + 0.84). Approximate: the sequential test is a little less sharp.
 */
export function minimumDetectableDifference(rate: number, perVariant: number): number {
  if (perVariant <= 0) return Number.POSITIVE_INFINITY;
  return 2.8 * Math.sqrt((2 * rate * (1 - rate)) / perVariant);
}

/** People each variant is sent to: the test group split evenly. */
export function perVariant(audience: number, testShare: number, variants: number): number {
  if (audience <= 0 || variants <= 0) return 0;
  return Math.floor((audience * testShare) / 100 / variants);
}

const whole = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });

/** Percentage points with a decimal while small: 0.034 → "3.4", 0.12 → "12". */
export function formatPoints(difference: number): string {
  const points = difference * 100;
  return points < 10 ? oneDecimal.format(points) : whole.format(points);
}

/**
 * The honest sentence under the test's settings: how big a difference this test can see, from
 * the audience's size (null while unknown), the test share and the number of variants.
 */
export function detectableSentence({ audience, testShare, variants, metric }: { audience: number | null; testShare: number; variants: number; metric: AbMetric }): string {
  if (audience === null || audience <= 0) return 'Choose the audience to see how big a difference this test can tell apart.';
  const people = perVariant(audience, testShare, variants);
  const peopleText = `about ${whole.format(people)} ${people === 1 ? 'person' : 'people'} per variant`;
  if (people < 30) return `With ${peopleText}, the test cannot tell variants apart: choose a larger test group or audience, or the original will simply go to everyone.`;
  if (metric === 'revenue') return `With ${peopleText}, only large differences in revenue per recipient can be told apart: revenue varies a lot from person to person.`;
  const rate = TYPICAL_RATES[metric];
  const difference = minimumDetectableDifference(rate, people);
  const what = metric === 'open_rate' ? 'open rate' : 'click rate';
  if (difference >= rate) return `With ${peopleText}, only a variant that roughly doubles the ${what} can be told apart.`;
  return `With ${peopleText}, only a difference of about ${formatPoints(difference)} points in ${what} (from a typical ${formatPoints(rate)}%) can be told apart. Approximate: smaller differences end as “No clear winner”.`;
}

const MINUS = '\u2212';

/** A relative lift: 0.3 → "+30%", -0.052 → "−5.2%", null → "—". */
export function formatLift(lift: number | null): string {
  if (lift === null || !Number.isFinite(lift)) return '—';
  const percent = Math.abs(lift) * 100;
  const text = percent < 10 ? oneDecimal.format(percent) : whole.format(percent);
  if (text === '0') return '0%';
  return `${lift > 0 ? '+' : MINUS}${text}%`;
}

const percent = new Intl.NumberFormat('en-GB', { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A rate: 0.2534 → "25.3%"; null → "—". */
export function formatRate(rate: number | null | undefined): string {
  return rate === null || rate === undefined || !Number.isFinite(rate) ? '—' : percent.format(rate);
}

/** A money amount in the test's currency (or plain, when none is known). */
export function formatMoney(amount: number, currency: string | null): string {
  if (currency) {
    try {
      return new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(amount);
    } catch {
      // An unknown code falls back to the plain number.
    }
  }
  return new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
}

/** An estimate with its 95% interval: "25.3% (22.1–28.7%)"; revenue in money. */
export function formatInterval(interval: AbInterval | null, metric: AbMetric, currency: string | null = null): string {
  if (!interval) return '—';
  const show = (value: number) => (metric === 'revenue' ? formatMoney(value, currency) : formatRate(value));
  return `${show(interval.estimate)} (${show(interval.low)}–${show(interval.high)})`;
}
