import type { AbTestSettings } from '@postlark/shared/ab-tests';
import { CAMPAIGN_MESSAGES } from '@postlark/shared/campaigns';
import { DELIVERY_MESSAGES, PLATFORM_ABILITIES, PLATFORM_NAMES } from '@postlark/shared/integrations';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { isUuid } from '../../lib/uuid';
import { extractBlocks, hasBlocks } from '../campaigns/content-blocks';
import type { CampaignRow } from '../campaigns/campaigns.repository';
import { checkTemplate } from '../campaigns/merge-tags';
import { type ConnectionRow, findConnection, type LinkWithList, linksOf } from './connections.repository';
import { toPlatformMergeTags } from './platform-merge-tags';
import { mergeTagsOf } from './platform-merge-fields';

// A campaign delivered through a connected platform (decision 011): what must hold before it
// goes, said before sending as every other readiness problem is. The platform checks its own
// senders and adds its own footer (with the postal address it keeps), so ours are not asked for.

/** The connection must be the customer's own. */
export async function checkDeliveryConnection(db: Db, customerId: string, connectionId: string): Promise<ConnectionRow> {
  const row = isUuid(connectionId) ? await findConnection(db, customerId, connectionId) : undefined;
  if (!row) throw new HttpError(400, DELIVERY_MESSAGES.connectionInvalid, { delivery_connection_id: DELIVERY_MESSAGES.connectionInvalid });
  return row;
}

/** The linked audience a campaign goes to on its platform: the one its lists are synced with, or the only one there is. */
export function audienceLinkOf(row: Pick<CampaignRow, 'audience'>, links: readonly LinkWithList[]): { link: LinkWithList | null; problem: 'not_synced' | 'several' | null } {
  const listLinks = row.audience.list_ids.map((listId) => links.find((link) => link.listId === listId));
  if (listLinks.some((link) => !link)) return { link: null, problem: 'not_synced' };
  const distinct = [...new Set(listLinks.map((link) => link!.id))];
  if (distinct.length > 1) return { link: null, problem: 'several' };
  if (distinct.length === 1) return { link: listLinks[0]!, problem: null };
  // Segments only: they are read among the people of the connection's one audience.
  if (links.length === 1) return { link: links[0]!, problem: null };
  return { link: null, problem: links.length === 0 ? 'not_synced' : 'several' };
}

/** The campaign's fields in the platform's merge tags; throws the first field's problem. */
export function platformTemplates(row: Pick<CampaignRow, 'subject' | 'preheader' | 'contentHtml'>, connection: Pick<ConnectionRow, 'platform'>, fieldMap: Record<string, string>): { subject: string; preheader: string; html: string } {
  const name = PLATFORM_NAMES[connection.platform];
  const mergeTag = mergeTagsOf(connection.platform, fieldMap);
  const fields = { subject: row.subject, preheader: row.preheader, content_html: row.contentHtml } as const;
  const translated: Record<string, string> = {};
  for (const [field, source] of Object.entries(fields)) {
    const { text, problem } = toPlatformMergeTags(source, mergeTag);
    if (problem) {
      const message = problem.kind === 'liquid' ? DELIVERY_MESSAGES.liquidUnsupported(name) : DELIVERY_MESSAGES.mergeTagUnsupported(name, problem.tag);
      throw new HttpError(400, message, { [field]: message });
    }
    translated[field] = text;
  }
  return { subject: translated.subject ?? '', preheader: translated.preheader ?? '', html: translated.content_html ?? '' };
}

/** Readiness of a campaign that names a connection; answers '' (the platform's footer carries the address). */
export async function platformReadiness(db: Db, row: CampaignRow, test: AbTestSettings | null): Promise<string> {
  const errors: Record<string, string> = {};
  const connection = row.deliveryConnectionId ? await findConnection(db, row.customerId, row.deliveryConnectionId) : undefined;
  if (!connection) throw new HttpError(400, DELIVERY_MESSAGES.connectionGone, { delivery_connection_id: DELIVERY_MESSAGES.connectionGone });
  const name = PLATFORM_NAMES[connection.platform];
  if (!PLATFORM_ABILITIES[connection.platform].delivery) errors.delivery_connection_id = DELIVERY_MESSAGES.cannotSend(name);
  else if (connection.status !== 'connected') errors.delivery_connection_id = DELIVERY_MESSAGES.connectionBroken(name);
  if (!row.subject.trim()) errors.subject = CAMPAIGN_MESSAGES.subjectRequired;
  if (!row.fromName.trim() || !row.fromEmail) errors.from_email = CAMPAIGN_MESSAGES.fromRequired;
  if (!row.contentHtml.trim()) errors.content_html = CAMPAIGN_MESSAGES.contentRequired;
  if (row.audience.list_ids.length + row.audience.segment_ids.length === 0) errors.audience = CAMPAIGN_MESSAGES.audienceRequired;
  if (row.sendTimeOptimisation) errors.send_time_optimisation = DELIVERY_MESSAGES.sendTimeUnsupported(name);
  if (test?.dimension === 'send_time') errors.ab_test = DELIVERY_MESSAGES.sendTimeUnsupported(name);
  // Revenue is read from our own order events against our own sends; a platform's report has none.
  if (test?.metric === 'revenue') errors.ab_test = DELIVERY_MESSAGES.revenueUnsupported(name);
  for (const [field, source] of Object.entries({ subject: row.subject, preheader: row.preheader, content_html: row.contentHtml })) {
    const problems = checkTemplate(source);
    if (problems.length > 0 && !errors[field]) errors[field] = problems[0]!.message;
  }
  if (!errors.content_html) {
    try {
      if (hasBlocks(extractBlocks(row.contentHtml).blocks)) errors.content_html = DELIVERY_MESSAGES.blocksUnsupported(name);
    } catch {
      errors.content_html = CAMPAIGN_MESSAGES.mergeTagsInvalid;
    }
  }
  // beehiiv sends a post to a whole publication: no segment (a tag) and no test split.
  if (!PLATFORM_ABILITIES[connection.platform].tags && (row.audience.segment_ids.length > 0 || test)) errors.audience = DELIVERY_MESSAGES.wholeAudienceOnly(name);
  const links = await linksOf(db, connection.id);
  const { link, problem } = audienceLinkOf(row, links);
  if (problem === 'not_synced' && !errors.audience) errors.audience = DELIVERY_MESSAGES.audienceNotSynced(name);
  if (problem === 'several' && !errors.audience) errors.audience = DELIVERY_MESSAGES.oneAudience(name);
  const first = Object.values(errors)[0];
  if (first) throw new HttpError(400, first, errors);
  // Each variant of a test goes as its own campaign: every one must translate.
  const variants = test?.variants ?? [];
  platformTemplates(row, connection, link?.fieldMap ?? {});
  for (const variant of variants) {
    platformTemplates({ subject: variant.subject ?? row.subject, preheader: variant.preheader ?? row.preheader, contentHtml: variant.content_html ?? row.contentHtml }, connection, link?.fieldMap ?? {});
  }
  return '';
}
