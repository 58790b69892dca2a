// A refresh's input read a page of people at a time (issue 31): everyone's email history and every
// buyer's purchase summary before the as-of time, pages of id ranges (never one query per person,
// never the orders themselves) a few at once, each handed on as it comes, so whoever reads holds a
// page or two, never the account. On PostgreSQL the refresh's worker thread reads them itself
// (insights-worker.ts), so not even the rows pass through the main thread's heap; on the embedded
// PGlite, which lives in the main thread, insights.service.ts reads them and posts each page.
import type { Db } from '../../db/client';
import type { AudienceHistoryPage } from './audience-history';
import { historiesOf, pageStarts, type PeopleRange, peopleIn, rangesOf } from './audience-insights.repository';
import { packHistories, type PurchaseColumns } from './purchase-columns';
import { historyFromSummary, lastObservedDay } from './purchase-history';
import { purchaseSummariesIn } from './purchase-summaries.repository';

export interface RefreshPage {
  audience: AudienceHistoryPage;
  purchases: PurchaseColumns;
}

/**
 * Pages read at once: PostgreSQL works on the next while the last is packed, and a server with
 * cores to spare reads two side by side. More only queue behind each other.
 */
export const PAGES_IN_FLIGHT = 2;

export async function readRefreshPages(db: Db, customerId: string, asOf: Date, pageSize: number, take: (page: RefreshPage) => Promise<void> | void): Promise<void> {
  const endDay = lastObservedDay(asOf);
  const read = async (range: PeopleRange): Promise<RefreshPage> => {
    const [people, rows, buyers] = await Promise.all([peopleIn(db, customerId, range), historiesOf(db, customerId, range, asOf), purchaseSummariesIn(db, customerId, range, asOf)]);
    return {
      audience: { ids: people.map((person) => person.id), timezones: people.map((person) => person.timezone), rows },
      purchases: packHistories(buyers.map((summary) => historyFromSummary(summary, endDay))),
    };
  };
  const ranges = rangesOf(await pageStarts(db, customerId, pageSize));
  const reading: Promise<RefreshPage>[] = [];
  for (let k = 0; k < ranges.length || reading.length > 0; ) {
    while (k < ranges.length && reading.length < PAGES_IN_FLIGHT) {
      const page = read(ranges[k]!);
      // Handled now, awaited in turn: a failing page must not count as an unhandled rejection meanwhile.
      page.catch(() => undefined);
      reading.push(page);
      k += 1;
    }
    await take(await reading.shift()!);
  }
}
