import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { changedRows, rowsOf } from '../../db/results';

// The delivery worker's rows. A send is claimed (claimed_until set ahead, attempts counted) by one
// worker at a time (FOR UPDATE SKIP LOCKED), and settled only by the claim that took it: a worker
// that lost its lease (it stalled or crashed) changes nothing, and its send is taken again.

export interface ClaimedSend {
  id: number;
  attempts: number;
  claimedUntil: string;
  createdAt: Date;
  eventId: string;
  type: string;
  data: unknown;
  eventCreatedAt: Date;
  endpointId: string;
  url: string;
  sealedSecret: string;
  secretVersion: number;
}

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** Claims up to `limit` sends due now, oldest first, of enabled endpoints. */
export async function claimDueSends(db: Db, now: Date, limit: number, leaseMs: number): Promise<ClaimedSend[]> {
  const until = new Date(now.getTime() + leaseMs);
  const result = await db.execute(sql`
    with due as (
      select s.id from webhook_sends s join webhook_endpoints e on e.id = s.endpoint_id
      where s.status = 'pending' and s.next_attempt_at <= ${at(now)} and (s.claimed_until is null or s.claimed_until <= ${at(now)}) and e.enabled
      order by s.next_attempt_at limit ${limit}
      for update of s skip locked
    ), claimed as (
      update webhook_sends s set attempts = s.attempts + 1, claimed_until = ${at(until)}
      from due where s.id = due.id
      returning s.id, s.attempts, s.created_at, s.event_id, s.endpoint_id
    )
    select c.id::text as id, c.attempts, c.created_at as "createdAt", c.event_id as "eventId", o.type, o.data,
      o.created_at as "eventCreatedAt", c.endpoint_id as "endpointId", e.url, e.secret as "sealedSecret", e.secret_version as "secretVersion"
    from claimed c join webhook_outbox o on o.id = c.event_id join webhook_endpoints e on e.id = c.endpoint_id`);
  return rowsOf<Omit<ClaimedSend, 'claimedUntil'>>(result).map((row) => ({
    ...row,
    id: Number(row.id),
    claimedUntil: until.toISOString(),
    createdAt: new Date(row.createdAt),
    eventCreatedAt: new Date(row.eventCreatedAt),
  }));
}

export interface AttemptRecord {
  at: Date;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

/**
 * Settles a claimed send after one attempt, and logs the attempt, in one statement: delivered,
 * failed for good, or pending again at `nextAttemptAt`. Nothing happens when the claim was lost.
 */
export async function settleSend(
  db: Db,
  send: Pick<ClaimedSend, 'id' | 'claimedUntil' | 'endpointId'>,
  attempt: AttemptRecord,
  next: { status: 'delivered' | 'failed' } | { status: 'pending'; nextAttemptAt: Date },
): Promise<boolean> {
  const nextAttemptAt = next.status === 'pending' ? at(next.nextAttemptAt) : sql`next_attempt_at`;
  const finishedAt = next.status === 'pending' ? sql`null` : at(attempt.at);
  const result = await db.execute(sql`
    with settled as (
      update webhook_sends set status = ${next.status}, next_attempt_at = ${nextAttemptAt}, finished_at = ${finishedAt}, claimed_until = null
      where id = ${send.id} and claimed_until = ${send.claimedUntil}::timestamptz
      returning id
    )
    insert into webhook_attempts (send_id, endpoint_id, at, status_code, error, duration_ms)
    select settled.id, ${send.endpointId}::uuid, ${at(attempt.at)}, ${attempt.statusCode}, ${attempt.error}, ${attempt.durationMs} from settled`);
  return changedRows(result) > 0;
}

/** Sends still pending past the retry window (their endpoint was off meanwhile) fail without an attempt. */
export async function failExpiredSends(db: Db, now: Date, windowMs: number): Promise<number> {
  return changedRows(
    await db.execute(sql`
      update webhook_sends set status = 'failed', finished_at = ${at(now)}
      where status = 'pending' and created_at < ${at(new Date(now.getTime() - windowMs))} and (claimed_until is null or claimed_until <= ${at(now)})`),
  );
}

/** The outbox keeps events (their sends and attempts go with them) this long; the log shows what is left. */
export async function dropEventsBefore(db: Db, before: Date): Promise<number> {
  return changedRows(
    await db.execute(sql`
      delete from webhook_outbox o where o.created_at < ${at(before)}
      and not exists (select 1 from webhook_sends s where s.event_id = o.id and s.status = 'pending')`),
  );
}
