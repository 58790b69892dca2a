import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { CampaignStatus } from '@postlark/shared/campaigns';
import type { Db } from '../../db/client';
import { campaigns } from '../../db/schema/campaigns';

/** On the calendar: what is due to go out, going out, or went out. Drafts have no date; a cancelled one did not go. */
const ON_CALENDAR: CampaignStatus[] = ['scheduled', 'sending', 'paused', 'sent'];

// When it goes (or went) out: its start once sending began, until then its scheduled time.
const GOES_OUT = sql<Date>`coalesce(${campaigns.startedAt}, ${campaigns.scheduledAt})`;

export interface CalendarRow {
  id: string;
  name: string;
  subject: string;
  status: CampaignStatus;
  at: Date;
}

/** The customer's campaigns (not a flow's emails) going out in [from, to). */
export async function calendarCampaigns(db: Db, customerId: string, from: Date, to: Date): Promise<CalendarRow[]> {
  return db
    .select({ id: campaigns.id, name: campaigns.name, subject: campaigns.subject, status: campaigns.status, at: sql<Date>`${GOES_OUT}`.mapWith(campaigns.scheduledAt) })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.customerId, customerId),
        eq(campaigns.kind, 'campaign'),
        inArray(campaigns.status, ON_CALENDAR),
        sql`${GOES_OUT} >= ${from.toISOString()}::timestamptz and ${GOES_OUT} < ${to.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(GOES_OUT), asc(campaigns.id));
}
