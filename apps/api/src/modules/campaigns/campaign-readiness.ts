import { CAMPAIGN_MESSAGES } from '@postlark/shared/campaigns';
import { POSTAL_ADDRESS_FIELDS, type PostalAddressField } from '@postlark/shared/profile';
import { SENDER_MESSAGES } from '@postlark/shared/senders';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { ownedAddresses } from '../senders/senders.repository';
import { fromTreatment } from '../senders/from-treatment';
import type { SendingPolicy } from '../../mail/sending-policy';
import type { CampaignRow } from './campaigns.repository';
import { postalAddressParts } from './campaigns.repository';
import { blocksProblem } from './block-personalisation';
import { checkTemplate } from './merge-tags';
import type { AbTestSettings } from '@postlark/shared/ab-tests';
import { testOf } from '../ab-tests/ab-tests.repository';
import { testReadiness } from '../ab-tests/ab-tests.service';
import { platformReadiness } from '../integrations/platform-delivery';

type AddressParts = { info: { company?: string; street_address?: string; city?: string; state?: string; postal_code?: string }; country: string };

/** The postal address's required fields that are still empty. */
export function missingAddressFields({ info, country }: AddressParts): PostalAddressField[] {
  return POSTAL_ADDRESS_FIELDS.filter((field) => !(field === 'country' ? country : info[field])?.trim());
}

/** The sender's postal address on one line, or null while its parts are missing. */
export function postalAddressLine(parts: AddressParts): string | null {
  const { info, country } = parts;
  if (missingAddressFields(parts).length > 0) return null;
  return [info.company, info.street_address, info.city, info.state, info.postal_code, country]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(', ');
}

/** What campaign readiness needs to know beyond the database: which From domains sign. */
export interface ReadinessDeps {
  db: Db;
  sending: SendingPolicy;
}

/**
 * Whether mail From the campaign's address can be sent: at a domain of the customer's that is
 * authenticated, or an address of theirs at the operator's domain or a free-mail one (senders/from-treatment.ts).
 */
export async function isUsableFrom(deps: ReadinessDeps, row: Pick<CampaignRow, 'customerId' | 'fromEmail'>): Promise<boolean> {
  const email = row.fromEmail.toLowerCase();
  return fromTreatment(email, await ownedAddresses(deps.db, row.customerId, [email]), deps.sending) !== 'refused';
}

/**
 * What a campaign needs before it may go out; every problem at once, by field, as the editor
 * shows them (its A/B test's under 'ab_test': `test` as it will be, or as stored when left out).
 * Answers the postal address its footer will carry.
 */
export async function campaignReadiness(deps: ReadinessDeps, row: CampaignRow, test?: AbTestSettings | null): Promise<string> {
  const { db } = deps;
  // Through a platform: its own checks (its verified senders, its footer with the address, its merge tags).
  if (row.deliveryConnectionId) return platformReadiness(db, row, test === undefined ? ((await testOf(db, row.id))?.settings ?? null) : test);
  const errors: Record<string, string> = {};
  if (!row.subject.trim()) errors.subject = CAMPAIGN_MESSAGES.subjectRequired;
  if (!row.fromName.trim() || !row.fromEmail) errors.from_email = CAMPAIGN_MESSAGES.fromRequired;
  // Inboxes ask the From domain to pass DMARC: only a From that a key of ours signs for goes out.
  else if (!(await isUsableFrom(deps, row))) errors.from_email = SENDER_MESSAGES.fromNotAuthenticated(row.fromEmail);
  if (!row.contentHtml.trim()) errors.content_html = CAMPAIGN_MESSAGES.contentRequired;
  if (row.audience.list_ids.length + row.audience.segment_ids.length === 0) errors.audience = CAMPAIGN_MESSAGES.audienceRequired;
  const templates = { subject: row.subject, preheader: row.preheader, content_html: row.contentHtml, content_text: row.contentText ?? '' };
  for (const [field, source] of Object.entries(templates)) {
    const problems = checkTemplate(source);
    if (problems.length > 0 && !errors[field]) errors[field] = problems[0]!.message;
  }
  // Content blocks: each readable, each segment or list a condition names the customer's own.
  const blockError = errors.content_html ? null : await blocksProblem(db, row.customerId, row.contentHtml);
  if (blockError) errors.content_html = blockError;
  Object.assign(errors, await testReadiness(db, row, test === undefined ? ((await testOf(db, row.id))?.settings ?? null) : test));
  const parts = await postalAddressParts(db, row.customerId);
  const address = parts ? postalAddressLine(parts) : null;
  if (!address) errors.postal_address = CAMPAIGN_MESSAGES.postalAddressRequired;
  const first = Object.values(errors)[0];
  if (first) throw new HttpError(400, first, errors);
  return address!;
}
