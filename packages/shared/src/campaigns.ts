import * as z from 'zod/mini';
import { abTestSchema, type AbTestSettings, type AbTestState } from './ab-tests';
import { CAMPAIGN_LIMITS } from './campaign-limits';
import { lowerCaseEmailSchema } from './email';
import { UUID_PATTERN } from './ids';
import { INTEGRATION_MESSAGES, PLATFORM_IDS } from './integrations';
import { SEED_LIST_MESSAGES } from './seed-lists';
import { sendTimeOptimisationSchema, type SendTimeOptimisation } from './send-time-optimisation';
import { GENERIC_MESSAGES } from './messages';

// Campaigns (issue 6): what a customer writes and sends to lists and segments. A draft may be
// incomplete; sending checks that it is complete (campaignReadiness on the server).

export { CAMPAIGN_LIMITS } from './campaign-limits';

export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'sending', 'paused', 'sent', 'cancelled'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** A status in words, wherever a campaign's status shows (its badge, the top bar's search and calendar). */
/**
 * A message handed to the relay when sending was cut off, before it answered: never resent, so
 * no one gets it twice. Said as what it means for the customer (the report and the progress view).
 */
export const UNCONFIRMED_DELIVERY_LABEL = 'Delivery not confirmed';

export const CAMPAIGN_STATUS_LABELS: Record<CampaignStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  sending: 'Sending',
  paused: 'Paused',
  sent: 'Sent',
  cancelled: 'Cancelled',
};

/**
 * One row per (campaign, subscriber). pending → sending → sent / failed / unknown; skipped when
 * the address was suppressed or unsubscribed by the time its turn came; held while it waits for
 * an A/B test's decision (then pending with the winner's variant).
 */
