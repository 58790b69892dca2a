import type { AbTestSettings } from '@postlark/shared/ab-tests';
import type { Db } from '../../db/client';
import { recordBounce } from '../campaigns/bounces.repository';
import { assertPreparable, buildCampaignMail, type CampaignLinks, type PreparedCampaign } from '../campaigns/campaign-message';
import { type CampaignTransport, failureOf, type SendFailure } from '../campaigns/campaign-transport';
import type { CampaignRow } from '../campaigns/campaigns.repository';
import { preparedCampaignVariants } from '../campaigns/prepared-campaigns';
import { BlockError } from '../campaigns/content-blocks';
import { MergeTagError } from '../campaigns/merge-tags';
import { markDeferred, markFailed, markRelayWait, markRetry } from '../campaigns/sending.repository';
import { emailAccepted, senderRefusedEmail } from './flow-email-refusals';
import type { EmailToSend } from './flow-email-work';

// An offered email built from its step's compiled content and handed to the relay; a refusal is
// told apart (recipient, sender, throttling, temporary, unreachable) and settles its ledger row.

// Campaign rows compiled once per content version (updated_at), as the campaign sender does per
// batch; one per A/B test variant (a test's settings only change before its first email).
async function preparedFor(db: Db, campaign: CampaignRow, abTest: AbTestSettings | null, variant: number): Promise<PreparedCampaign> {
  const variants = await preparedCampaignVariants(db, campaign, abTest);
  return variants[variant] ?? variants[0]!;
}

/** Why the step's content (subject, preheader, bodies, content blocks) cannot be built for anyone, if it cannot. */
export function contentProblem(campaign: CampaignRow): string | null {
  try {
    assertPreparable(campaign);
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
  const mail = buildCampaignMail(await preparedFor(db, email.campaign, email.abTest, email.variant), person, { id: email.ledgerId, messageId: email.messageId }, links, eventMergeValues(email.work.trigger));
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
