import { sql } from 'drizzle-orm';
import { FLOW_RUN_TEXTS } from '@postlark/shared/automations-messages';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/results';
import { isUsableFrom } from '../campaigns/campaign-readiness';
import type { SendingPolicy } from '../../mail/sending-policy';
import { type CampaignRow, campaignById } from '../campaigns/campaigns.repository';
import { type Recipient, stillEligible } from '../campaigns/recipients.repository';
import { personaliseRecipients } from '../campaigns/block-personalisation';
import { BlockError, extractBlocks, type TemplateBlocks } from '../campaigns/content-blocks';
import type { Quotas } from '../senders/quotas';
import { pausedReason } from '../deliverability/sending-standing.repository';
import { notMailableReason, peopleByIds } from './flow-people';
import { quietHoursEnd } from './flow-time';
import { reserveEmails } from './flow-email-reserve';
import { contentProblem } from './flow-email-send';
import type { Candidate, EmailDecision, EmailWork } from './flow-email-work';

// Who of a batch may be emailed now: the person, the step's content and sender, the suppression
// list and quiet hours; those who may are reserved (flow-email-reserve.ts).

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

/**
 * Decides, for a batch of email step executions (in claim order), which emails go now: the person
 * must be active and not suppressed, the sender confirmed, outside quiet hours, within the daily
 * quota and under the frequency cap. Those going have their ledger rows made (pending: reserved,
 * not yet offered) in the transaction that took their quota and read the cap, under the account's
 * lock, so two flows cannot both send within the cap. Each batch reads what it needs in a
 * few statements, whatever its size; the verdicts are those one step at a time would reach.
 */
/** How often an email of a paused account looks again. */
const PAUSED_RETRY_MS = 15 * 60_000;

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
  const paused = new Map<string, string | null>();
  const ready: Candidate[] = [];
  for (const item of open) {
    const { work, person, campaign } = item;
    const recipient = recipients.get(person.id);
    if (!recipient) {
      decisions.push({ kind: 'skip', work, reason: 'Not sent: the address is on the suppression list.' });
      continue;
    }
    // A guardrail paused the account's sending (modules/deliverability): its emails wait, nothing is lost.
    if (!paused.has(person.customerId)) paused.set(person.customerId, await pausedReason(db, person.customerId));
    const pause = paused.get(person.customerId);
    if (pause) {
      decisions.push({ kind: 'defer', work, until: new Date(now.getTime() + PAUSED_RETRY_MS), reason: `Deferred: ${pause}` });
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
