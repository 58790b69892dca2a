import { SEARCH_LIMITS, type SearchAnswer } from '@postlark/shared/search';
import type { Db } from '../../db/client';
import { renderForNoData } from '../campaigns/merge-tags';
import { findCampaigns, findLists, findSegments, findSubscribers, type Found } from './search.repository';

const EMPTY = { items: [], total: 0, capped: false };

function group<Row, Item>(result: Found<Row>, toItem: (row: Row) => Item) {
  const capped = result.counted > SEARCH_LIMITS.countCap;
  return { items: result.rows.map(toItem), total: Math.min(result.counted, SEARCH_LIMITS.countCap), capped };
}

const fullName = (first: string, last: string) => [first, last].filter(Boolean).join(' ');

/** The customer's campaigns, subscribers, lists and segments whose names (or subject, or address) contain q, any case. */
export async function searchEverything(db: Db, customerId: string, q: string): Promise<SearchAnswer> {
  if (q === '') return { q, campaigns: EMPTY, subscribers: EMPTY, lists: EMPTY, segments: EMPTY };
  const [campaigns, subscribers, lists, segments] = await Promise.all([
    findCampaigns(db, customerId, q),
    q.length >= SEARCH_LIMITS.subscriberMinLength ? findSubscribers(db, customerId, q) : { rows: [], counted: 0 },
    findLists(db, customerId, q),
    findSegments(db, customerId, q),
  ]);
  return {
    q,
    campaigns: group(campaigns, (row) => ({ id: row.id, title: row.name, detail: renderForNoData(row.subject), status: row.status })),
    subscribers: group(subscribers, (row) => {
      const name = fullName(row.firstName, row.lastName);
      return { id: row.id, title: name || row.email, detail: name ? row.email : '' };
    }),
    lists: group(lists, (row) => ({ id: row.id, title: row.name, detail: row.description })),
    segments: group(segments, (row) => ({ id: row.id, title: row.name, detail: '' })),
  };
}
