import { sql } from 'drizzle-orm';
import { type EmailStep, FLOW_RUN_TEXTS, type FlowRules } from '@postlark/shared/automations';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/results';
import { recordBounce } from '../campaigns/bounces.repository';
import type { AbTestSettings } from '@postlark/shared/ab-tests';
import { LOOK_EVERY_MS } from '../ab-tests/ab-test-engine';
import { testsOf } from '../ab-tests/ab-tests.repository';
import { preparedVariants } from '../ab-tests/ab-variants';
import { buildCampaignMail, type CampaignLinks, type PreparedCampaign } from '../campaigns/campaign-message';
import { isUsableFrom } from '../campaigns/campaign-readiness';
import type { SendingPolicy } from '../../mail/sending-policy';
import { type CampaignTransport, failureOf, type SendFailure } from '../campaigns/campaign-transport';
import { type CampaignRow, campaignById } from '../campaigns/campaigns.repository';
import { type Recipient, stillEligible } from '../campaigns/recipients.repository';
import { personaliseRecipients } from '../campaigns/block-personalisation';
import { BlockError, extractBlocks, type TemplateBlocks } from '../campaigns/content-blocks';
import { MergeTagError } from '../campaigns/merge-tags';
import { markDeferred, markFailed, markRelayWait, markRetry } from '../campaigns/sending.repository';
import { emailAccepted, senderRefusedEmail } from './flow-email-refusals';
import { type Quotas, reserveQuotaUpTo } from '../senders/quotas';
import type { ClaimedStep } from './engine.repository';
import { type FlowPerson, notMailableReason, peopleByIds } from './flow-people';
import { quietHoursEnd } from './flow-time';

// An email step sends through the campaign machinery: its hidden campaign row (the step's
// content, kept in step with each version) and a campaign_messages ledger row per send, so the
// message is built, tracked, footed and unsubscribed exactly as a campaign's, and the frequency
// cap reads one ledger for every flow.

const HOUR_MS = 3_600_000;

/** An email step claimed for this batch, with what its run and version say. */
export interface EmailWork {
  claimed: ClaimedStep;
  step: EmailStep;
  rules: FlowRules;
  /** The triggering event, for `{{ event.<property> }}`. */
  trigger: Record<string, unknown>;
}

/** An email going now: its ledger row is made (pending, its quota unit taken) and waits to be offered. */
export interface EmailToSend {
  work: EmailWork;
  person: FlowPerson;
  recipient: Recipient;
  campaign: CampaignRow;
  ledgerId: number;
  messageId: string;
  /** The step's A/B test (null without one) and the variant this email is built from. */
  abTest: AbTestSettings | null;
  variant: number;
}

/**
 * `stops`: skipped for a reason of the step's own (its sender, its content: the account's to fix,
 * the same for everyone), so the run must not go on as if the email had gone: later steps may act
 * on the answer to it (the sunset flow unsubscribes those who did not answer). A person's own
 * reason (unsubscribed, suppressed, erased) lets the run go on as before.
 */
export type EmailDecision =
  | { kind: 'send'; email: EmailToSend }
  | { kind: 'skip'; work: EmailWork; reason: string; stops?: boolean }
  | { kind: 'defer'; work: EmailWork; until: Date; reason: string };

/** The hidden campaign behind a flow's email step. */
export async function stepCampaignId(db: Db, flowId: string, stepId: string): Promise<string | undefined> {
  const result = await db.execute(sql`select campaign_id as "campaignId" from flow_step_campaigns where flow_id = ${flowId}::uuid and step_id = ${stepId}`);
  return rowsOf<{ campaignId: string }>(result)[0]?.campaignId;
}

const eligibleSql = (customerId: string) => sql`"subscribers"."customer_id" = ${customerId}::uuid and "subscribers"."status" = 'active'`;

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

/** A step's content and its A/B test's content variants. */
const stepContents = (work: EmailWork, campaign: CampaignRow) => [
  campaign.contentHtml,
  ...(work.step.ab_test?.variants.flatMap((variant) => (variant.content_html === undefined ? [] : [variant.content_html])) ?? []),
];

/** A content's blocks (one that cannot be read: none, its email fails to build). */
function contentBlocks(html: string): TemplateBlocks[] {
  try {
    return [extractBlocks(html).blocks];
  } catch (error) {
    if (error instanceof BlockError) return [];
    throw error;
  }
}

interface Candidate {
  work: EmailWork;
  person: FlowPerson;
  campaign: CampaignRow;
  recipient: Recipient;
}

