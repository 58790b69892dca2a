import type { AbTestSettings } from '@postlark/shared/ab-tests';
import type { EmailStep, FlowRules } from '@postlark/shared/automations';
import type { CampaignRow } from '../campaigns/campaigns.repository';
import type { Recipient } from '../campaigns/recipients.repository';
import type { ClaimedStep } from './engine.repository';
import type { FlowPerson } from './flow-people';

// An email step sends through the campaign machinery: its hidden campaign row (the step's
// content, kept in step with each version) and a campaign_messages ledger row per send, so the
// message is built, tracked, footed and unsubscribed exactly as a campaign's, and the frequency
// cap reads one ledger for every flow.
//
// A batch's emails go through: flow-email-decide.ts (who may have one now), flow-email-reserve.ts
// (quota, frequency cap and ledger rows), flow-email-ledger.ts (offered, sent, released) and
// flow-email-send.ts (built and handed to the relay). What they pass along is typed here.

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

export interface Candidate {
  work: EmailWork;
  person: FlowPerson;
  campaign: CampaignRow;
  recipient: Recipient;
}
