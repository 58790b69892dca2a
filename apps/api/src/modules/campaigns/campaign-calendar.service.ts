import type { CalendarAnswer, CalendarQuery } from '@postlark/shared/campaign-calendar';
import type { Db } from '../../db/client';
import { calendarCampaigns } from './campaign-calendar.repository';
import { renderForNoData } from './merge-tags';

/** The top bar's calendar: the customer's campaigns going out between `from` and `to`, in time order. */
export async function campaignCalendar(db: Db, customerId: string, query: CalendarQuery): Promise<CalendarAnswer> {
  const rows = await calendarCampaigns(db, customerId, new Date(query.from), new Date(query.to));
  return { campaigns: rows.map((row) => ({ id: row.id, name: row.name, subject: renderForNoData(row.subject), status: row.status, at: row.at.toISOString() })) };
}
