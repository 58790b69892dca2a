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
  /**
   * The opening rate falls with the mail's age as rate × e^(−age/decay) (it sinks under newer
   * mail): exposure late in a wait counts less, and the send time is chosen for fresh opens.
   * Fixed, not fitted: see docs/decisions/010 for why the likelihood's pick did worse.
   */
  decayHours: 8,
  /** From this many first signals on, the answer is called the person's own. */
  personalSignals: 3,
  /** The audience's hour when nobody has a signal yet: 09:00 UTC. */
  defaultHourUtc: 9,
} as const;

export interface SendTimeHistory {
  deliveries: readonly Date[];
  /** HUMAN opens and clicks only: the caller drops machine opens. */
  signals: readonly Date[];
  /** The person's offset from UTC in minutes (UTC+2: 120) where their timezone is known. */
  utcOffsetMinutes?: number;
}

/** The account's profile, stored as JSON in insight_models (kind send_time). */
export interface AudienceSendTime {
  /** Exposure-corrected first-signal rate per quarter-hour of waiting, per quarter-hour of the day (UTC), smoothed: 96 entries. */
  rates: number[];
  /** Waiting mail, in quarter-hours, per quarter-hour of the day (smoothed), for reading the rates' support. */
  exposure: number[];
  /** The fitted decay of the opening rate with the mail's age, in hours. */
  decay_hours: number;
  /** The audience's best send time, hours in [0, 24) in quarter hours. */
  audience_hour_utc: number;
  /** The same rates on local clocks, from the people whose timezone is known (null: none); older models lack it. */
  local_rates?: number[] | null;
  /** The best local hour by those rates (then turned to UTC per person). */
  local_hour?: number | null;
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
  /** Age-weighted exposure, one array per candidate age decay. */
  exposure: Float64Array[];
  /** Full waits (no signal, no newer mail within the horizon) by the quarter-hour they start in; added in `finish`. */
  fullWaits: Float64Array;
  signals: number;
}

const wrap = (bin: number) => ((bin % QUARTERS_PER_DAY) + QUARTERS_PER_DAY) % QUARTERS_PER_DAY;
const ascending = (dates: readonly Date[]) => dates.map((at) => at.getTime()).sort((one, two) => one - two);
const HORIZON_QUARTERS = SEND_TIME_MODEL.horizonHours * 4;

const emptyTally = (decays: number): Tally => ({
  events: new Float64Array(QUARTERS_PER_DAY),
  exposure: Array.from({ length: decays }, () => new Float64Array(QUARTERS_PER_DAY)),
  fullWaits: new Float64Array(QUARTERS_PER_DAY),
  signals: 0,
});

/**
 * Adds the wait from `from` to `to` (quarter-hours since the epoch) to each exposure array, each
 * quarter-hour weighted by e^(−age/decay) at its middle: mail that has waited longer is less
 * likely to be opened (it sinks under newer mail), so an hour it waits through late says less.
 */
function addWait(exposure: Float64Array[], decays: readonly number[], from: number, to: number) {
  for (let d = 0; d < decays.length; d++) {
    const decay = decays[d]!;
    const into = exposure[d]!;
    // A whole quarter-hour's weight is the one before's times e^(−1/decay): one exp per wait, not per quarter.
    const step = Math.exp(-1 / decay);
    let whole = Number.NaN;
    for (let q = Math.floor(from); q < to; q++) {
      const low = Math.max(q, from);
      const high = Math.min(q + 1, to);
      let weight: number;
      if (low === q && high === q + 1) {
        weight = Number.isNaN(whole) ? Math.exp(-(q + 0.5 - from) / decay) : whole;
        whole = weight * step;
      } else weight = Math.exp(-((low + high) / 2 - from) / decay);
      into[wrap(q)]! += (high - low) * weight;
    }
  }
}

/**
 * Each delivery waits in the inbox from its arrival until the first signal after it, the next
 * delivery or the horizon, whichever comes first; that wait is its exposure, per quarter-hour of
 * the day, and its first signal (if within the wait) is the event. Later signals about the same
 * mail say when the person was already reading, not when they come to the inbox, so they are not
 * events. Hours at which nothing waited gather no exposure and so say nothing. `decays` are in
 * quarter-hours.
 */
function tally(person: SendTimeHistory, decays: readonly number[], into: Tally) {
  const deliveries = ascending(person.deliveries);
  const signals = ascending(person.signals);
  let s = 0;
  for (let d = 0; d < deliveries.length; d++) {
    const at = deliveries[d]!;
    const horizonEnd = at + HORIZON_QUARTERS * QUARTER_MS;
    const end = Math.min(horizonEnd, d + 1 < deliveries.length ? deliveries[d + 1]! : Infinity);
    while (s < signals.length && signals[s]! < at) s++;
    const first = s < signals.length && signals[s]! < end ? signals[s]! : null;
    if (first === null && end === horizonEnd) {
      // The common case, a mail that waited the whole horizon: counted by its start, spread once in finish().
      into.fullWaits[wrap(Math.round(at / QUARTER_MS))]! += 1;
      continue;
    }
    addWait(into.exposure, decays, at / QUARTER_MS, (first ?? end) / QUARTER_MS);
    if (first !== null) {
      into.events[wrap(Math.floor(first / QUARTER_MS))]! += 1;
      into.signals += 1;
    }
  }
}

