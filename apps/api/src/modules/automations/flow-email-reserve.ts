import { sql } from 'drizzle-orm';
import type { FlowRules } from '@postlark/shared/automations';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/results';
import { LOOK_EVERY_MS } from '../ab-tests/ab-test-engine';
import { testsOf } from '../ab-tests/ab-tests.repository';
import { type Quotas, reserveQuotaUpTo } from '../senders/quotas';
import type { Candidate, EmailDecision } from './flow-email-work';

// The emails a batch may send, taken from the account's daily quota and checked against the
// frequency cap under the account's lock, each with its ledger row made (pending).

const HOUR_MS = 3_600_000;

/**
 * One account's emails that may go: each takes one unit of the account's daily message quota
 * (CAMPAIGN_MESSAGES_PER_DAY, shared with campaigns) unless the frequency cap defers it, in claim
 * order, as one step at a time would; past the quota the rest are deferred until the window frees.
 */
export async function reserveEmails(db: Db, customerId: string, group: readonly Candidate[], batchStepRunIds: readonly number[], options: { messageIdDomain: string; quotas: Quotas; now: Date }) {
  const { now } = options;
  return reserveQuotaUpTo({ db, now: () => now, quotas: options.quotas }, customerId, 'campaign-messages', async (tx, free, retryAfterSeconds) => {
    // The quota's reservation holds the account's row (FOR UPDATE) until this commits, and every
    // automation email is decided under it: two flows cannot both pass the cap for one person, and
    // no person's row is locked (a batch's many would risk a deadlock with bulk updates of them).
    const ids = [...new Set(group.map((item) => item.person.id))];
    const capped = group.some((item) => item.work.rules.frequency_cap_hours !== null);
    const lastSends = capped ? await lastAutomationEmails(tx, customerId, ids, batchStepRunIds) : [];
    const decisions: EmailDecision[] = [];
    const going: Candidate[] = [];
    // People this batch already gives an email to: their next is capped from now.
    const sentNow = new Set<string>();
    for (const item of group) {
      if (going.length >= free) {
        const until = new Date(now.getTime() + retryAfterSeconds(going.length) * 1000);
        decisions.push({ kind: 'defer', work: item.work, until, reason: `Deferred: the account's daily email quota is used up; sends at ${until.toISOString()}.` });
        continue;
      }
      const previous = lastSends.filter((row) => row.subscriberId === item.person.id && Number(row.stepRunId) !== item.work.claimed.id).map((row) => new Date(row.last).getTime());
      if (sentNow.has(item.person.id)) previous.push(now.getTime());
      const capped = frequencyCapUntil(item.work.rules, previous, now);
      if (capped) {
        decisions.push({ ...capped, work: item.work });
        continue;
      }
      going.push(item);
      sentNow.add(item.person.id);
    }
    const made = await makeLedgerRows(tx, going, options.messageIdDomain, now);
    const tests = await testsOf(tx, [...new Set(going.map((item) => item.campaign.id))]);
    for (const item of going) {
      const row = made.get(item.work.claimed.id);
      if (!row) decisions.push({ kind: 'skip', work: item.work, reason: 'Not sent again: this email was already sent or given up on for this run.' });
      else
        decisions.push({
          kind: 'send',
          // A test taken off the step (even a decided one) no longer shapes its emails.
          email: { ...item, ledgerId: Number(row.id), messageId: row.messageId, abTest: item.work.step.ab_test ? (tests.get(item.campaign.id)?.settings ?? null) : null, variant: Number(row.variant) },
        });
    }
    return { taken: made.size, value: decisions };
  });
}

/**
 * The automation emails these people were last given, by step execution: sent, being sent, their
 * fate unknown, or reserved by a step another batch holds (its ledger row pending while the step runs).
 */
