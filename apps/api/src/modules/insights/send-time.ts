// Each person's best send time from their human signals (docs/decisions/010-send-times-and-engagement.md).
// First cut: the quarter-hour of the day (UTC) with most signals, the audience's where the person has few.

export const QUARTERS_PER_DAY = 96;

export interface SendTimeHistory {
  deliveries: readonly Date[];
  /** HUMAN opens and clicks only: the caller drops machine opens. */
  signals: readonly Date[];
}

/** The account's profile, stored as JSON in insight_models (kind send_time). */
export interface AudienceSendTime {
  /** Signals per quarter-hour of the day (UTC), 96 entries. */
  rates: number[];
  /** The audience's best send time, hours in [0, 24) in quarter hours. */
  audience_hour_utc: number;
  people: number;
  signals: number;
}

export interface BestSendTime {
  hour_utc: number;
  signals: number;
  source: 'personal' | 'audience';
}

const quarterOf = (at: Date) => Math.floor((((at.getTime() / 900_000) % QUARTERS_PER_DAY) + QUARTERS_PER_DAY) % QUARTERS_PER_DAY);
const argMax = (values: readonly number[]) => values.reduce((best, value, i) => (value > values[best]! ? i : best), 0);

export function fitAudienceSendTime(people: Iterable<SendTimeHistory>): AudienceSendTime {
  const rates = new Array<number>(QUARTERS_PER_DAY).fill(0);
  let count = 0;
  let signals = 0;
  for (const person of people) {
    count += 1;
    for (const at of person.signals) {
      rates[quarterOf(at)]! += 1;
      signals += 1;
    }
  }
  return { rates, audience_hour_utc: signals > 0 ? argMax(rates) / 4 : 9, people: count, signals };
}

export function bestSendTime(person: SendTimeHistory, audience: AudienceSendTime): BestSendTime {
  if (person.signals.length < 3) return { hour_utc: audience.audience_hour_utc, signals: person.signals.length, source: 'audience' };
  const counts = new Array<number>(QUARTERS_PER_DAY).fill(0);
  for (const at of person.signals) counts[quarterOf(at)]! += 1;
  return { hour_utc: argMax(counts) / 4, signals: person.signals.length, source: 'personal' };
}
