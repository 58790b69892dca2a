import { sql } from 'drizzle-orm';
import type { EmailStep, FlowRules } from '@postlark/shared/automations';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/results';
import { recordBounce } from '../campaigns/bounces.repository';
import { buildCampaignMail, type CampaignLinks, type PreparedCampaign, prepareCampaign } from '../campaigns/campaign-message';
import { isUsableFrom } from '../campaigns/campaign-readiness';
import { type CampaignTransport, SendFailure } from '../campaigns/campaign-transport';
import { type CampaignRow, campaignById } from '../campaigns/campaigns.repository';
import { type Recipient, stillEligible } from '../campaigns/recipients.repository';
import { markFailed, markRelayWait, markRetry, markSent } from '../campaigns/sending.repository';
import { type Quotas, reserveQuota } from '../senders/quotas';
import { type FlowPerson, notMailableReason } from './flow-people';
import { quietHoursEnd } from './flow-time';

// An email step sends through the campaign machinery: its hidden campaign row (the step's
// content, kept in step with each version) and a campaign_messages ledger row per send, so the
// message is built, tracked, footed and unsubscribed exactly as a campaign's, and the frequency
// cap reads one ledger for every flow.

const HOUR_MS = 3_600_000;

export type EmailDecision =
  | { kind: 'send'; ledgerId: number; messageId: string; campaign: CampaignRow; recipient: Recipient }
  | { kind: 'skip'; reason: string }
  | { kind: 'defer'; until: Date; reason: string };

/** The hidden campaign behind a flow's email step. */
export async function stepCampaignId(db: Db, flowId: string, stepId: string): Promise<string | undefined> {
  const result = await db.execute(sql`select campaign_id as "campaignId" from flow_step_campaigns where flow_id = ${flowId}::uuid and step_id = ${stepId}`);
  return rowsOf<{ campaignId: string }>(result)[0]?.campaignId;
}

const eligibleSql = (customerId: string) => sql`"subscribers"."customer_id" = ${customerId}::uuid and "subscribers"."status" = 'active'`;

/**
 * Decides, for the step execution `stepRunId`, whether its email goes now: the person must be
 * active and not suppressed, the sender confirmed, outside quiet hours and under the frequency
 * cap. Going now, its ledger row is made (or taken again after a temporary failure) in `sending`
 * in the same transaction that read the cap, with the person's row locked, so two flows cannot
 * both send within the cap.
 */
export async function decideEmail(
  db: Db,
  input: { flowId: string; stepRunId: number; step: EmailStep; rules: FlowRules; person: FlowPerson; messageIdDomain: string; quotas: Quotas; now: Date },
): Promise<EmailDecision> {
  const { person, now, rules } = input;
  const unmailable = notMailableReason(person.status);
  if (unmailable) return { kind: 'skip', reason: unmailable };
  const campaignId = await stepCampaignId(db, input.flowId, input.step.id);
  const campaign = campaignId ? await campaignById(db, campaignId) : undefined;
  if (!campaign) return { kind: 'skip', reason: 'Not sent: the step has no email content.' };
  // What the campaign sender reads of a recipient (merge fields and all), and the same suppression check.
  const [recipient] = await stillEligible(db, eligibleSql(person.customerId), [person.id]);
  if (!recipient) return { kind: 'skip', reason: 'Not sent: the address is on the suppression list.' };
  if (!(await isUsableFrom(db, campaign))) return { kind: 'skip', reason: `Not sent: ${campaign.fromEmail || 'the sender address'} is not a confirmed sender any more.` };
  const timezone = person.timezone ?? rules.timezone;
  const quietEnd = quietHoursEnd(now, timezone, rules.quiet_hours);
  if (quietEnd) {
    return { kind: 'defer', until: quietEnd, reason: `Deferred: quiet hours (${rules.quiet_hours!.start}:00 to ${rules.quiet_hours!.end}:00 in ${timezone}); sends at ${quietEnd.toISOString()}.` };
  }
  // One unit of the account's daily message quota (CAMPAIGN_MESSAGES_PER_DAY, shared with
  // campaigns) per email, reserved in the transaction that makes the ledger row; a deferral gives it back.
  try {
    const reservation = await reserveQuota({ db, now: () => now, quotas: input.quotas }, person.customerId, 'campaign-messages', 1, async (tx) => {
      await tx.execute(sql`select id from subscribers where id = ${person.id}::uuid for update`);
      const capped = await frequencyCapUntil(tx, person, rules, input.stepRunId, now);
      if (capped) throw new Deferral(capped);
      const messageId = `<flow.${input.stepRunId}.${person.id}@${input.messageIdDomain}>`;
      const rows = rowsOf<{ id: string; messageId: string }>(
        await tx.execute(sql`insert into campaign_messages (campaign_id, subscriber_id, email, message_id, next_attempt_at, status, claimed_at, attempts, flow_step_run_id)
          values (${campaign.id}::uuid, ${person.id}::uuid, ${person.email}, ${messageId}, ${now.toISOString()}::timestamptz, 'sending', ${now.toISOString()}::timestamptz, 1, ${input.stepRunId})
          on conflict (campaign_id, subscriber_id, flow_step_run_id) do update set status = 'sending', claimed_at = excluded.claimed_at, attempts = campaign_messages.attempts + 1
            where campaign_messages.status = 'pending'
          returning id, message_id as "messageId"`),
      );
      const row = rows[0];
      if (!row) throw new Deferral(null);
      return { kind: 'send' as const, ledgerId: Number(row.id), messageId: row.messageId, campaign, recipient };
    });
    if (reservation.granted) return reservation.value;
    const until = new Date(now.getTime() + reservation.retryAfterSeconds * 1000);
    return { kind: 'defer', until, reason: `Deferred: the account's daily email quota is used up; sends at ${until.toISOString()}.` };
  } catch (error) {
    if (!(error instanceof Deferral)) throw error;
    if (!error.decision) return { kind: 'skip', reason: 'Not sent again: this email was already sent or given up on for this run.' };
    return error.decision;
  }
}

