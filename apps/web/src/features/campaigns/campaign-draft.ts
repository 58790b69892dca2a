import type { AbTestSettings } from '@postlark/shared/ab-tests';
import type { SendTimeOptimisation } from '@postlark/shared/send-time-optimisation';
import { type Campaign, type CampaignCreateData, campaignCreateSchema, type CampaignStatus } from '@postlark/shared/campaigns';
import { type FieldErrors, fieldErrors } from '@postlark/shared/validation';

/** What the editor holds: the campaign's fields as on screen, saved or not. */
export interface CampaignDraft {
  name: string;
  subject: string;
  preheader: string;
  from_name: string;
  from_email: string;
  reply_to: string;
  content_html: string;
  /** null while the plain-text version is generated from the HTML. */
  content_text: string | null;
  list_ids: string[];
  segment_ids: string[];
  tracking: boolean;
  /** The A/B test's settings (issue 20); null: none. */
  ab_test: AbTestSettings | null;
  /** Sent at each person's best time (issue 21); null: everyone at the send time. */
  send_time_optimisation: SendTimeOptimisation | null;
  /** The connected platform that delivers it (issue 22); null: Postlark's own sending. */
  delivery_connection_id: string | null;
}

export const EMPTY_DRAFT: CampaignDraft = {
  name: '',
  subject: '',
  preheader: '',
  from_name: '',
  from_email: '',
  reply_to: '',
  content_html: '',
  content_text: null,
  list_ids: [],
  segment_ids: [],
  tracking: true,
  ab_test: null,
  send_time_optimisation: null,
  delivery_connection_id: null,
};

// Only a draft or a scheduled campaign may still change (the server's rule, shown before asking it).
const EDITABLE: readonly CampaignStatus[] = ['draft', 'scheduled'];
const DELETABLE: readonly CampaignStatus[] = ['draft', 'scheduled', 'sent', 'cancelled'];
const REPORTED: readonly CampaignStatus[] = ['sending', 'paused', 'sent', 'cancelled'];

export const isEditable = (status: CampaignStatus) => EDITABLE.includes(status);
export const isDeletable = (status: CampaignStatus) => DELETABLE.includes(status);
export const hasReport = (status: CampaignStatus) => REPORTED.includes(status);

export function draftFromCampaign(campaign: Campaign): CampaignDraft {
  return {
    name: campaign.name,
    subject: campaign.subject,
    preheader: campaign.preheader,
    from_name: campaign.from_name,
    from_email: campaign.from_email,
    reply_to: campaign.reply_to,
    content_html: campaign.content_html,
    content_text: campaign.content_text,
    list_ids: [...campaign.audience.list_ids],
    segment_ids: [...campaign.audience.segment_ids],
    tracking: campaign.tracking,
    ab_test: campaign.ab_test,
    send_time_optimisation: campaign.send_time_optimisation,
    delivery_connection_id: campaign.delivery_connection_id,
  };
}

/** The whole campaign as a request body: the same for a create (POST) and a save (PATCH), its A/B test with it. */
export function draftToRequest(draft: CampaignDraft): CampaignCreateData {
  return {
    name: draft.name,
    subject: draft.subject,
    preheader: draft.preheader,
    from_name: draft.from_name,
    from_email: draft.from_email,
    reply_to: draft.reply_to,
    content_html: draft.content_html,
    content_text: draft.content_text,
    audience: { list_ids: draft.list_ids, segment_ids: draft.segment_ids },
    tracking: draft.tracking,
    ab_test: draft.ab_test,
    send_time_optimisation: draft.send_time_optimisation,
    delivery_connection_id: draft.delivery_connection_id,
  };
}

/** The editor's fields that a message can stand beside. */
export type DraftField = keyof Omit<CampaignDraft, 'list_ids' | 'segment_ids'> | 'audience' | 'postal_address';

/**
 * A server's or schema's errors keyed by the editor's fields: nested keys such as
 * `audience.list_ids.0` belong to the audience picker. The first message for a field wins.
 */
export function errorsByField(errors: FieldErrors): Partial<Record<DraftField, string>> {
  const byField: Partial<Record<DraftField, string>> = {};
  for (const [key, message] of Object.entries(errors)) {
    const field = key.split('.')[0] as DraftField;
    byField[field] ??= message;
  }
  return byField;
}

/** The same checks the server makes on a save, before asking it. */
export function draftErrors(draft: CampaignDraft): Partial<Record<DraftField, string>> {
  const result = campaignCreateSchema.safeParse(draftToRequest(draft));
  return result.success ? {} : errorsByField(fieldErrors(result.error));
}

export function sameDraft(a: CampaignDraft, b: CampaignDraft): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
