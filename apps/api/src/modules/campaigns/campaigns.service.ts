import {
  type Campaign,
  type CampaignAudience,
  type CampaignCreateData,
  CAMPAIGN_LIMITS,
  CAMPAIGN_MESSAGES,
  type CampaignStatus,
  type CampaignUpdate,
  type MessageCounts,
} from '@postlark/shared/campaigns';
import type { PlatformId } from '@postlark/shared/integrations';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { isUuid } from '../../lib/uuid';
import { findSegment } from '../audience/segments.repository';
import { ownListIds } from '../audience/subscribers.repository';
import type { MailService } from '../../mail/mail-service';
import { type Quotas, withinQuota } from '../senders/quotas';
import { audienceCondition } from './campaign-audience';
import { countEligible } from './recipients.repository';
import { renderForNoData } from './merge-tags';
import type { CampaignLinks } from './campaign-message';
import { campaignReadiness } from './campaign-readiness';
import {
  type CampaignRow,
  deleteCampaignIn,
  findCampaign,
  insertCampaign,
  listCampaigns,
  messageCounts,
  updateCampaignIn,
} from './campaigns.repository';
import { relayWaitErrors } from './sending.repository';
import { type AbTestRow, saveDraftSettings, testOf, testsOf } from '../ab-tests/ab-tests.repository';
import { stateOf } from '../ab-tests/ab-tests.service';
import { checkStoCombination } from '../send-time/sto-rules';
import { checkDeliveryConnection } from '../integrations/platform-delivery';
import type { SendingPolicy } from '../../mail/sending-policy';
import { assertSendingAllowed } from '../deliverability/deliverability.service';

export interface CampaignDeps {
  db: Db;
  now: () => Date;
  /** Test sends go through the mail queue like every other single message. */
  mail: MailService;
  /** Preference and tracking links (the preview's and test sends' are never tracked). */
  links: CampaignLinks;
  /** The account's quotas: campaign messages a day, test sends an hour. */
  quotas: Quotas;
  /** Which From domains sign (the operator's, the via-platform domain). */
  sending: SendingPolicy;
}

export const notFound = () => new HttpError(404, CAMPAIGN_MESSAGES.notFound);

// What each action needs the campaign to be in.
export const EDITABLE: readonly CampaignStatus[] = ['draft', 'scheduled'];
const DELETABLE: readonly CampaignStatus[] = ['draft', 'scheduled', 'sent', 'cancelled'];

export function campaignOf(row: CampaignRow, counts: MessageCounts | undefined, relayError: string | null = null, test?: AbTestRow): Campaign {
  return {
    id: row.id,
    name: row.name,
    subject: row.subject,
    reader_subject: renderForNoData(row.subject),
    preheader: row.preheader,
    from_name: row.fromName,
    from_email: row.fromEmail,
    reply_to: row.replyTo,
    content_html: row.contentHtml,
    content_text: row.contentText,
    audience: row.audience,
    tracking: row.tracking,
    status: row.status,
    scheduled_at: row.scheduledAt?.toISOString() ?? null,
    scheduled_timezone: row.status === 'scheduled' ? row.scheduledTimezone : null,
    started_at: row.startedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    messages: row.status === 'draft' || row.status === 'scheduled' ? null : (counts ?? null),
    // A campaign the breaker paused waits for the customer, not the relay: its reason says why.
    relay_error: row.pausedReason ? null : relayError,
    held_reason: row.heldReason,
    paused_reason: row.status === 'paused' ? row.pausedReason : null,
    ab_test: test?.settings ?? null,
    ab_test_state: test ? stateOf(test) : null,
    send_time_optimisation: row.sendTimeOptimisation ?? null,
    delivery_connection_id: row.deliveryConnectionId,
  };
}

export async function withCounts(deps: CampaignDeps, row: CampaignRow): Promise<Campaign> {
  const [counts, relayErrors, test] = await Promise.all([messageCounts(deps.db, [row.id]), relayWaitErrors(deps.db, activeIds([row])), testOf(deps.db, row.id)]);
  return campaignOf(row, counts.get(row.id), relayErrors.get(row.id) ?? null, test);
}

/** Only a campaign still sending (or paused) can have messages waiting for the relay. */
function activeIds(rows: readonly CampaignRow[]): string[] {
  return rows.filter((row) => row.status === 'sending' || row.status === 'paused').map((row) => row.id);
}

/** The lists and segments must all be the customer's own: another's id is refused like a wrong one. */
async function checkAudience(deps: CampaignDeps, customerId: string, audience: CampaignAudience): Promise<void> {
  const listIds = [...new Set(audience.list_ids)];
  const segmentIds = [...new Set(audience.segment_ids)];
  const ownLists = await ownListIds(deps.db, customerId, listIds);
  const ownSegments = await Promise.all(segmentIds.map((id) => findSegment(deps.db, customerId, id)));
  if (ownLists.length !== listIds.length || ownSegments.some((segment) => !segment)) {
    throw new HttpError(400, CAMPAIGN_MESSAGES.audienceInvalid, { audience: CAMPAIGN_MESSAGES.audienceInvalid });
  }
}

