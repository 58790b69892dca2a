import { randomBytes } from 'node:crypto';
import { BLOCK_MESSAGES } from '@postlark/shared/content-blocks';
import { CAMPAIGN_MESSAGES, type CampaignPreview, type CampaignPreviewRequest, type CampaignTestSend } from '@postlark/shared/campaigns';
import { SEED_LIST_LIMITS, SEED_LIST_MESSAGES } from '@postlark/shared/seed-lists';
import { SENDER_MESSAGES } from '@postlark/shared/senders';
import { HttpError } from '../../http/errors';
import { emailLookFor } from '../brand/brand.service';
import { previewCampaign, renderForRecipient, SAMPLE_RECIPIENT } from './campaign-preview';
import { isUsableFrom, postalAddressLine } from './campaign-readiness';
import { type CampaignRow, postalAddressParts } from './campaigns.repository';
import { type CampaignDeps, owned } from './campaigns.service';
import { checkTemplate } from './merge-tags';
import { blocksProblem, personaliseRecipients } from './block-personalisation';
import { extractBlocks } from './content-blocks';
import { type Recipient, subscriberForPreview, subscribersByEmail } from './recipients.repository';
import { expandSections } from '../sections/sections.service';
import { withinQuota } from '../senders/quotas';
import { ownedSeedList } from '../senders/seed-lists.service';
import { usableAddresses } from '../senders/senders.repository';

/** Marks a test in the inbox, so nobody mistakes it for the campaign itself. */
const TEST_PREFIX = '[Test] ';

/** Shown in a preview's footer until the profile has a postal address. */
const ADDRESS_PLACEHOLDER = 'Your postal address appears here (add it in your profile’s contact information).';

async function withFooterAddress(deps: CampaignDeps, row: CampaignRow): Promise<CampaignRow> {
  const parts = await postalAddressParts(deps.db, row.customerId);
  return { ...row, postalAddress: (parts && postalAddressLine(parts)) ?? ADDRESS_PLACEHOLDER };
}

/** The editor's live preview of unsaved fields (of a new campaign too), with the merge-tag problems it found. */
export async function previewFor(deps: CampaignDeps, customerId: string, written: CampaignPreviewRequest): Promise<CampaignPreview> {
  const now = deps.now();
  // Saved sections as they are now, in place of their references: what the send would carry.
  const fields = { ...written, content_html: (await expandSections(deps.db, customerId, written.content_html)).html };
  const draft: CampaignRow = {
    id: SAMPLE_RECIPIENT.id,
    customerId,
    name: '',
    kind: 'campaign',
    fromName: fields.from_name || 'this sender',
    fromEmail: '',
    replyTo: '',
    subject: fields.subject,
    preheader: fields.preheader,
    contentHtml: fields.content_html,
    contentText: fields.content_text,
    audience: { list_ids: [], segment_ids: [] },
    tracking: false,
    sendTimeOptimisation: null,
    deliveryConnectionId: null,
    status: 'draft',
    scheduledAt: null,
    scheduledTimezone: null,
    postalAddress: null,
    heldReason: null,
    pausedReason: null,
    startedAt: null,
    preparedAt: null,
    finishedAt: null,
    createdAt: now,
    updatedAt: now,
  };
  // "Preview as": the subscriber's own fields, recommendations and blocks, as their email will have them.
  // A copy: personaliseRecipients sets the reader's products, which must never reach another request's preview.
  let reader: Recipient = { ...SAMPLE_RECIPIENT };
  if (fields.subscriber_id) {
    const found = await subscriberForPreview(deps.db, customerId, fields.subscriber_id);
    if (!found) throw new HttpError(404, BLOCK_MESSAGES.subscriberNotFound, { subscriber_id: BLOCK_MESSAGES.subscriberNotFound });
    reader = found;
  }
  // A problem (a segment or list not the customer's own too) is shown beside the content, as saving would refuse it.
  const problem = await blocksProblem(deps.db, customerId, fields.content_html);
  if (problem === null) {
    const { blocks } = extractBlocks(fields.content_html);
    // The sample reader is nobody: they match no condition, and only the products need reading.
    await personaliseRecipients(deps.db, customerId, [fields.subscriber_id ? blocks : { ...blocks, conditions: [] }], [reader], now);
  }
  return previewCampaign(await withFooterAddress(deps, draft), fields, deps.links, await emailLookFor(deps.db, customerId), reader, problem);
}

