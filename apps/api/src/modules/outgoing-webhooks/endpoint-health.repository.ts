import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/results';

// An endpoint's circuit breaker, as Stripe and Svix treat endpoints that keep failing, but for the
// failure that costs every other tenant: an attempt that gets no answer holds a delivery slot for
// the whole timeout. After `timeoutsToPause` such attempts in a row the endpoint is paused (its
// sends are not claimed) for `pauseBaseMs`, doubled for each pause in a row up to `maxPauseMs`;
// then the claim takes one send at a time (a probe). Any answer, even an error status, closes
// the breaker; another timeout pauses it again, for longer.

export interface PauseSettings {
  timeoutsToPause: number;
  pauseBaseMs: number;
  maxPauseMs: number;
}

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * One more attempt without an answer in time. Answers when the endpoint is paused until, if it is.
 * A pause starts only when none is in force (late timeouts of attempts already under way do not
 * lengthen it), and starts the retry window of the sends it holds that were never tried.
 */
export async function recordTimeout(db: Db, endpointId: string, now: Date, settings: PauseSettings): Promise<Date | null> {
  // power() is capped so that a long run of pauses cannot overflow; least() caps the pause itself.
  const result = await db.execute(sql`
    with counted as (
      update webhook_endpoints e set
        timeouts_in_row = e.timeouts_in_row + 1,
        pauses = case when e.timeouts_in_row + 1 >= ${settings.timeoutsToPause} and (e.paused_until is null or e.paused_until <= ${at(now)}) then e.pauses + 1 else e.pauses end,
        paused_until = case when e.timeouts_in_row + 1 >= ${settings.timeoutsToPause} and (e.paused_until is null or e.paused_until <= ${at(now)})
          then ${at(now)} + make_interval(secs => least(${settings.pauseBaseMs}::float8 * power(2, least(e.pauses, 30)), ${settings.maxPauseMs}::float8) / 1000)
          else e.paused_until end
      where e.id = ${endpointId}::uuid
      returning e.paused_until
    ), held as (
      update webhook_sends s set window_starts_at = ${at(now)}
      from counted c
      where s.endpoint_id = ${endpointId}::uuid and s.status = 'pending' and s.window_starts_at is null and c.paused_until > ${at(now)}
    )
    select paused_until as "pausedUntil" from counted`);
  const row = rowsOf<{ pausedUntil: string | Date | null }>(result)[0];
  const until = row?.pausedUntil ? new Date(row.pausedUntil) : null;
  return until && until > now ? until : null;
}

/** The endpoint answered (whatever it said): the breaker closes, and its sends are claimed as usual again. */
export async function recordAnswer(db: Db, endpointId: string): Promise<void> {
  await db.execute(sql`
    update webhook_endpoints set timeouts_in_row = 0, pauses = 0, paused_until = null
    where id = ${endpointId}::uuid and (timeouts_in_row > 0 or pauses > 0 or paused_until is not null)`);
}
