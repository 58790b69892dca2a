// Each person's best send time from their human signals (docs/decisions/010-send-times-and-engagement.md):
// an exposure-corrected rate of first human signals per quarter-hour of the day (UTC), smoothed
// around the clock, pooled toward the audience's rate, and the send quarter-hour that gets the
// most freshness-weighted opens out of it.

export const QUARTERS_PER_DAY = 96;
const QUARTER_MS = 900_000;

export const SEND_TIME_MODEL = {
  /** A delivery stops counting as waiting in the inbox after this long (or at its first signal, or the next delivery). */
  horizonHours: 24,
  /** Circular smoothing: three passes of a box of ±2 quarter-hours, about a Gaussian of 37 minutes. */
  smoothingPasses: 3,
  smoothingHalfWidth: 2,
  /** The audience's rate counts as this many quarter-hours of the person's own exposure per quarter-hour. */
  priorExposure: 6,
  /** An open j quarter-hours after the send counts 0.5^(j / 6): mail read within the hour and a half counts most. */
  freshnessHalfLifeQuarters: 6,
  /** From this many first signals on, the answer is called the person's own. */
  personalSignals: 3,
  /** The audience's hour when nobody has a signal yet: 09:00 UTC. */
  defaultHourUtc: 9,
} as const;

export interface SendTimeHistory {
  deliveries: readonly Date[];
  /** HUMAN opens and clicks only: the caller drops machine opens. */
  signals: readonly Date[];
}

/** The account's profile, stored as JSON in insight_models (kind send_time). */
export interface AudienceSendTime {
  /** Exposure-corrected first-signal rate per quarter-hour of waiting, per quarter-hour of the day (UTC), smoothed: 96 entries. */
  rates: number[];
  /** Waiting mail, in quarter-hours, per quarter-hour of the day (smoothed), for reading the rates' support. */
  exposure: number[];
  /** The audience's best send time, hours in [0, 24) in quarter hours. */
  audience_hour_utc: number;
  people: number;
  /** First human signals after a delivery, over everyone. */
  signals: number;
}

export interface BestSendTime {
  hour_utc: number;
  /** First human signals after a delivery the answer rests on. */
  signals: number;
  source: 'personal' | 'audience';
}

interface Tally {
  events: Float64Array;
  exposure: Float64Array;
  signals: number;
}

const wrap = (bin: number) => ((bin % QUARTERS_PER_DAY) + QUARTERS_PER_DAY) % QUARTERS_PER_DAY;
const ascending = (dates: readonly Date[]) => dates.map((at) => at.getTime()).sort((one, two) => one - two);

/**
 * Adds [from, to) (ms) to a difference array over two days of quarter-hours: whole quarters as
 * unit steps, the partial quarters at both ends as fractions. Folded onto one day afterwards.
 */
function addExposure(diff: Float64Array, from: number, to: number) {
  if (to <= from) return;
  const start = from / QUARTER_MS;
  const dayStart = Math.floor(start / QUARTERS_PER_DAY) * QUARTERS_PER_DAY;
  const a = start - dayStart;
  const b = to / QUARTER_MS - dayStart; // at most a + 96: the horizon is a day
  const firstWhole = Math.ceil(a);
  const lastWhole = Math.floor(b);
  if (firstWhole > lastWhole) {
    diff[Math.floor(a)]! += b - a;
    diff[Math.floor(a) + 1]! -= b - a;
    return;
  }
  if (firstWhole > a) {
    diff[firstWhole - 1]! += firstWhole - a;
    diff[firstWhole]! -= firstWhole - a;
  }
  diff[firstWhole]! += 1;
  diff[lastWhole]! -= 1;
  if (b > lastWhole) {
    diff[lastWhole]! += b - lastWhole;
    diff[lastWhole + 1]! -= b - lastWhole;
  }
}

/**
 * Each delivery waits in the inbox from its arrival until the first signal after it, the next
 * delivery or the horizon, whichever comes first; that time is its exposure, per quarter-hour of
 * the day, and its first signal (if within the wait) is the event. Later signals about the same
 * mail say when the person was already reading, not when they come to the inbox, so they are not
 * events. Hours at which nothing waited gather no exposure and so say nothing.
 */
function tally(person: SendTimeHistory, into?: Tally): Tally {
  const out = into ?? { events: new Float64Array(QUARTERS_PER_DAY), exposure: new Float64Array(QUARTERS_PER_DAY), signals: 0 };
  const deliveries = ascending(person.deliveries);
  const signals = ascending(person.signals);
  const diff = new Float64Array(2 * QUARTERS_PER_DAY + 2);
  const horizon = SEND_TIME_MODEL.horizonHours * 3_600_000;
  let s = 0;
  for (let d = 0; d < deliveries.length; d++) {
    const at = deliveries[d]!;
    const end = Math.min(at + horizon, d + 1 < deliveries.length ? deliveries[d + 1]! : Infinity);
    while (s < signals.length && signals[s]! < at) s++;
    const first = s < signals.length && signals[s]! < end ? signals[s]! : null;
    addExposure(diff, at, first ?? end);
    if (first !== null) {
      out.events[wrap(Math.floor(first / QUARTER_MS))]! += 1;
      out.signals += 1;
    }
  }
  let running = 0;
  for (let bin = 0; bin < 2 * QUARTERS_PER_DAY; bin++) {
    running += diff[bin]!;
    out.exposure[bin % QUARTERS_PER_DAY]! += running;
  }
  return out;
}