// e^(−(j + ½)/decay) for each quarter-hour j of the horizon, per decay: worked out once, not per person.
const horizonWeights = new Map<number, Float64Array>();
function horizonWeightsOf(decay: number): Float64Array {
  let weights = horizonWeights.get(decay);
  if (!weights) {
    weights = Float64Array.from({ length: HORIZON_QUARTERS }, (_, j) => Math.exp(-(j + 0.5) / decay));
    horizonWeights.set(decay, weights);
  }
  return weights;
}

/** Spreads the full waits over the horizon, each quarter-hour j after the start weighted e^(−(j + ½)/decay). */
function finish(into: Tally, decays: readonly number[]) {
  for (let start = 0; start < QUARTERS_PER_DAY; start++) {
    const count = into.fullWaits[start]!;
    if (count === 0) continue;
    for (let d = 0; d < decays.length; d++) {
      const exposure = into.exposure[d]!;
      const weights = horizonWeightsOf(decays[d]!);
      for (let j = 0; j < HORIZON_QUARTERS; j++) exposure[(start + j) % QUARTERS_PER_DAY]! += count * weights[j]!;
    }
  }
  into.fullWaits.fill(0);
}

const smoothScratch = [new Float64Array(QUARTERS_PER_DAY), new Float64Array(QUARTERS_PER_DAY)];

/** Circular smoothing by repeated box filters (a cheap Gaussian), so a signal at 19:55 also speaks for 20:05. */
function smooth(values: Float64Array, out = new Float64Array(QUARTERS_PER_DAY)): Float64Array {
  let current = values;
  const half = SEND_TIME_MODEL.smoothingHalfWidth;
  const passes = SEND_TIME_MODEL.smoothingPasses;
  for (let pass = 0; pass < passes; pass++) {
    // Passes ping-pong between two scratch arrays and end in `out`: nothing allocated per person.
    const next = pass === passes - 1 ? out : smoothScratch[pass % 2]!;
    let sum = 0;
    for (let j = -half; j <= half; j++) sum += current[wrap(j)]!;
    for (let bin = 0; bin < QUARTERS_PER_DAY; bin++) {
      next[bin] = sum / (2 * half + 1);
      sum += current[wrap(bin + half + 1)]! - current[wrap(bin - half)]!;
    }
    current = next;
  }
  return current;
}

/**
 * The send quarter-hour t that maximises Σ_j rate(t + j) · e^(−j/decay): the expected human opens
 * of a mail sent at t under the fitted model, where the rate of opening falls with the mail's age
 * as the audience's data says it does. It lands a little before the peak of the rate, never after
 * it. Computed around the circle twice, backwards, in O(96).
 */
const quarterScores = new Float64Array(QUARTERS_PER_DAY);

export function bestSendQuarter(rates: ArrayLike<number>, decayHours: number): number {
  const rho = Math.exp(-1 / (4 * decayHours));
  const score = quarterScores;
  let running = 0;
  for (let step = 2 * QUARTERS_PER_DAY - 1; step >= 0; step--) {
    running = rates[step % QUARTERS_PER_DAY]! + rho * running;
    if (step < QUARTERS_PER_DAY) score[step] = running;
  }
  let best = 0;
  for (let bin = 1; bin < QUARTERS_PER_DAY; bin++) if (score[bin]! > score[best]! + 1e-12) best = bin;
  return best;
}

const round = (value: number) => Math.round(value * 1e9) / 1e9;

/** The history on the person's local clock: every date moved by the UTC offset. */
const onLocalClock = (person: SendTimeHistory, offsetMinutes: number): SendTimeHistory => ({
  deliveries: person.deliveries.map((at) => new Date(at.getTime() + offsetMinutes * 60_000)),
  signals: person.signals.map((at) => new Date(at.getTime() + offsetMinutes * 60_000)),
});

/** Smoothed events over smoothed exposure; a quarter-hour nobody's mail ever waited through takes the overall rate (it says nothing). */
function ratesOf(total: Tally): number[] {
  const events = smooth(total.events);
  const exposure = smooth(total.exposure[0]!);
  const totalExposure = exposure.reduce((sum, value) => sum + value, 0);
  const overall = totalExposure > 0 ? total.signals / totalExposure : 0;
  return Array.from(exposure, (x, bin) => round(x > 1e-9 ? events[bin]! / x : overall));
}

/**
 * The audience's exposure-corrected, smoothed rates (everyone's first signals over everyone's
 * age-weighted waiting mail) on the UTC clock and its best hour; and, from the people whose
 * timezone is known, the same on their local clocks: people in different timezones who read at
 * 8:00 local then pool together instead of averaging each other away. People are added one at a
 * time (a refresh streams them page by page) and only the tallies are kept.
 */
