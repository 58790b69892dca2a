import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/results';
import { countSent } from '../campaigns/sending.repository';

// A reserved email's ledger row from here on: offered (pending to sending), recorded sent with the
// lane's next offer, dropped, released or failed; and the customer's systems told of each sent.

export type Offer = 'offered' | 'ended' | 'lost';

/**
 * Offers reserved emails (ledger rows pending → sending, while their steps are still running and
 * their runs still active) and, in the same statement, records as sent the emails the relay took
 * just before on the same lanes: so a crash leaves at most the one email each lane was offering
 * in sending (unknown, never repeated). By ledger id: `ended`, the run ended since the batch was
 * decided (an unsubscribe ends every run at once), so the email is not offered; `lost`, it is no
 * longer this worker's to send.
 */
export async function offerEmails(db: Db, ledgerIds: readonly number[], previousSent: readonly number[], now: Date): Promise<Map<number, Offer>> {
  const at = now.toISOString();
  const result = await db.execute(sql`
    with sent as (update campaign_messages set status = 'sent', sent_at = ${at}::timestamptz, last_error = null
      where id = any(${sql.param([...previousSent])}::bigint[]) and status = 'sending' returning id, campaign_id, email),
    counted as (${countSent(at)}),
    target as (select m.id, r.status = 'active' as "active"
      from campaign_messages m join flow_step_runs s on s.id = m.flow_step_run_id join flow_runs r on r.id = s.run_id
      where m.id = any(${sql.param([...ledgerIds])}::bigint[]) and m.status = 'pending' and s.status = 'running'),
    offered as (update campaign_messages m set status = 'sending', claimed_at = ${at}::timestamptz
      from target t where m.id = t.id and t.active and m.status = 'pending' returning m.id)
    select t.id, t.active from target t`);
  const found = new Map(rowsOf<{ id: string; active: boolean }>(result).map((row) => [Number(row.id), row.active ? ('offered' as const) : ('ended' as const)]));
  return new Map(ledgerIds.map((id) => [id, found.get(id) ?? 'lost']));
}

/**
 * The lanes' offers, gathered: each waits for one commit before its email may go, so the lanes
 * asking while a statement is under way go together in the next (one commit for all of them).
 */
export function offerQueue(db: Db, now: () => Date) {
  let waiting: { ledgerId: number; previousSent: number | null; resolve(offer: Offer): void; reject(error: unknown): void }[] = [];
  let busy = false;
  async function flush() {
    busy = true;
    while (waiting.length > 0) {
      const group = waiting;
      waiting = [];
      try {
        const offers = await offerEmails(
          db,
          group.map((item) => item.ledgerId),
          group.flatMap((item) => (item.previousSent === null ? [] : [item.previousSent])),
          now(),
        );
        for (const item of group) item.resolve(offers.get(item.ledgerId)!);
      } catch (error) {
        for (const item of group) item.reject(error);
      }
    }
    busy = false;
  }
  return (ledgerId: number, previousSent: number | null) =>
    new Promise<Offer>((resolve, reject) => {
      waiting.push({ ledgerId, previousSent, resolve, reject });
      if (!busy) void flush();
    });
}

/** A reserved email whose run ended before it was offered: never sent. */
export async function dropReserved(db: Db, ledgerId: number): Promise<void> {
  await db.execute(sql`update campaign_messages set status = 'skipped' where id = ${ledgerId} and status = 'pending'`);
}

/** Reserved emails never offered because the relay could not be reached: their attempt does not count. */
export async function releaseReserved(db: Db, ledgerIds: readonly number[], error: string, now: Date): Promise<void> {
  if (ledgerIds.length === 0) return;
  await db.execute(sql`update campaign_messages set attempts = greatest(attempts - 1, 0), last_error = ${error}, next_attempt_at = ${now.toISOString()}::timestamptz
    where id = any(${sql.param([...ledgerIds])}::bigint[]) and status = 'pending'`);
}

/** automation.email_sent for each email the relay took, for the customer's own systems, in the transaction that settles their steps. */
export async function queueEmailSentEvents(
  tx: Db,
  sent: readonly { customerId: string; flowId: string; stepId: string; runId: string; subscriberId: string; email: string; messageId: string }[],
  now: Date,
): Promise<void> {
  if (sent.length === 0) return;
  const data = sent.map((item) =>
    JSON.stringify({ flow: { id: item.flowId }, step_id: item.stepId, run_id: item.runId, subscriber: { id: item.subscriberId, email: item.email }, message_id: item.messageId }),
  );
  await tx.execute(sql`select queue_webhook_event(e.customer_id, 'automation.email_sent', e.data, ${now.toISOString()}::timestamptz)
    from unnest(${sql.param(sent.map((item) => item.customerId))}::uuid[], ${sql.param(data)}::jsonb[]) as e(customer_id, data)`);
}

/** A step given up on after its attempts: its ledger row reads failed too. */
export async function markEmailFailed(db: Db, stepRunId: number, reason: string): Promise<void> {
  await db.execute(sql`update campaign_messages set status = 'failed', last_error = ${reason} where flow_step_run_id = ${stepRunId} and status in ('pending', 'sending')`);
}