/** A deferral (or, null, a repeat) found inside the reservation: thrown so the quota unit is given back. */
class Deferral extends Error {
  constructor(readonly decision: Extract<EmailDecision, { kind: 'defer' }> | null) {
    super('deferred');
  }
}

/** When the frequency cap lets the person have another automation email, if not now. */
async function frequencyCapUntil(tx: Db, person: FlowPerson, rules: FlowRules, stepRunId: number, now: Date): Promise<Extract<EmailDecision, { kind: 'defer' }> | null> {
  if (rules.frequency_cap_hours === null) return null;
  const last = rowsOf<{ last: string | null }>(
    await tx.execute(sql`select max(coalesce(m.sent_at, m.claimed_at)) as "last" from campaign_messages m
      join campaigns c on c.id = m.campaign_id and c.kind = 'automation' and c.customer_id = ${person.customerId}::uuid
      where m.subscriber_id = ${person.id}::uuid and m.status in ('sent', 'sending', 'unknown') and m.flow_step_run_id <> ${stepRunId}`),
  )[0]?.last;
  const allowedAt = last ? new Date(new Date(last).getTime() + rules.frequency_cap_hours * HOUR_MS) : null;
  if (!allowedAt || allowedAt <= now) return null;
  return {
    kind: 'defer',
    until: allowedAt,
    reason: `Deferred: frequency cap (at most one automation email per ${rules.frequency_cap_hours} hours; the last went at ${new Date(last!).toISOString()}); sends at ${allowedAt.toISOString()}.`,
  };
}

// Campaign rows compiled once per content version (updated_at), as the campaign sender does per batch.
const prepared = new Map<string, PreparedCampaign>();
function preparedFor(campaign: CampaignRow): PreparedCampaign {
  const key = `${campaign.id}:${campaign.updatedAt.getTime()}`;
  let entry = prepared.get(key);
  if (!entry) {
    if (prepared.size > 500) prepared.clear();
    entry = prepareCampaign(campaign);
    prepared.set(key, entry);
  }
  return entry;
}

/** The triggering event's top-level scalar properties, as `{{ event.<property> }}` reads them. */
export function eventMergeValues(trigger: Record<string, unknown>): Record<string, string | number | boolean | null> {
  const values = Object.create(null) as Record<string, string | number | boolean | null>;
  const properties = trigger.properties;
  if (properties === null || typeof properties !== 'object' || Array.isArray(properties)) return values;
  for (const [key, value] of Object.entries(properties)) {
    if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') values[key] = value;
  }
  return values;
}

export type SendResult = { kind: 'sent' } | { kind: 'failed'; reason: string } | { kind: 'retry'; reason: string; relayDown: boolean };

/** Hands the message to the relay and settles its ledger row; the step is the caller's. */
export async function sendEmail(
  db: Db,
  transport: CampaignTransport,
  links: CampaignLinks,
  decision: Extract<EmailDecision, { kind: 'send' }>,
  trigger: Record<string, unknown>,
  now: () => Date,
): Promise<SendResult> {
  const person = decision.recipient;
  const mail = buildCampaignMail(preparedFor(decision.campaign), person, { id: decision.ledgerId, messageId: decision.messageId }, links, eventMergeValues(trigger));
  try {
    await transport.send(mail);
  } catch (error) {
    const failure = error instanceof SendFailure ? error : new SendFailure(error instanceof Error ? error.message : String(error), false);
    if (failure.permanent) {
      await markFailed(db, decision.ledgerId, failure.message);
      await recordBounce(db, { subscriberId: person.id, campaignId: decision.campaign.id, kind: 'hard', source: 'smtp', detail: failure.message, at: now() });
      return { kind: 'failed', reason: `The relay refused the email: ${failure.message}` };
    }
    // Back to pending under the hidden campaign, which no campaign sender claims: the step retries it.
    if (failure.relayUnreachable) await markRelayWait(db, [decision.ledgerId], failure.message, now());
    else await markRetry(db, decision.ledgerId, failure.message, now());
    return { kind: 'retry', reason: failure.message, relayDown: failure.relayUnreachable };
  }
  return { kind: 'sent' };
}

/** The ledger row of a sent email reads sent (in the step's settling transaction). */
export async function markEmailSent(db: Db, ledgerId: number, now: Date): Promise<void> {
  await markSent(db, [ledgerId], now);
}

/** A step given up on after its attempts: its ledger row reads failed too. */
export async function markEmailFailed(db: Db, stepRunId: number, reason: string): Promise<void> {
  await db.execute(sql`update campaign_messages set status = 'failed', last_error = ${reason} where flow_step_run_id = ${stepRunId} and status in ('pending', 'sending')`);
}