export async function owned(deps: CampaignDeps, customerId: string, id: string): Promise<CampaignRow> {
  const row = isUuid(id) ? await findCampaign(deps.db, customerId, id) : undefined;
  if (!row) throw notFound();
  return row;
}

/**
 * How many people the saved campaign would go to now: its lists' and segments' emailable people,
 * without the suppressed, unsubscribed, bounced or complained, by the rule the sender chooses
 * recipients with (audienceCondition). 404 for another's or a bad id.
 */
export async function recipientCount(deps: CampaignDeps, customerId: string, id: string): Promise<number> {
  const row = await owned(deps, customerId, id);
  return countEligible(deps.db, await audienceCondition(deps.db, row, deps.now()));
}

export async function allCampaigns(deps: Pick<CampaignDeps, 'db'>, customerId: string, platform?: PlatformId): Promise<Campaign[]> {
  const rows = await listCampaigns(deps.db, customerId, platform);
  const [counts, relayErrors, tests] = await Promise.all([
    messageCounts(
      deps.db,
      rows.filter((row) => row.startedAt).map((row) => row.id),
    ),
    relayWaitErrors(deps.db, activeIds(rows)),
    testsOf(
      deps.db,
      rows.map((row) => row.id),
    ),
  ]);
  return rows.map((row) => campaignOf(row, counts.get(row.id), relayErrors.get(row.id) ?? null, tests.get(row.id)));
}

export async function getCampaign(deps: CampaignDeps, customerId: string, id: string): Promise<Campaign> {
  return withCounts(deps, await owned(deps, customerId, id));
}

export async function createCampaign(deps: CampaignDeps, customerId: string, body: CampaignCreateData): Promise<Campaign> {
  await checkAudience(deps, customerId, body.audience);
  if (body.delivery_connection_id) await checkDeliveryConnection(deps.db, customerId, body.delivery_connection_id);
  checkStoCombination(body.send_time_optimisation, body.ab_test);
  const now = deps.now();
  const row = await deps.db.transaction(async (tx) => {
    const inserted = await insertCampaign(tx, {
    customerId,
    name: body.name,
    subject: body.subject,
    preheader: body.preheader,
    fromName: body.from_name,
    fromEmail: body.from_email,
    replyTo: body.reply_to,
    contentHtml: body.content_html,
    contentText: body.content_text,
    audience: body.audience,
    tracking: body.tracking,
    sendTimeOptimisation: body.send_time_optimisation,
    deliveryConnectionId: body.delivery_connection_id,
    createdAt: now,
    updatedAt: now,
    });
    if (body.ab_test) await saveDraftSettings(tx, customerId, inserted.id, body.ab_test, now);
    return inserted;
  });
  return campaignOf(row, undefined, null, await testOf(deps.db, row.id));
}

export async function updateCampaign(deps: CampaignDeps, customerId: string, id: string, body: CampaignUpdate): Promise<Campaign> {
  const current = await owned(deps, customerId, id);
  if (body.audience) await checkAudience(deps, customerId, body.audience);
  if (body.delivery_connection_id) await checkDeliveryConnection(deps.db, customerId, body.delivery_connection_id);
  const changes = {
    ...(body.name !== undefined && { name: body.name }),
    ...(body.subject !== undefined && { subject: body.subject }),
    ...(body.preheader !== undefined && { preheader: body.preheader }),
    ...(body.from_name !== undefined && { fromName: body.from_name }),
    ...(body.from_email !== undefined && { fromEmail: body.from_email }),
    ...(body.reply_to !== undefined && { replyTo: body.reply_to }),
    ...(body.content_html !== undefined && { contentHtml: body.content_html }),
    ...(body.content_text !== undefined && { contentText: body.content_text }),
    ...(body.audience !== undefined && { audience: body.audience }),
    ...(body.tracking !== undefined && { tracking: body.tracking }),
    ...(body.send_time_optimisation !== undefined && { sendTimeOptimisation: body.send_time_optimisation }),
    ...(body.delivery_connection_id !== undefined && { deliveryConnectionId: body.delivery_connection_id }),
    updatedAt: deps.now(),
  };
  const test = body.ab_test === undefined ? (await testOf(deps.db, id))?.settings ?? null : body.ab_test;
  checkStoCombination(body.send_time_optimisation === undefined ? current.sendTimeOptimisation : body.send_time_optimisation, test);
  // A scheduled campaign goes out on its own: an edit may not leave it unable to.
  const postalAddress = current.status === 'scheduled' ? await campaignReadiness(deps, { ...current, ...changes }, test) : current.postalAddress;
  // The test's settings change with the campaign, in one transaction, and only while it is editable.
  const row = await deps.db.transaction(async (tx) => {
    const updated = await updateCampaignIn(tx, customerId, id, EDITABLE, { ...changes, postalAddress });
    if (updated && body.ab_test !== undefined) await saveDraftSettings(tx, customerId, id, body.ab_test, deps.now());
    return updated;
  });
  if (!row) throw new HttpError(409, CAMPAIGN_MESSAGES.notEditable);
  return campaignOf(row, undefined, null, await testOf(deps.db, id));
}

