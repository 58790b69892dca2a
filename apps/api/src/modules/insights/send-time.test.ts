import { describe, expect, it } from 'vitest';
import { bestSendQuarter, bestSendTime, fitAudienceSendTime, personalRates, type SendTimeHistory } from './send-time';

const DAY = 86_400_000;
const at = (day: number, hour: number, minute = 0) => new Date(Date.UTC(2026, 0, 1 + day, hour, minute));
const days = (n: number) => Array.from({ length: n }, (_, day) => day);

/** Mail delivered at 09:00 every day, read at the given hour (UTC) on the days given. */
function reader(hour: number, deliveredDays: number[], readDays: number[] = deliveredDays, minute = 0): SendTimeHistory {
  return { deliveries: deliveredDays.map((day) => at(day, 9)), signals: readDays.map((day) => at(day, hour, minute)) };
}

// An audience that reads at lunch: 12:30 UTC.
const lunchAudience = fitAudienceSendTime(Array.from({ length: 50 }, () => reader(12, days(20), days(20).filter((day) => day % 2 === 0), 30)));

describe('fitAudienceSendTime', () => {
  it('puts the audience\'s best send time a little before the hour it reads at', () => {
    expect(lunchAudience.audience_hour_utc).toBeGreaterThanOrEqual(11.5);
    expect(lunchAudience.audience_hour_utc).toBeLessThanOrEqual(12.5);
    expect(lunchAudience.signals).toBe(500);
    expect(lunchAudience.rates).toHaveLength(96);
  });

  it('corrects for exposure: hours at which mail waited unread have a low rate', () => {
    const waitedThrough = lunchAudience.rates[40]!; // 10:00, mail waits there every day, read at 12:30 half the time
    expect(waitedThrough).toBeLessThan(lunchAudience.rates[50]! / 5);
  });

  it('falls back to 09:00 UTC for an audience without a single signal', () => {
    expect(fitAudienceSendTime([reader(20, days(5), [])]).audience_hour_utc).toBe(9);
  });
});

describe('bestSendTime', () => {
  it('sends to a person who only ever clicks at 20:00 UTC at 20:00 or just before', () => {
    const best = bestSendTime(reader(20, days(40)), lunchAudience);
    expect(best.hour_utc).toBeGreaterThanOrEqual(19);
    expect(best.hour_utc).toBeLessThanOrEqual(20);
    expect(best).toMatchObject({ signals: 40, source: 'personal' });
  });

  it('gives a person without signals the audience\'s hour, however many deliveries they had', () => {
    // Machine opens never reach the model (the caller filters them): what is left is deliveries alone.
    expect(bestSendTime(reader(20, days(40), []), lunchAudience)).toEqual({ hour_utc: lunchAudience.audience_hour_utc, signals: 0, source: 'audience' });
    expect(bestSendTime({ deliveries: [], signals: [] }, lunchAudience)).toEqual({ hour_utc: lunchAudience.audience_hour_utc, signals: 0, source: 'audience' });
  });

  it('keeps a person with two signals close to the audience', () => {
    const best = bestSendTime(reader(20, days(3), [0, 2]), lunchAudience);
    expect(best.source).toBe('audience');
    expect(Math.abs(best.hour_utc - lunchAudience.audience_hour_utc)).toBeLessThanOrEqual(1);
  });

  it('does not count signals that come before any delivery or as second signals about the same mail', () => {
    const once = reader(20, days(10));
    const withExtras: SendTimeHistory = {
      deliveries: once.deliveries,
      signals: [...once.signals, ...once.signals.map((signal) => new Date(signal.getTime() + 60_000)), at(-3, 3)],
    };
    expect(bestSendTime(withExtras, lunchAudience)).toEqual(bestSendTime(once, lunchAudience));
  });

  it('ignores the order the dates come in', () => {
    const person = reader(20, days(10));
    const shuffled = { deliveries: [...person.deliveries].reverse(), signals: [...person.signals].reverse() };
    expect(bestSendTime(shuffled, lunchAudience)).toEqual(bestSendTime(person, lunchAudience));
  });

  it('lets hours at which no mail ever waited say nothing: they keep the audience\'s shape, while hours mail waited through unread fall', () => {
    // Mail arrives at 09:00 and is read at 20:00: 20:15–08:45 never had mail waiting.
    const audience = fitAudienceSendTime([...Array.from({ length: 20 }, () => reader(12, days(20), days(20), 30)), ...Array.from({ length: 20 }, () => reader(3, days(20), days(20)))]);
    const { rates } = personalRates(reader(20, days(40)), audience.rates, audience.decay_hours);
    const level = rates[12]! / audience.rates[12]!; // 03:00, never exposed
    expect(rates[8]! / audience.rates[8]!).toBeCloseTo(level, 6); // 02:00, never exposed either
    expect(rates[50]! / audience.rates[50]!).toBeLessThan(level / 4); // 12:30: waited through 40 times, never read
  });

  it('wraps around midnight: a reader at 00:15 UTC is sent to just before it', () => {
    const night: SendTimeHistory = { deliveries: days(30).map((day) => at(day, 9)), signals: days(30).map((day) => new Date(at(day, 0, 15).getTime() + DAY)) };
    const hour = bestSendTime(night, lunchAudience).hour_utc;
    expect(hour >= 23 || hour <= 0.25).toBe(true);
  });
});

describe('bestSendTime with known timezones', () => {
  it('pools a person toward the audience\'s habits on local clocks: 08:00 local in UTC−5 is 13:00 UTC', () => {
    // Forty people in UTC+2 read at 08:00 local (06:00 UTC); mail arrives at 20:00 UTC the day before.
    const early = (offsetMinutes: number, readHourUtc: number): SendTimeHistory => ({
      deliveries: days(20).map((day) => at(day, 20)),
      signals: days(20).map((day) => at(day + 1, readHourUtc)),
      utcOffsetMinutes: offsetMinutes,
    });
    const audience = fitAudienceSendTime(Array.from({ length: 40 }, () => early(120, 6)));
    expect(audience.local_hour).toBeGreaterThanOrEqual(7);
    expect(audience.local_hour).toBeLessThanOrEqual(8);
    // Without a signal, a reader in UTC−5 gets the audience's local hour on their own clock …
    const newcomer = bestSendTime({ deliveries: [at(0, 20)], signals: [], utcOffsetMinutes: -300 }, audience);
    expect(newcomer.source).toBe('audience');
    expect(newcomer.hour_utc).toBe(audience.local_hour! + 5);
    // … and without a timezone, the audience's UTC hour.
    expect(bestSendTime({ deliveries: [at(0, 20)], signals: [] }, audience).hour_utc).toBe(audience.audience_hour_utc);
    // Their own signals still decide once there are enough: 40 reads at 22:00 UTC.
    const own = bestSendTime({ ...reader(22, days(40)), utcOffsetMinutes: -300 }, audience);
    expect(own.hour_utc).toBeGreaterThanOrEqual(21);
    expect(own.hour_utc).toBeLessThanOrEqual(22);
  });
});

describe('bestSendQuarter', () => {
  it('picks the quarter-hour at or just before a single peak of the rate', () => {
    const rates = Array.from({ length: 96 }, (_, bin) => (bin === 80 ? 1 : 0.001));
    expect(bestSendQuarter(rates, 2)).toBe(80);
  });
});