async function lastAutomationEmails(tx: Db, customerId: string, subscriberIds: readonly string[], batchStepRunIds: readonly number[]) {
  return rowsOf<{ subscriberId: string; stepRunId: string; last: string }>(
    await tx.execute(sql`select m.subscriber_id as "subscriberId", m.flow_step_run_id as "stepRunId", max(coalesce(m.sent_at, m.claimed_at)) as "last"
      from campaign_messages m
      join campaigns c on c.id = m.campaign_id and c.kind = 'automation' and c.customer_id = ${customerId}::uuid
      where m.subscriber_id = any(${sql.param([...subscriberIds])}::uuid[])
        and (m.status in ('sent', 'sending', 'unknown')
          or (m.status = 'pending' and m.flow_step_run_id <> all(${sql.param([...batchStepRunIds])}::bigint[])
            and exists (select 1 from flow_step_runs s where s.id = m.flow_step_run_id and s.status = 'running')))
      group by m.subscriber_id, m.flow_step_run_id
      having max(coalesce(m.sent_at, m.claimed_at)) is not null`),
  );
}

/** When the frequency cap lets the person have another automation email, if not now. */
function frequencyCapUntil(rules: FlowRules, previous: readonly number[], now: Date): { kind: 'defer'; until: Date; reason: string } | null {
  if (rules.frequency_cap_hours === null || previous.length === 0) return null;
  const last = Math.max(...previous);
  const allowedAt = new Date(last + rules.frequency_cap_hours * HOUR_MS);
  if (allowedAt <= now) return null;
  return {
    kind: 'defer',
    until: allowedAt,
    reason: `Deferred: frequency cap (at most one automation email per ${rules.frequency_cap_hours} hours; the last went at ${new Date(last).toISOString()}); sends at ${allowedAt.toISOString()}.`,
  };
}

/**
 * The ledger rows of the emails going, pending (reserved: made, not yet offered), or a row of a
 * temporary failure taken again; a row already sent or given up on is not. By step execution.
 * A step with an A/B test starts it with its first email; while it runs each email gets a random
 * variant, once decided the winner's (A without one); a retried row keeps its variant.
 */
async function makeLedgerRows(tx: Db, going: readonly Candidate[], messageIdDomain: string, now: Date): Promise<Map<number, { id: string; messageId: string; variant: number }>> {
  if (going.length === 0) return new Map();
  const at = now.toISOString();
  await tx.execute(sql`update ab_tests set status = 'testing', started_at = ${at}::timestamptz,
      deadline_at = ${at}::timestamptz + make_interval(mins => (settings->>'wait_minutes')::int),
      next_look_at = least(${new Date(now.getTime() + LOOK_EVERY_MS).toISOString()}::timestamptz, ${at}::timestamptz + make_interval(mins => (settings->>'wait_minutes')::int))
    where campaign_id = any(${sql.param([...new Set(going.map((item) => item.campaign.id))])}::uuid[]) and status = 'draft'`);
  const rows = rowsOf<{ id: string; messageId: string; stepRunId: string; variant: number }>(
    await tx.execute(sql`insert into campaign_messages (campaign_id, subscriber_id, email, message_id, next_attempt_at, status, claimed_at, attempts, flow_step_run_id, variant)
      select n.campaign_id, n.subscriber_id, n.email, n.message_id, ${at}::timestamptz, 'pending', ${at}::timestamptz, 1, n.step_run_id,
        coalesce((select case t.status when 'testing' then floor(random() * jsonb_array_length(t.settings->'variants'))::int when 'winner' then t.winner else 0 end
          from ab_tests t where t.campaign_id = n.campaign_id), 0)
      from unnest(${sql.param(going.map((item) => item.campaign.id))}::uuid[], ${sql.param(going.map((item) => item.person.id))}::uuid[],
        ${sql.param(going.map((item) => item.person.email))}::text[],
        ${sql.param(going.map(() => `<${crypto.randomUUID().replaceAll('-', '')}@${messageIdDomain}>`))}::text[],
        ${sql.param(going.map((item) => item.work.claimed.id))}::bigint[]) as n(campaign_id, subscriber_id, email, message_id, step_run_id)
      on conflict (campaign_id, subscriber_id, flow_step_run_id) do update set claimed_at = excluded.claimed_at, attempts = campaign_messages.attempts + 1
        where campaign_messages.status = 'pending'
      returning id, message_id as "messageId", flow_step_run_id as "stepRunId", variant`),
  );
  return new Map(rows.map((row) => [Number(row.stepRunId), row]));
}