export const MESSAGE_STATUSES = ['pending', 'sending', 'sent', 'failed', 'unknown', 'skipped', 'held'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export const CAMPAIGN_MESSAGES = {
  nameRequired: 'Give the campaign a name.',
  tooLong: GENERIC_MESSAGES.tooLong,
  emailInvalid: 'Enter a valid email address.',
  audienceInvalid: 'One of the chosen lists or segments is not one of yours.',
  notFound: 'This campaign does not exist.',
  created: 'Campaign saved as a draft.',
  saved: 'Campaign saved.',
  deleted: 'Campaign deleted.',
  duplicated: 'Campaign duplicated as a new draft.',
  notEditable: 'This campaign has started sending, so it can no longer be changed. Duplicate it to send a new version.',
  notDeletable: 'A campaign that is sending cannot be deleted. Pause or cancel it first.',
  subjectRequired: 'Add a subject line before sending.',
  fromRequired: 'Add the sender name and address before sending.',
  contentRequired: 'Write the content before sending.',
  audienceRequired: 'Choose at least one list or segment before sending.',
  postalAddressRequired:
    'Add your postal address (street, city, postal code and country) in your profile’s contact information before sending: the law asks every campaign to show it.',
  mergeTagsInvalid: 'Fix the merge tags the editor points out before sending.',
  sendStarted: 'Sending has started.',
  notSendable: 'Only a draft or a scheduled campaign can be sent.',
  notControllable: (action: 'pause' | 'resume' | 'cancel') =>
    ({
      pause: 'Only a campaign that is sending can be paused.',
      resume: 'Only a paused campaign can be resumed.',
      cancel: 'This campaign has already finished.',
    })[action],
  paused: 'Sending paused. Nobody else gets it until you resume.',
  resumed: 'Sending resumed.',
  cancelled: 'Campaign cancelled. Nobody else gets it.',
  testRecipientsRequired: 'Enter at least one address to send the test to.',
  testRecipientsTooMany: `Send a test to at most ${CAMPAIGN_LIMITS.testRecipients} addresses at once.`,
  testSent: (count: number) => `Test sent to ${count} ${count === 1 ? 'address' : 'addresses'}.`,
  testNeedsContent: 'Add a subject and some content before sending a test.',
  sendAtInvalid: 'Choose a date and time, like 2026-12-01T09:00.',
  sendAtPast: 'Choose a time in the future.',
  timezoneInvalid: 'Choose a timezone from the list.',
  scheduled: 'Campaign scheduled.',
  notSchedulable: 'Only a draft or a scheduled campaign can be scheduled.',
  unscheduled: 'Schedule removed. The campaign is a draft again.',
  notUnschedulable: 'Only a scheduled campaign can be unscheduled.',
  previewSubscriberInvalid: 'Choose one of your subscribers to preview as.',
  deliveryInvalid: 'Choose one of your connected platforms, or Postlark.',
} as const;

const emailAddress = lowerCaseEmailSchema(CAMPAIGN_MESSAGES.emailInvalid, { allowEmpty: true });
const capped = (limit: number) => z.string().check(z.maxLength(limit, CAMPAIGN_MESSAGES.tooLong(limit)));
const ids = z.array(z.string().check(z.regex(UUID_PATTERN, CAMPAIGN_MESSAGES.audienceInvalid))).check(z.maxLength(CAMPAIGN_LIMITS.audienceItems, CAMPAIGN_MESSAGES.audienceInvalid));

export const campaignAudienceSchema = z.strictObject({
  list_ids: z._default(ids, []),
  segment_ids: z._default(ids, []),
});
export type CampaignAudience = z.output<typeof campaignAudienceSchema>;

const campaignFields = {
  name: z.string({ error: CAMPAIGN_MESSAGES.nameRequired }).check(z.trim(), z.minLength(1, CAMPAIGN_MESSAGES.nameRequired), z.maxLength(CAMPAIGN_LIMITS.name, CAMPAIGN_MESSAGES.tooLong(CAMPAIGN_LIMITS.name))),
  subject: capped(CAMPAIGN_LIMITS.subject),
  preheader: capped(CAMPAIGN_LIMITS.preheader),
  from_name: capped(CAMPAIGN_LIMITS.fromName),
  from_email: emailAddress,
  reply_to: emailAddress,
  content_html: capped(CAMPAIGN_LIMITS.html),
  /** The plain-text version; null while it is generated from the HTML. */
  content_text: z.nullable(capped(CAMPAIGN_LIMITS.text)),
  audience: campaignAudienceSchema,
  /** Opens and clicks are tracked unless turned off. */
  tracking: z.boolean(),
};

/** Up to five addresses get the campaign as it is now, rendered for a sample subscriber. */
// Typed addresses, a seed list (issue 30, point 5), or both: one of them must name somebody.
export const campaignTestSendSchema = z
  .strictObject({
    recipients: z._default(
      z.array(lowerCaseEmailSchema(CAMPAIGN_MESSAGES.emailInvalid)).check(z.maxLength(CAMPAIGN_LIMITS.testRecipients, CAMPAIGN_MESSAGES.testRecipientsTooMany)),
      [],
    ),
    seed_list_id: z.optional(z.string({ error: SEED_LIST_MESSAGES.idInvalid }).check(z.regex(UUID_PATTERN, SEED_LIST_MESSAGES.idInvalid))),
  })
  .check(z.refine((body) => body.recipients.length > 0 || body.seed_list_id !== undefined, { error: CAMPAIGN_MESSAGES.testRecipientsRequired, path: ['recipients'] }));
export type CampaignTestSend = z.output<typeof campaignTestSendSchema>;

/** A wall-clock time (as a datetime-local input gives it) in an IANA timezone. */
export const campaignScheduleSchema = z.strictObject({
  send_at: z.string({ error: CAMPAIGN_MESSAGES.sendAtInvalid }).check(z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, CAMPAIGN_MESSAGES.sendAtInvalid)),
  timezone: z.string({ error: CAMPAIGN_MESSAGES.timezoneInvalid }).check(z.minLength(1, CAMPAIGN_MESSAGES.timezoneInvalid), z.maxLength(64, CAMPAIGN_MESSAGES.timezoneInvalid)),
});
export type CampaignSchedule = z.output<typeof campaignScheduleSchema>;

/** What the editor's preview renders: the fields as they are on screen, saved or not. */
export const campaignPreviewSchema = z.strictObject({
  /** Named in the footer ("you subscribed to …"); optional. */
  from_name: z._default(capped(CAMPAIGN_LIMITS.fromName), ''),
  subject: capped(CAMPAIGN_LIMITS.subject),
  preheader: capped(CAMPAIGN_LIMITS.preheader),
  content_html: capped(CAMPAIGN_LIMITS.html),
  content_text: z.nullable(capped(CAMPAIGN_LIMITS.text)),
  /** "Preview as": one of the account's subscribers, their fields, recommendations and blocks (issue 21); left out: a sample reader. */
  subscriber_id: z.optional(z.string().check(z.regex(UUID_PATTERN, CAMPAIGN_MESSAGES.previewSubscriberInvalid))),
  /** Delivered through a platform (issue 22): it adds its own footer, so ours is left out of the preview. */
  platform_footer: z.optional(z.boolean()),
});
export type CampaignPreviewRequest = z.output<typeof campaignPreviewSchema>;

/** One thing wrong with a merge tag, placed (1-based) where it could be told. */
export interface MergeTagProblem {
  message: string;
  line: number | null;
  column: number | null;
}