/** Circular smoothing by repeated box filters (a cheap Gaussian), so a signal at 19:55 also speaks for 20:05. */
function smooth(values: Float64Array): Float64Array {
  let current = values;
  const width = 2 * SEND_TIME_MODEL.smoothingHalfWidth + 1;
  for (let pass = 0; pass < SEND_TIME_MODEL.smoothingPasses; pass++) {
    const next = new Float64Array(QUARTERS_PER_DAY);
    let sum = 0;
    for (let j = -SEND_TIME_MODEL.smoothingHalfWidth; j <= SEND_TIME_MODEL.smoothingHalfWidth; j++) sum += current[wrap(j)]!;
    for (let bin = 0; bin < QUARTERS_PER_DAY; bin++) {
      next[bin] = sum / width;
      sum += current[wrap(bin + SEND_TIME_MODEL.smoothingHalfWidth + 1)]! - current[wrap(bin - SEND_TIME_MODEL.smoothingHalfWidth)]!;
    }
    current = next;
  }
  return current;
}

/**
 * The send quarter-hour t that maximises Σ_j rate(t + j) · ρ^j, ρ = 0.5^(1/half-life): the
 * expected human opens of a mail sent at t, each weighted by how fresh the mail still is when it
 * is read (a mail that waits hours sinks under newer ones). It lands a little before the peak of
 * the rate, never after it. Computed around the circle twice, backwards, in O(96).
 */
export function bestSendQuarter(rates: ArrayLike<number>): number {
  const rho = 0.5 ** (1 / SEND_TIME_MODEL.freshnessHalfLifeQuarters);
  const score = new Float64Array(QUARTERS_PER_DAY);
  let running = 0;
  for (let step = 2 * QUARTERS_PER_DAY - 1; step >= 0; step--) {
    running = rates[step % QUARTERS_PER_DAY]! + rho * running;
    if (step < QUARTERS_PER_DAY) score[step] = running;
  }
  let best = 0;
  for (let bin = 1; bin < QUARTERS_PER_DAY; bin++) if (score[bin]! > score[best]! + 1e-12) best = bin;
  return best;
}

/** The audience's exposure-corrected, smoothed rates (everyone's events over everyone's exposure) and its best hour. */
export function fitAudienceSendTime(people: Iterable<SendTimeHistory>): AudienceSendTime {
  const total: Tally = { events: new Float64Array(QUARTERS_PER_DAY), exposure: new Float64Array(QUARTERS_PER_DAY), signals: 0 };
  let count = 0;
  for (const person of people) {
    tally(person, total);
    count += 1;
  }
  const events = smooth(total.events);
  const exposure = smooth(total.exposure);
  const totalExposure = exposure.reduce((sum, value) => sum + value, 0);
  const overall = totalExposure > 0 ? total.signals / totalExposure : 0;
  // A quarter-hour nobody's mail ever waited through takes the overall rate: it says nothing.
  const rates = Array.from(exposure, (x, bin) => (x > 1e-9 ? events[bin]! / x : overall));
  const round = (value: number) => Math.round(value * 1e9) / 1e9;
  return {
    rates: rates.map(round),
    exposure: Array.from(exposure, round),
    audience_hour_utc: total.signals > 0 ? bestSendQuarter(rates) / 4 : SEND_TIME_MODEL.defaultHourUtc,
    people: count,
    signals: total.signals,
  };
}

/**
 * The person's rates, shrunk toward the audience's (a Gamma prior on each quarter-hour's rate with
 * mean level × audience rate and the weight of `priorExposure` quarter-hours of exposure):
 * rate(b) = (events(b) + κ·level·audience(b)) / (exposure(b) + κ). The level is the person's
 * events over what the audience's rates predict for their exposure (itself shrunk by two expected
 * events), so someone who opens everything is compared with the audience's shape, not its volume.
 * Two signals barely move the audience's answer; forty outweigh it where their mail waited.
 */
export function personalRates(person: SendTimeHistory, audience: AudienceSendTime): { rates: Float64Array; signals: number } {
  const own = tally(person);
  const events = smooth(own.events);
  const exposure = smooth(own.exposure);
  let expected = 0;
  for (let bin = 0; bin < QUARTERS_PER_DAY; bin++) expected += exposure[bin]! * audience.rates[bin]!;
  const level = (own.signals + 2) / (expected + 2);
  const kappa = SEND_TIME_MODEL.priorExposure;
  const rates = new Float64Array(QUARTERS_PER_DAY);
  for (let bin = 0; bin < QUARTERS_PER_DAY; bin++) rates[bin] = (events[bin]! + kappa * level * audience.rates[bin]!) / (exposure[bin]! + kappa);
  return { rates, signals: own.signals };
}

export function bestSendTime(person: SendTimeHistory, audience: AudienceSendTime): BestSendTime {
  const { rates, signals } = personalRates(person, audience);
  if (signals === 0) return { hour_utc: audience.audience_hour_utc, signals, source: 'audience' };
  return { hour_utc: bestSendQuarter(rates) / 4, signals, source: signals >= SEND_TIME_MODEL.personalSignals ? 'personal' : 'audience' };
}