export class AudienceSendTimeFit {
  private readonly decays = [SEND_TIME_MODEL.decayHours * 4];
  private readonly total = emptyTally(1);
  private readonly local = emptyTally(1);
  private people = 0;

  add(person: SendTimeHistory): void {
    tally(person, this.decays, this.total);
    if (person.utcOffsetMinutes !== undefined) tally(onLocalClock(person, person.utcOffsetMinutes), this.decays, this.local);
    this.people += 1;
  }

  model(): AudienceSendTime {
    const { total, local, decays } = this;
    finish(total, decays);
    finish(local, decays);
    const rates = ratesOf(total);
    const localRates = local.signals > 0 ? ratesOf(local) : null;
    return {
      rates,
      exposure: Array.from(smooth(total.exposure[0]!), round),
      decay_hours: SEND_TIME_MODEL.decayHours,
      audience_hour_utc: total.signals > 0 ? bestSendQuarter(rates, SEND_TIME_MODEL.decayHours) / 4 : SEND_TIME_MODEL.defaultHourUtc,
      local_rates: localRates,
      local_hour: localRates ? bestSendQuarter(localRates, SEND_TIME_MODEL.decayHours) / 4 : null,
      people: this.people,
      signals: total.signals,
    };
  }
}

export function fitAudienceSendTime(people: Iterable<SendTimeHistory>): AudienceSendTime {
  const fit = new AudienceSendTimeFit();
  for (const person of people) fit.add(person);
  return fit.model();
}

/**
 * The person's rates, shrunk toward the prior (the audience's rates on the same clock; a Gamma prior
 * on each quarter-hour's rate with mean level × prior and the weight of `priorExposure`
 * quarter-hours of fresh exposure): rate(b) = (events(b) + κ·level·prior(b)) / (exposure(b) + κ).
 * The level is the person's events over what the prior predicts for their exposure (itself shrunk by
 * two expected events), so someone who opens everything is compared with the audience's shape, not
 * its volume. Two signals barely move the audience's answer; forty outweigh it where their mail
 * waited.
 */
export function personalRates(person: SendTimeHistory, prior: readonly number[], decayHours: number): { rates: Float64Array; signals: number } {
  const rates = new Float64Array(QUARTERS_PER_DAY);
  return { rates, signals: personalRatesInto(person, prior, decayHours, rates) };
}

// One person's working arrays, reused from person to person (a refresh works through a million).
const personal = { tally: emptyTally(1), events: new Float64Array(QUARTERS_PER_DAY), exposure: new Float64Array(QUARTERS_PER_DAY), rates: new Float64Array(QUARTERS_PER_DAY) };

/** personalRates written into `rates`; answers the person's first signals. */
function personalRatesInto(person: SendTimeHistory, prior: readonly number[], decayHours: number, rates: Float64Array): number {
  const decays = [decayHours * 4];
  const own = personal.tally;
  own.events.fill(0);
  own.exposure[0]!.fill(0);
  own.fullWaits.fill(0);
  own.signals = 0;
  tally(person, decays, own);
  finish(own, decays);
  const events = smooth(own.events, personal.events);
  const exposure = smooth(own.exposure[0]!, personal.exposure);
  let expected = 0;
  for (let bin = 0; bin < QUARTERS_PER_DAY; bin++) expected += exposure[bin]! * prior[bin]!;
  const level = (own.signals + 2) / (expected + 2);
  const kappa = SEND_TIME_MODEL.priorExposure;
  for (let bin = 0; bin < QUARTERS_PER_DAY; bin++) rates[bin] = (events[bin]! + kappa * level * prior[bin]!) / (exposure[bin]! + kappa);
  return own.signals;
}

/**
 * The person's best send time. With a known timezone (and an audience fitted with some), the work
 * is done on the local clock against the audience's local profile and the answer turned back to UTC.
 */
export function bestSendTime(person: SendTimeHistory, audience: AudienceSendTime): BestSendTime {
  const offset = person.utcOffsetMinutes;
  const local = offset !== undefined && audience.local_rates && audience.local_hour !== null && audience.local_hour !== undefined;
  const toUtc = (hour: number) => (local ? (((Math.round((hour - offset! / 60) * 4) % QUARTERS_PER_DAY) + QUARTERS_PER_DAY) % QUARTERS_PER_DAY) / 4 : hour);
  const audienceHour = local ? toUtc(audience.local_hour!) : audience.audience_hour_utc;
  // Without a signal after a delivery the person's rates are the audience's times a level: its answer.
  if (person.signals.length === 0 || person.deliveries.length === 0) return { hour_utc: audienceHour, signals: 0, source: 'audience' };
  const rates = personal.rates;
  const signals = local
    ? personalRatesInto(onLocalClock(person, offset!), audience.local_rates!, audience.decay_hours, rates)
    : personalRatesInto(person, audience.rates, audience.decay_hours, rates);
  if (signals === 0) return { hour_utc: audienceHour, signals, source: 'audience' };
  return { hour_utc: toUtc(bestSendQuarter(rates, audience.decay_hours) / 4), signals, source: signals >= SEND_TIME_MODEL.personalSignals ? 'personal' : 'audience' };
}
