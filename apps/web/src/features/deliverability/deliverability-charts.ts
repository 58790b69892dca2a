import { type DeliverabilityDayCounts, MAILBOX_PROVIDERS, type MailboxProvider, percentText } from '@postlark/shared/deliverability';
import { niceScale } from '../../lib/chart-scale';

// The Deliverability page's counters shaped for its charts and their tables, apart from the
// drawing: one row per day for the chosen provider (or all of them), with its rates.

/** The provider filter: every provider together, or one. */
export type ProviderChoice = 'all' | MailboxProvider;

type Counts = Pick<DeliverabilityDayCounts, 'sent' | 'hard' | 'soft' | 'complaints' | 'refusals'>;

export interface Figures extends Counts {
  /** Sent less what bounced, never below 0 (a late bounce may arrive for a message counted on another day). */
  delivered: number;
  /** Shares of the messages sent; null when nothing was sent, so no rate can be drawn. */
  complaintRate: number | null;
  hardRate: number | null;
  softRate: number | null;
}

export interface DayFigures extends Figures {
  date: string;
}

const ZERO: Counts = { sent: 0, hard: 0, soft: 0, complaints: 0, refusals: 0 };

/** The rates of some counts (one day's, or a period's totals). */
export function figuresOf(counts: Counts): Figures {
  const share = (part: number) => (counts.sent > 0 ? part / counts.sent : null);
  return {
    ...counts,
    delivered: Math.max(0, counts.sent - counts.hard - counts.soft),
    complaintRate: share(counts.complaints),
    hardRate: share(counts.hard),
    softRate: share(counts.soft),
  };
}

function add(total: Counts, row: Counts): Counts {
  return { sent: total.sent + row.sent, hard: total.hard + row.hard, soft: total.soft + row.soft, complaints: total.complaints + row.complaints, refusals: total.refusals + row.refusals };
}

/** The providers the counters name, in the shared order: the filter offers only these. */
export function providersWithMail(counts: readonly DeliverabilityDayCounts[]): MailboxProvider[] {
  const seen = new Set(counts.map((row) => row.provider));
  return MAILBOX_PROVIDERS.filter((provider) => seen.has(provider));
}

/**
 * Every date shown (the API's, oldest first), with the chosen provider's counts that day: the
 * API leaves out empty days and providers, which come back here as zeros so the x-axis is even.
 */
export function dayFigures(dates: readonly string[], counts: readonly DeliverabilityDayCounts[], provider: ProviderChoice): DayFigures[] {
  const byDate = new Map<string, Counts>();
  for (const row of counts) {
    if (provider !== 'all' && row.provider !== provider) continue;
    byDate.set(row.date, add(byDate.get(row.date) ?? ZERO, row));
  }
  return dates.map((date) => ({ date, ...figuresOf(byDate.get(date) ?? ZERO) }));
}

/** The period's totals, its rates over the whole period (not an average of the days'). */
export function totalFigures(days: readonly DayFigures[]): Figures {
  return figuresOf(days.reduce<Counts>(add, ZERO));
}

/** Whether anything was sent, bounced or refused in the period: else the page shows its empty state. */
export function hasMail(counts: readonly DeliverabilityDayCounts[]): boolean {
  return counts.some((row) => row.sent + row.hard + row.soft + row.complaints + row.refusals > 0);
}

/** A rate as a table shows it (5.2%, 0.31%, 0%), a dash when nothing was sent. */
export function rateText(rate: number | null): string {
  if (rate === null) return '—';
  // percentText keeps two decimals under 1%, which a plain nothing does not need.
  return rate === 0 ? '0%' : percentText(rate);
}

// Rates are scaled in basis points (0.01%), so niceScale's whole-number steps fall on round percentages.
const BASIS_POINTS = 10_000;

/** A y-axis for rates up to `highest`, always reaching `atLeast` (so a reference line stays in view). */
export function rateScale(highest: number, atLeast = 0): { max: number; ticks: number[] } {
  const scale = niceScale(Math.ceil(Math.max(highest, atLeast * 1.15) * BASIS_POINTS));
  return { max: scale.max / BASIS_POINTS, ticks: scale.ticks.map((tick) => tick / BASIS_POINTS) };
}

/** An axis label or a reference line's value: as few decimals as it needs (0.1%, 0.05%, 12%). */
export function axisPercent(rate: number): string {
  return `${Number((rate * 100).toFixed(2))}%`;
}

/** The day's value the chart draws is at its highest: for the drawing's one-sentence summary. */
export function peakDay(days: readonly DayFigures[], value: (day: DayFigures) => number | null): { date: string; value: number } | null {
  let peak: { date: string; value: number } | null = null;
  for (const day of days) {
    const current = value(day);
    if (current !== null && (peak === null || current > peak.value)) peak = { date: day.date, value: current };
  }
  return peak;
}

// The API counts a warm-up from "now" until the account's first message: so close to the answer's
// own time, and with nothing sent under it, it has not begun.
const NOT_BEGUN_MS = 60_000;

/** Whether the warm-up is still waiting for the account's first message (its `since` is only the answer's now). */
export function warmUpNotBegun(warmUp: { since: string; used: number; domain: string | null }, asOf: string): boolean {
  return warmUp.used === 0 && warmUp.domain === null && Math.abs(Date.parse(asOf) - Date.parse(warmUp.since)) < NOT_BEGUN_MS;
}