export async function removeCampaign(deps: CampaignDeps, customerId: string, id: string): Promise<void> {
  await owned(deps, customerId, id);
  if (!(await deleteCampaignIn(deps.db, customerId, id, DELETABLE))) throw new HttpError(409, CAMPAIGN_MESSAGES.notDeletable);
}

export async function duplicateCampaign(deps: CampaignDeps, customerId: string, id: string): Promise<Campaign> {
  const source = campaignOf(await owned(deps, customerId, id), undefined);
  return createCampaign(deps, customerId, {
    name: `${source.name} (copy)`.slice(0, CAMPAIGN_LIMITS.name),
    subject: source.subject,
    preheader: source.preheader,
    from_name: source.from_name,
    from_email: source.from_email,
    reply_to: source.reply_to,
    content_html: source.content_html,
    content_text: source.content_text,
    audience: source.audience,
    tracking: source.tracking,
    // The test's settings, not its results: the copy is tested afresh.
    ab_test: (await testOf(deps.db, id))?.settings ?? null,
    send_time_optimisation: source.send_time_optimisation,
    delivery_connection_id: source.delivery_connection_id,
  });
}

/**
 * Send now: the campaign must be complete (campaign-readiness), and its recipients, counted now,
 * must fit in what is left of the account's messages for the day (CAMPAIGN_MESSAGES_PER_DAY):
 * they are counted against it in the same transaction that starts it. Only its status changes
 * here; a sender makes the rows, one per recipient, and sends them (campaign-sender).
 */
export async function sendCampaign(deps: CampaignDeps, customerId: string, id: string): Promise<Campaign> {
  const row = await owned(deps, customerId, id);
  if (!EDITABLE.includes(row.status)) throw new HttpError(409, CAMPAIGN_MESSAGES.notSendable);
  const postalAddress = await campaignReadiness(deps, row);
  const now = deps.now();
  if (row.deliveryConnectionId) {
    // The platform sends it, within its own plan's limits: nothing is counted against ours.
    const updated = await updateCampaignIn(deps.db, customerId, id, EDITABLE, { status: 'sending', heldReason: null, startedAt: now, scheduledAt: null, scheduledTimezone: null, updatedAt: now });
    if (!updated) throw new HttpError(409, CAMPAIGN_MESSAGES.notSendable);
    return withCounts(deps, updated);
  }
  // A guardrail paused the account's own sending: nothing new starts until it is lifted.
  await assertSendingAllowed(deps.db, customerId);
  const recipients = await countEligible(deps.db, await audienceCondition(deps.db, row, now));
  const started = await withinQuota(deps, customerId, 'campaign-messages', recipients, async (tx) => {
    const updated = await updateCampaignIn(tx, customerId, id, EDITABLE, { status: 'sending', postalAddress, heldReason: null, startedAt: now, scheduledAt: null, scheduledTimezone: null, updatedAt: now });
    // Started (or changed) by another request meanwhile: the reservation is given back.
    if (!updated) throw new HttpError(409, CAMPAIGN_MESSAGES.notSendable);
    return updated;
  });
  return withCounts(deps, started);
}

/** Pause, resume and cancel: each only from the states it makes sense in. */
const CONTROLS = {
  pause: { from: ['sending'], to: 'paused' },
  resume: { from: ['paused'], to: 'sending' },
  cancel: { from: ['scheduled', 'sending', 'paused'], to: 'cancelled' },
} as const satisfies Record<string, { from: readonly CampaignStatus[]; to: CampaignStatus }>;

export type CampaignControl = keyof typeof CONTROLS;

export async function controlCampaign(deps: CampaignDeps, customerId: string, id: string, control: CampaignControl): Promise<Campaign> {
  const current = await owned(deps, customerId, id);
  const { from, to } = CONTROLS[control];
  const now = deps.now();
  if (control === 'resume' && !current.deliveryConnectionId) await assertSendingAllowed(deps.db, customerId);
  // Resumed (or cancelled), a campaign the relay's refusals paused no longer carries their reason.
  const row = await updateCampaignIn(deps.db, customerId, id, from, { status: to, updatedAt: now, ...(to !== 'paused' && { pausedReason: null }), ...(to === 'cancelled' && { finishedAt: now }) });
  if (!row) throw new HttpError(409, CAMPAIGN_MESSAGES.notControllable(control));
  return withCounts(deps, row);
}