/**
 * Sends the saved campaign to up to five typed addresses and a seed list's (25 in all), each one
 * the customer proved is theirs (a confirmed sender, an address at a verified domain, the account's own): tests carry the
 * customer's content with no unsubscribe, so they never reach strangers. An address that is one
 * of the customer's subscribers reads their own fields; any other reads the preview's sample.
 * Not tracked, and not counted in reports.
 */
export async function testSend(deps: CampaignDeps, customerId: string, id: string, body: CampaignTestSend): Promise<number> {
  const stored = await owned(deps, customerId, id);
  const row = await withFooterAddress(deps, { ...stored, contentHtml: (await expandSections(deps.db, customerId, stored.contentHtml)).html });
  if (!row.subject.trim() || !row.contentHtml.trim()) throw new HttpError(400, CAMPAIGN_MESSAGES.testNeedsContent);
  const templates = { subject: row.subject, preheader: row.preheader, content_html: row.contentHtml, content_text: row.contentText ?? '' };
  for (const [field, source] of Object.entries(templates)) {
    const problem = checkTemplate(source)[0];
    if (problem) throw new HttpError(400, CAMPAIGN_MESSAGES.mergeTagsInvalid, { [field]: problem.message });
  }
  const blockError = await blocksProblem(deps.db, customerId, row.contentHtml);
  if (blockError) throw new HttpError(400, blockError, { content_html: blockError });
  // A test is the campaign's own message: From an address that could not send it, there is none.
  if (!row.fromName.trim() || !row.fromEmail) throw new HttpError(400, CAMPAIGN_MESSAGES.fromRequired, { from_email: CAMPAIGN_MESSAGES.fromRequired });
  if (!(await isUsableFrom(deps, row))) {
    const message = SENDER_MESSAGES.fromNotAuthenticated(row.fromEmail);
    throw new HttpError(400, message, { from_email: message });
  }
  // A seed list's addresses join the typed ones, each checked again below: one may have stopped being confirmed.
  const seeds = body.seed_list_id ? (await ownedSeedList(deps.db, customerId, body.seed_list_id)).emails : [];
  const recipients = [...new Set([...body.recipients, ...seeds])];
  if (recipients.length > SEED_LIST_LIMITS.testRecipients) throw new HttpError(400, SEED_LIST_MESSAGES.testTooMany, { recipients: SEED_LIST_MESSAGES.testTooMany });
  const usable = await usableAddresses(deps.db, customerId, recipients);
  const stranger = recipients.find((to) => !usable.has(to));
  if (stranger) {
    const message = SENDER_MESSAGES.testRecipientNotConfirmed(stranger);
    throw new HttpError(400, message, { recipients: message });
  }
  // Each message counts against the account's test sends an hour (TEST_SENDS_PER_HOUR).
  await withinQuota(deps, customerId, 'test-sends', recipients.length, async () => undefined);
  const known = new Map((await subscribersByEmail(deps.db, customerId, recipients)).map((subscriber) => [subscriber.email, subscriber]));
  const readers = recipients.map((to) => known.get(to) ?? { ...SAMPLE_RECIPIENT, email: to });
  await personaliseRecipients(deps.db, customerId, [extractBlocks(row.contentHtml).blocks], readers, deps.now());
  const look = await emailLookFor(deps.db, customerId);
  for (const [index, to] of recipients.entries()) {
    const mail = await renderForRecipient(row, readers[index]!, deps.links, look);
    // Built and sent as the campaign's messages are (From, headers, footer, signatures), only marked a test.
    await deps.mail.enqueue({
      template: 'campaign-test',
      to,
      subject: `${TEST_PREFIX}${mail.subject}`,
      html: mail.html,
      text: mail.text,
      customerId,
      from: mail.from,
      replyTo: mail.replyTo,
      messageId: `<test.${randomBytes(12).toString('hex')}@${deps.sending.viaDomain}>`,
      headers: mail.headers,
    });
  }
  return recipients.length;
}
