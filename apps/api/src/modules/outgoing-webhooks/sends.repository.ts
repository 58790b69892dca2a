import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { changedRows, rowsOf } from '../../db/results';

// The delivery worker's rows. A send is claimed (claimed_until set ahead, attempts counted) by one
// worker at a time, and settled only by the claim that took it: a worker that lost its lease (it
// stalled or crashed) changes nothing, and its send is taken again. Claims are fair: at most
// `perEndpoint` attempts under way per endpoint (one while it is paused for timing out) and
// `perCustomer` per account, across every process (claims take one advisory lock in turn, so the
// counts they read are the ones they add to), the free slots going round the accounts.

export interface ClaimedSend {
  id: number;
  attempts: number;
  claimedUntil: string;
  createdAt: Date;
  /** When its 24 hours of retries began (this claim, when it is the first). */
  windowStartsAt: Date;
  eventId: string;
  type: string;
  data: unknown;
  eventCreatedAt: Date;
  endpointId: string;
  url: string;
  sealedSecret: string;
  secretVersion: number;
}

export interface ClaimLimits {
  /** Sends this claim takes at most: the worker's free slots. */
  limit: number;
  /** Attempts under way to one endpoint at most; one while it is paused (a probe). */
  perEndpoint: number;
  /** Attempts under way for one account at most, all its endpoints together. */
  perCustomer: number;
  leaseMs: number;
}

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** Claims sends due now, each endpoint's oldest first, within the caps; one slot per account before any gets a second. */
export async function claimDueSends(db: Db, now: Date, limits: ClaimLimits): Promise<ClaimedSend[]> {
  if (limits.limit <= 0) return [];
  const until = new Date(now.getTime() + limits.leaseMs);
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('webhook send claims'))`);
    return tx.execute(sql`
      with busy as (
        select s.endpoint_id, count(*)::int as n from webhook_sends s
        where s.status = 'pending' and s.claimed_until > ${at(now)}
        group by s.endpoint_id
      ), customer_busy as (
        select e.customer_id, sum(b.n)::int as n from busy b join webhook_endpoints e on e.id = b.endpoint_id group by e.customer_id
      ), open_endpoints as (
        select e.id, e.customer_id, coalesce(b.n, 0) as busy,
          case when e.paused_until is null then ${limits.perEndpoint}::int else 1 end as cap
        from webhook_endpoints e left join busy b on b.endpoint_id = e.id
        where e.enabled and (e.paused_until is null or e.paused_until <= ${at(now)})
      ), candidates as (
        select d.id, d.next_attempt_at, o.customer_id, o.cap,
          o.busy + row_number() over (partition by o.id order by d.next_attempt_at, d.id) as endpoint_slot
        from open_endpoints o cross join lateral (
          select s.id, s.next_attempt_at from webhook_sends s
          where s.endpoint_id = o.id and s.status = 'pending' and s.next_attempt_at <= ${at(now)}
            and (s.claimed_until is null or s.claimed_until <= ${at(now)})
          order by s.next_attempt_at, s.id limit ${limits.perEndpoint}
        ) d
        where o.busy < o.cap
      ), fair as (
        select c.id, c.next_attempt_at,
          coalesce(cb.n, 0) + row_number() over (partition by c.customer_id order by c.endpoint_slot, c.next_attempt_at, c.id) as customer_slot
        from candidates c left join customer_busy cb on cb.customer_id = c.customer_id
        where c.endpoint_slot <= c.cap
      ), picked as (
        select id from fair where customer_slot <= ${limits.perCustomer}
        order by customer_slot, next_attempt_at, id limit ${limits.limit}
      ), claimed as (
        update webhook_sends s set attempts = s.attempts + 1, claimed_until = ${at(until)}, window_starts_at = coalesce(s.window_starts_at, ${at(now)})
        from picked where s.id = picked.id and s.status = 'pending' and (s.claimed_until is null or s.claimed_until <= ${at(now)})
        returning s.id, s.attempts, s.created_at, s.window_starts_at, s.event_id, s.endpoint_id
      )
      select c.id::text as id, c.attempts, c.created_at as "createdAt", c.window_starts_at as "windowStartsAt", c.event_id as "eventId", o.type, o.data,
        o.created_at as "eventCreatedAt", c.endpoint_id as "endpointId", e.url, e.secret as "sealedSecret", e.secret_version as "secretVersion"
      from claimed c join webhook_outbox o on o.id = c.event_id join webhook_endpoints e on e.id = c.endpoint_id`);
  });
  return rowsOf<Omit<ClaimedSend, 'claimedUntil'>>(result).map((row) => ({
    ...row,
    id: Number(row.id),
    claimedUntil: until.toISOString(),
    createdAt: new Date(row.createdAt),
    windowStartsAt: new Date(row.windowStartsAt),
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

/**
 * Sends still pending past their retry window (their endpoint was off or paused meanwhile) fail
 * without another attempt. One still waiting its turn behind other sends has no window yet.
 */
export async function failExpiredSends(db: Db, now: Date, windowMs: number): Promise<number> {
  return changedRows(
    await db.execute(sql`
      update webhook_sends set status = 'failed', finished_at = ${at(now)}
      where status = 'pending' and window_starts_at < ${at(new Date(now.getTime() - windowMs))} and (claimed_until is null or claimed_until <= ${at(now)})`),
  );
}

/** The window of an endpoint's sends not tried yet begins now: it was turned off or paused, so they wait on it, not on us. */
export async function startHeldWindows(db: Db, endpointId: string, now: Date): Promise<void> {
  await db.execute(sql`
    update webhook_sends set window_starts_at = ${at(now)}
    where endpoint_id = ${endpointId}::uuid and status = 'pending' and window_starts_at is null`);
}

/** The outbox keeps events (their sends and attempts go with them) this long; the log shows what is left. */
export async function dropEventsBefore(db: Db, before: Date): Promise<number> {
  return changedRows(
    await db.execute(sql`
      delete from webhook_outbox o where o.created_at < ${at(before)}
      and not exists (select 1 from webhook_sends s where s.event_id = o.id and s.status = 'pending')`),
  );
}