/**
 * Decides, for a batch of email step executions (in claim order), which emails go now: the person
 * must be active and not suppressed, the sender confirmed, outside quiet hours, within the daily
 * quota and under the frequency cap. Those going have their ledger rows made (pending: reserved,
 * not yet offered) in the transaction that took their quota and read the cap, under the account's
 * lock, so two flows cannot both send within the cap. Each batch reads what it needs in a
 * few statements, whatever its size; the verdicts are those one step at a time would reach.
 */
export async function decideEmails(db: Db, works: readonly EmailWork[], options: { messageIdDomain: string; quotas: Quotas; now: Date; sending: SendingPolicy }): Promise<EmailDecision[]> {
  const { now } = options;
  const decisions: EmailDecision[] = [];
  const people = await peopleByIds(db, works.map((work) => work.claimed.subscriberId));
  const campaigns = new Map<string, CampaignRow | undefined>();
  const open: Omit<Candidate, 'recipient'>[] = [];
  for (const work of works) {
    const person = people.get(work.claimed.subscriberId);
    if (!person) {
      decisions.push({ kind: 'skip', work, reason: 'Not sent: the person was erased.' });
      continue;
    }
    const unmailable = notMailableReason(person.status);
    if (unmailable) {
      decisions.push({ kind: 'skip', work, reason: unmailable });
      continue;
    }
    const key = `${work.claimed.flowId}:${work.step.id}`;
    if (!campaigns.has(key)) {
      const campaignId = await stepCampaignId(db, work.claimed.flowId, work.step.id);
      campaigns.set(key, campaignId ? await campaignById(db, campaignId) : undefined);
    }
    const campaign = campaigns.get(key);
    const broken = campaign && contentProblem(campaign);
    if (broken) {
      decisions.push({ kind: 'skip', work, reason: FLOW_RUN_TEXTS.contentBroken(broken), stops: true });
      continue;
    }
    if (!campaign) {
      decisions.push({ kind: 'skip', work, reason: 'Not sent: the step has no email content.', stops: true });
      continue;
    }
    open.push({ work, person, campaign });
  }
  // What the campaign sender reads of a recipient (merge fields and all), and the same suppression check.
  const recipients = new Map<string, Recipient>();
  for (const [customerId, group] of groupBy(open, (item) => item.person.customerId)) {
    const found = await stillEligible(db, eligibleSql(customerId), group.map((item) => item.person.id));
    for (const recipient of found) recipients.set(recipient.id, recipient);
    // Content blocks: the batch's recommendations and matched conditions, read once for all its steps' contents.
    // Each distinct content is read once, however many of the batch's people its step sends to.
    const contents = new Set(group.flatMap((item) => stepContents(item.work, item.campaign)));
    await personaliseRecipients(db, customerId, [...contents].flatMap(contentBlocks), found, now);
  }
  const usable = new Map<string, boolean>();
  const ready: Candidate[] = [];
  for (const item of open) {
    const { work, person, campaign } = item;
    const recipient = recipients.get(person.id);
    if (!recipient) {
      decisions.push({ kind: 'skip', work, reason: 'Not sent: the address is on the suppression list.' });
      continue;
    }
    if (!usable.has(campaign.id)) usable.set(campaign.id, await isUsableFrom({ db, sending: options.sending }, campaign));
    if (!usable.get(campaign.id)) {
      decisions.push({ kind: 'skip', work, reason: `Not sent: ${campaign.fromEmail || 'the sender address'} can no longer send: its domain is not authenticated, or it is no longer confirmed.`, stops: true });
      continue;
    }
    const { rules } = work;
    const timezone = person.timezone ?? rules.timezone;
    const quietEnd = quietHoursEnd(now, timezone, rules.quiet_hours);
    if (quietEnd) {
      decisions.push({
        kind: 'defer',
        work,
        until: quietEnd,
        reason: `Deferred: quiet hours (${rules.quiet_hours!.start}:00 to ${rules.quiet_hours!.end}:00 in ${timezone}); sends at ${quietEnd.toISOString()}.`,
      });
      continue;
    }
    ready.push({ ...item, recipient });
  }
  const batchStepRunIds = works.map((work) => work.claimed.id);
  for (const [customerId, group] of groupBy(ready, (item) => item.person.customerId)) decisions.push(...(await reserveEmails(db, customerId, group, batchStepRunIds, options)));
  return decisions;
}

