import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { segmentSql } from '../audience/segment-sql';
import { findSegment } from '../audience/segments.repository';
import type { CampaignRow } from './campaigns.repository';
import { eligibleSql } from './recipients.repository';

/**
 * The campaign's audience as one SQL condition, its segments read now (a segment deleted since
 * the campaign was written simply adds nobody).
 */
export async function audienceCondition(db: Db, campaign: Pick<CampaignRow, 'customerId' | 'audience'>, now: Date): Promise<SQL> {
  const segments = await Promise.all(campaign.audience.segment_ids.map((id) => findSegment(db, campaign.customerId, id)));
  const compiled = segments.flatMap((segment) => (segment ? [segmentSql(segment.definition, now)] : []));
  return eligibleSql(campaign.customerId, campaign.audience, compiled);
}
