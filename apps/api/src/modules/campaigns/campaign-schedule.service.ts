import { type Campaign, CAMPAIGN_MESSAGES, type CampaignSchedule } from '@postlark/shared/campaigns';
import { HttpError } from '../../http/errors';
import { isTimezone, zonedTimeToInstant } from '../../lib/zoned-time';
import { campaignReadiness } from './campaign-readiness';
import { updateCampaignIn } from './campaigns.repository';
import { type CampaignDeps, EDITABLE, owned, withCounts } from './campaigns.service';

/**
 * Schedules a complete campaign for a wall-clock time in a timezone. The checks of sending run
 * now, so the customer learns of a missing address today rather than find it unsent tomorrow;
 * the engine starts it when the time comes (campaign-sender's dueScheduled).
 */
export async function scheduleCampaign(deps: CampaignDeps, customerId: string, id: string, body: CampaignSchedule): Promise<Campaign> {
  const row = await owned(deps, customerId, id);
  if (!EDITABLE.includes(row.status)) throw new HttpError(409, CAMPAIGN_MESSAGES.notSchedulable);
  if (!isTimezone(body.timezone)) throw new HttpError(400, CAMPAIGN_MESSAGES.timezoneInvalid, { timezone: CAMPAIGN_MESSAGES.timezoneInvalid });
  const sendAt = zonedTimeToInstant(body.send_at, body.timezone);
  if (!sendAt) throw new HttpError(400, CAMPAIGN_MESSAGES.sendAtInvalid, { send_at: CAMPAIGN_MESSAGES.sendAtInvalid });
  if (sendAt.getTime() <= deps.now().getTime()) throw new HttpError(400, CAMPAIGN_MESSAGES.sendAtPast, { send_at: CAMPAIGN_MESSAGES.sendAtPast });
  const postalAddress = await campaignReadiness(deps, row);
  const scheduled = await updateCampaignIn(deps.db, customerId, id, EDITABLE, {
    status: 'scheduled',
    scheduledAt: sendAt,
    scheduledTimezone: body.timezone,
    postalAddress,
    heldReason: null,
    updatedAt: deps.now(),
  });
  if (!scheduled) throw new HttpError(409, CAMPAIGN_MESSAGES.notSchedulable);
  return withCounts(deps, scheduled);
}

/** Back to a draft: nothing goes out until it is scheduled or sent again. */
export async function unscheduleCampaign(deps: CampaignDeps, customerId: string, id: string): Promise<Campaign> {
  await owned(deps, customerId, id);
  const row = await updateCampaignIn(deps.db, customerId, id, ['scheduled'], { status: 'draft', scheduledAt: null, scheduledTimezone: null, updatedAt: deps.now() });
  if (!row) throw new HttpError(409, CAMPAIGN_MESSAGES.notUnschedulable);
  return withCounts(deps, row);
}