/** The preview for a sample subscriber, and every merge-tag problem by field. */
export interface CampaignPreview {
  subject: string;
  /** The subject as a reader with no data reads it: what the subject checker measures. */
  reader_subject: string;
  html: string;
  /** The plain-text version: the edited one, or the one generated from the HTML. */
  text: string;
  problems: Partial<Record<'subject' | 'preheader' | 'content_html' | 'content_text', MergeTagProblem[]>>;
}

const deliveryConnectionSchema = z.string({ error: CAMPAIGN_MESSAGES.deliveryInvalid }).check(z.regex(UUID_PATTERN, CAMPAIGN_MESSAGES.deliveryInvalid));

/** The campaigns list: all, or only those delivered through one connected platform (the sidebar's sub-items). */
export const campaignListQuerySchema = z.strictObject({
  platform: z.optional(z.enum(PLATFORM_IDS, INTEGRATION_MESSAGES.platformInvalid)),
});

export const campaignCreateSchema = z.strictObject({
  name: campaignFields.name,
  subject: z._default(campaignFields.subject, ''),
  preheader: z._default(campaignFields.preheader, ''),
  from_name: z._default(campaignFields.from_name, ''),
  from_email: z._default(campaignFields.from_email, ''),
  reply_to: z._default(campaignFields.reply_to, ''),
  content_html: z._default(campaignFields.content_html, ''),
  content_text: z._default(campaignFields.content_text, null),
  audience: z._default(campaignFields.audience, { list_ids: [], segment_ids: [] }),
  tracking: z._default(campaignFields.tracking, true),
  /** An A/B test of one field (issue 20); null: none. */
  ab_test: z._default(z.nullable(abTestSchema), null),
  /** Sent at each person's best time within a window (issue 21); null: everyone at the start. */
  send_time_optimisation: z._default(z.nullable(sendTimeOptimisationSchema), null),
  /** Delivered through this connected platform (issue 22); null: Postlark's own sending. */
  delivery_connection_id: z._default(z.nullable(deliveryConnectionSchema), null),
});
export type CampaignCreate = z.input<typeof campaignCreateSchema>;
export type CampaignCreateData = z.output<typeof campaignCreateSchema>;

export const campaignUpdateSchema = z.strictObject({
  name: z.optional(campaignFields.name),
  subject: z.optional(campaignFields.subject),
  preheader: z.optional(campaignFields.preheader),
  from_name: z.optional(campaignFields.from_name),
  from_email: z.optional(campaignFields.from_email),
  reply_to: z.optional(campaignFields.reply_to),
  content_html: z.optional(campaignFields.content_html),
  content_text: z.optional(campaignFields.content_text),
  audience: z.optional(campaignFields.audience),
  tracking: z.optional(campaignFields.tracking),
  /** null removes the test. */
  ab_test: z.optional(z.nullable(abTestSchema)),
  /** null turns it off. */
  send_time_optimisation: z.optional(z.nullable(sendTimeOptimisationSchema)),
  /** null: back to Postlark's own sending. */
  delivery_connection_id: z.optional(z.nullable(deliveryConnectionSchema)),
});
export type CampaignUpdate = z.output<typeof campaignUpdateSchema>;

/** How many of a campaign's recipients are where. */
export type MessageCounts = Record<MessageStatus, number>;

export interface Campaign {
  id: string;
  name: string;
  subject: string;
  /** The subject as a reader with no data reads it (each merge tag's default): what lists and reports show. */
  reader_subject: string;
  preheader: string;
  from_name: string;
  from_email: string;
  reply_to: string;
  content_html: string;
  content_text: string | null;
  audience: CampaignAudience;
  tracking: boolean;
  status: CampaignStatus;
  scheduled_at: string | null;
  /** The timezone the schedule was chosen in (IANA name), for showing it back. */
  scheduled_timezone: string | null;
  started_at: string | null;
  finished_at: string | null;
  created_at: string;
  updated_at: string;
  /** Once sending has started; null for a draft. */
  messages: MessageCounts | null;
  /** While messages wait because the mail relay cannot be reached: what it answered; otherwise null. */
  relay_error: string | null;
  /** Why a scheduled campaign went back to a draft at its time instead of sending; null once sent or scheduled again. */
  held_reason: string | null;
  /** Why sending paused by itself (the relay refused the sender again and again), quoting the relay; null once resumed. */
  paused_reason: string | null;
  /** The A/B test's settings (issue 20); null: none. */
  ab_test: AbTestSettings | null;
  /** Where the test is (status, decision, why); null without a test. */
  ab_test_state: AbTestState | null;
  /** Sent at each person's best time (issue 21); null: everyone at the start. */
  send_time_optimisation: SendTimeOptimisation | null;
  /** The connected platform that delivers it (issue 22); null: Postlark's own sending. */
  delivery_connection_id: string | null;
}