/**
 * One account's emails that may go: each takes one unit of the account's daily message quota
 * (CAMPAIGN_MESSAGES_PER_DAY, shared with campaigns) unless the frequency cap defers it, in claim
 * order, as one step at a time would; past the quota the rest are deferred until the window frees.
 */
async function reserveEmails(db: Db, customerId: string, group: readonly Candidate[], batchStepRunIds: readonly number[], options: { messageIdDomain: string; quotas: Quotas; now: Date }) {
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
      where id = any(${sql.param([...previousSent])}::bigint[]) and status = 'sending' returning id),
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

// Campaign rows compiled once per content version (updated_at), as the campaign sender does per
// batch; one per A/B test variant (a test's settings only change before its first email).
const prepared = new Map<string, PreparedCampaign[]>();
function preparedFor(campaign: CampaignRow, abTest: AbTestSettings | null, variant: number): PreparedCampaign {
  const key = `${campaign.id}:${campaign.updatedAt.getTime()}:${abTest ? 'ab' : ''}`;
  let entry = prepared.get(key);
  if (!entry) {
    if (prepared.size > 500) prepared.clear();
    entry = preparedVariants(campaign, abTest);
    prepared.set(key, entry);
  }
  return entry[variant] ?? entry[0]!;
}

/** Why the step's content (subject, preheader, bodies, content blocks) cannot be built for anyone, if it cannot. */
function contentProblem(campaign: CampaignRow): string | null {
  try {
    preparedFor(campaign, null, 0);
    return null;
  } catch (error) {
    if (error instanceof MergeTagError || error instanceof BlockError) return error.message;
    throw error;
  }
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

/**
 * `failed`: the relay refused the recipient (a hard bounce). `retry`: not taken; `cause` says why
 * (mail/smtp-reply.ts): the relay unreachable, asking to slow down, refusing the sender (never a
 * bounce), or a temporary failure, whose retries started at `deferredSince`.
 */
export type SendResult =
  | { kind: 'sent' }
  | { kind: 'failed'; reason: string }
  | { kind: 'retry'; reason: string; cause: 'relay' | 'throttle' | 'sender' | 'temporary'; failure: SendFailure; deferredSince: Date | null };

/** Hands an offered email to the relay; a refusal settles its ledger row (the step is the caller's), acceptance is recorded by the caller. */
export async function sendEmail(db: Db, transport: CampaignTransport, links: CampaignLinks, email: EmailToSend, now: () => Date): Promise<SendResult> {
  const person = email.recipient;
  const mail = buildCampaignMail(preparedFor(email.campaign, email.abTest, email.variant), person, { id: email.ledgerId, messageId: email.messageId }, links, eventMergeValues(email.work.trigger));
  try {
    await transport.send(mail);
  } catch (error) {
    const failure = failureOf(error);
    const retry = (cause: 'relay' | 'throttle' | 'sender' | 'temporary', deferredSince: Date | null = null): SendResult => ({ kind: 'retry', reason: failure.message, cause, failure, deferredSince });
    // Back to pending under the hidden campaign, which no campaign sender claims: the step retries it.
    if (failure.relayUnreachable) {
      await markRelayWait(db, [email.ledgerId], failure.message, now());
      return retry('relay');
    }
    switch (failure.verdict.kind) {
      case 'recipient':
        await markFailed(db, email.ledgerId, failure.message);
        await recordBounce(db, { subscriberId: person.id, campaignId: email.campaign.id, kind: 'hard', source: 'smtp', detail: failure.message, at: now() });
        return { kind: 'failed', reason: `The relay refused the email: ${failure.message}` };
      case 'throttle':
        await markRelayWait(db, [email.ledgerId], failure.message, now());
        return retry('throttle');
      case 'sender':
        await markRetry(db, email.ledgerId, failure.message, now());
        await senderRefusedEmail(db, { customerId: email.person.customerId, flowId: email.work.claimed.flowId, campaignId: email.campaign.id }, failure, now());
        return retry('sender');
      default:
        return retry('temporary', await markDeferred(db, email.ledgerId, failure.message, now(), now()));
    }
  }
  emailAccepted(email.campaign.id);
  return { kind: 'sent' };
}

/** A step given up on after its attempts: its ledger row reads failed too. */
export async function markEmailFailed(db: Db, stepRunId: number, reason: string): Promise<void> {
  await db.execute(sql`update campaign_messages set status = 'failed', last_error = ${reason} where flow_step_run_id = ${stepRunId} and status in ('pending', 'sending')`);
}
