import { AUDIENCE_LIMITS, SUBSCRIBER_FILTER_STATUSES, SUBSCRIBER_SORTS, type SubscriberFilter, type SubscriberFilterStatus, type SubscriberSort } from '@postlark/shared/audience';
import { UUID_PATTERN } from '@postlark/shared/ids';

// The subscribers table's search, filters and order live in the address, so a reload or a shared
// link shows the same table. The address uses the API's own names (q, status, list_id,
// segment_id, sort, order); what is missing or not understood falls back to the default rather than failing.

export type SortOrder = 'asc' | 'desc';

export interface SubscriberFilters {
  q: string;
  status: SubscriberFilterStatus | null;
  listId: string | null;
  /** One of the customer's segments (the Segments page links here with it). */
  segmentId: string | null;
  sort: SubscriberSort;
  order: SortOrder;
}

export const DEFAULT_FILTERS: SubscriberFilters = { q: '', status: null, listId: null, segmentId: null, sort: 'created_at', order: 'desc' };

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return values.find((candidate) => candidate === value) ?? null;
}

export function filtersFromSearch(search: string): SubscriberFilters {
  const params = new URLSearchParams(search);
  const listId = params.get('list_id');
  const segmentId = params.get('segment_id');
  return {
    q: (params.get('q') ?? '').trim().slice(0, AUDIENCE_LIMITS.search),
    status: oneOf(SUBSCRIBER_FILTER_STATUSES, params.get('status')),
    listId: listId && UUID_PATTERN.test(listId) ? listId.toLowerCase() : null,
    segmentId: segmentId && UUID_PATTERN.test(segmentId) ? segmentId.toLowerCase() : null,
    sort: oneOf(SUBSCRIBER_SORTS, params.get('sort')) ?? DEFAULT_FILTERS.sort,
    order: oneOf(['asc', 'desc'] as const, params.get('order')) ?? DEFAULT_FILTERS.order,
  };
}

/** The query string that keeps these filters in the address ('' for the defaults); only what differs is written. */
export function searchFromFilters(filters: SubscriberFilters): string {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.status) params.set('status', filters.status);
  if (filters.listId) params.set('list_id', filters.listId);
  if (filters.segmentId) params.set('segment_id', filters.segmentId);
  if (filters.sort !== DEFAULT_FILTERS.sort || filters.order !== DEFAULT_FILTERS.order) {
    params.set('sort', filters.sort);
    params.set('order', filters.order);
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

/**
 * The API's query for one page. The API refuses keys it does not know, so only its own are sent,
 * and the page size always, since the "Showing X–Y" count is worked out from it.
 */
export function apiQuery(filters: SubscriberFilters, after: string | null): string {
  const params = new URLSearchParams(filterQuery(filters));
  params.set('sort', filters.sort);
  params.set('order', filters.order);
  if (after) params.set('after', after);
  params.set('limit', String(AUDIENCE_LIMITS.pageSize));
  return params.toString();
}

/** Which subscribers the filters match, in the API's names: the body of a bulk action over all of them. */
export function apiFilter(filters: SubscriberFilters): SubscriberFilter {
  return {
    q: filters.q,
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.listId ? { list_id: filters.listId } : {}),
    ...(filters.segmentId ? { segment_id: filters.segmentId } : {}),
  };
}

/**
 * The filters alone as a query string (no order or page), for the CSV export, which answers 400
 * to any other key.
 */
export function filterQuery(filters: SubscriberFilters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(apiFilter(filters))) if (value) params.set(key, value);
  return params.toString();
}

/** Whether anything narrows the table (the order does not). */
export function isFiltered(filters: SubscriberFilters): boolean {
  return filters.q !== '' || filters.status !== null || filters.listId !== null || filters.segmentId !== null;
}

/** A column header's aria-sort. */
export function ariaSort(filters: SubscriberFilters, column: SubscriberSort): 'ascending' | 'descending' | 'none' {
  if (filters.sort !== column) return 'none';
  return filters.order === 'asc' ? 'ascending' : 'descending';
}

/** A click on a column header: the sorted column turns around; another starts A–Z, or newest first for dates. */
export function toggledSort(filters: SubscriberFilters, column: SubscriberSort): Pick<SubscriberFilters, 'sort' | 'order'> {
  if (filters.sort === column) return { sort: column, order: filters.order === 'asc' ? 'desc' : 'asc' };
  // Dates start newest first and engagement most engaged first: what people look for first.
  return { sort: column, order: column === 'created_at' || column === 'engagement' ? 'desc' : 'asc' };
}

/** The orders a phone's sort menu offers, where the table's headers are not shown. */
export const SORT_CHOICES: readonly { sort: SubscriberSort; order: SortOrder; label: string }[] = [
  { sort: 'created_at', order: 'desc', label: 'Newest first' },
  { sort: 'created_at', order: 'asc', label: 'Oldest first' },
  { sort: 'email', order: 'asc', label: 'Email, A to Z' },
  { sort: 'email', order: 'desc', label: 'Email, Z to A' },
  { sort: 'first_name', order: 'asc', label: 'First name, A to Z' },
  { sort: 'first_name', order: 'desc', label: 'First name, Z to A' },
  { sort: 'last_name', order: 'asc', label: 'Last name, A to Z' },
  { sort: 'last_name', order: 'desc', label: 'Last name, Z to A' },
  { sort: 'engagement', order: 'desc', label: 'Most engaged first' },
  { sort: 'engagement', order: 'asc', label: 'Least engaged first' },
];

/** "Showing X–Y of TOTAL": the rows of page `pageIndex` (from 0), numbered from 1. */
export function shownRange(pageIndex: number, rowsOnPage: number, pageSize: number = AUDIENCE_LIMITS.pageSize): { from: number; to: number } {
  if (rowsOnPage === 0) return { from: 0, to: 0 };
  const from = pageIndex * pageSize + 1;
  return { from, to: from + rowsOnPage - 1 };
}

export { listSubscribersPath } from '@postlark/shared/routes';
