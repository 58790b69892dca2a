import { type SQL, sql } from 'drizzle-orm';

// The person's best send time as SQL, for campaigns' preparation and the automations' wait step
// alike: their stored hour (subscriber_insights.send_time, written by the insights refresh), else
// the account's audience hour (insight_models, kind send_time), else null (no model yet).

/**
 * `field` of the jsonb `document` as an hour of day, or null unless it is a number in [0, 24): a
 * stored value of another type or range (a corrupted row, an older format) is skipped, not cast,
 * since a failing cast or an out-of-range interval would fail the whole campaign's preparation on
 * every pass. Nested cases, because only a case guarantees the check runs before the cast.
 */
function storedHourSql(document: SQL, field: string): SQL {
  const key = sql`${field}::text`;
  const value = sql`(${document}->>${key})::float8`;
  return sql`(case when jsonb_typeof(${document}->${key}) = 'number' then (case when ${value} >= 0 and ${value} < 24 then ${value} end) end)`;
}

/** The hour of day (UTC, fractional) to send to `subscriberId` of `customerId`, or null. */
export function bestHourSql(subscriberId: SQL, customerId: SQL): SQL {
  return sql`coalesce(
    (select ${storedHourSql(sql`si.send_time`, 'hour_utc')} from subscriber_insights si where si.subscriber_id = ${subscriberId}),
    (select ${storedHourSql(sql`im.model`, 'audience_hour_utc')} from insight_models im where im.customer_id = ${customerId} and im.kind = 'send_time'))`;
}

/**
 * The first instant at or after `start` whose UTC time of day is `hour` (null stays null). UTC
 * midnight of the start's day, plus the hour, plus a day if that is already past.
 */
export function nextOccurrenceSql(start: SQL, hour: SQL): SQL {
  const midnight = sql`(date_trunc('day', ${start} at time zone 'UTC') at time zone 'UTC')`;
  const sameDay = sql`(${midnight} + make_interval(secs => (${hour}) * 3600))`;
  return sql`(case when ${sameDay} >= ${start} then ${sameDay} else ${sameDay} + interval '1 day' end)`;
}

/**
 * The instant in [start, start + window) closest to the person's hour: its next occurrence when
 * the window holds it; otherwise (a window shorter than a day) whichever end of the window is
 * nearer that hour, counting back from the start to its last occurrence and on from the window's
 * last minute to its next. Without an hour: the start.
 */
export function withinWindowSql(start: SQL, hour: SQL, windowHours: SQL): SQL {
  const next = nextOccurrenceSql(start, hour);
  const end = sql`(${start} + make_interval(hours => ${windowHours}))`;
  const last = sql`(${end} - interval '1 minute')`;
  return sql`(case
    when ${hour} is null then ${start}
    when ${next} < ${end} then ${next}
    when ${start} - (${next} - interval '1 day') <= ${next} - ${last} then ${start}
    else ${last} end)`;
}
