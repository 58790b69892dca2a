import { describe, expect, it } from 'vitest';
import {
  apiFilter,
  apiQuery,
  ariaSort,
  DEFAULT_FILTERS,
  filterQuery,
  filtersFromSearch,
  isFiltered,
  listSubscribersPath,
  searchFromFilters,
  shownRange,
  toggledSort,
} from './subscriber-query';

const LIST = '0b6f2a3e-52c4-4d0e-9c51-5f1a9b7c1234';
const SEGMENT = '7c1e9d20-3b4a-4f5e-8a6b-2d3c4e5f6a7b';

describe('the subscribers table in the address', () => {
  it('reads the defaults from an empty address and writes nothing for them', () => {
    expect(filtersFromSearch('')).toEqual(DEFAULT_FILTERS);
    expect(searchFromFilters(DEFAULT_FILTERS)).toBe('');
  });

  it('keeps a search, filters and an order through a reload', () => {
    const filters = { q: 'ada lovelace', status: 'unsubscribed', listId: LIST, segmentId: SEGMENT, sort: 'email', order: 'asc' } as const;
    const search = searchFromFilters(filters);
    expect(search).toBe(`?q=ada+lovelace&status=unsubscribed&list_id=${LIST}&segment_id=${SEGMENT}&sort=email&order=asc`);
    expect(filtersFromSearch(search)).toEqual(filters);
  });

  it('writes the order with its column once either differs from newest first', () => {
    expect(searchFromFilters({ ...DEFAULT_FILTERS, order: 'asc' })).toBe('?sort=created_at&order=asc');
    expect(searchFromFilters({ ...DEFAULT_FILTERS, sort: 'last_name' })).toBe('?sort=last_name&order=desc');
  });

  it('drops what it does not understand instead of sending it to the API', () => {
    expect(filtersFromSearch('?status=asleep&list_id=not-a-list&segment_id=nope&sort=age&order=sideways&page=4&q=%20%20')).toEqual(DEFAULT_FILTERS);
  });

  it('trims the search and keeps it within the API limit', () => {
    expect(filtersFromSearch(`?q=${encodeURIComponent('  grace ')}`).q).toBe('grace');
    expect(filtersFromSearch(`?q=${'x'.repeat(300)}`).q).toHaveLength(200);
  });

  it('reads a segment from the address, as the Segments page links to it', () => {
    expect(filtersFromSearch(`?segment_id=${SEGMENT.toUpperCase()}`)).toEqual({ ...DEFAULT_FILTERS, segmentId: SEGMENT });
  });

  it('links a list to the table filtered by it', () => {
    expect(listSubscribersPath(LIST)).toBe(`/dashboard/subscribers?list_id=${LIST}`);
    expect(filtersFromSearch(listSubscribersPath(LIST).split('?')[1] ?? '').listId).toBe(LIST);
  });

  it('knows when anything narrows the table; the order alone does not', () => {
    expect(isFiltered(DEFAULT_FILTERS)).toBe(false);
    expect(isFiltered({ ...DEFAULT_FILTERS, sort: 'email', order: 'asc' })).toBe(false);
    expect(isFiltered({ ...DEFAULT_FILTERS, q: 'a' })).toBe(true);
    expect(isFiltered({ ...DEFAULT_FILTERS, status: 'active' })).toBe(true);
    expect(isFiltered({ ...DEFAULT_FILTERS, listId: LIST })).toBe(true);
    expect(isFiltered({ ...DEFAULT_FILTERS, segmentId: SEGMENT })).toBe(true);
  });
});

describe('the API query', () => {
  it('sends only the keys the API knows, with the order and the page size always', () => {
    expect(apiQuery(DEFAULT_FILTERS, null)).toBe('sort=created_at&order=desc&limit=50');
    const query = new URLSearchParams(apiQuery({ q: 'ada', status: 'active', listId: LIST, segmentId: SEGMENT, sort: 'email', order: 'asc' }, 'abc123'));
    expect([...query.keys()]).toEqual(['q', 'status', 'list_id', 'segment_id', 'sort', 'order', 'after', 'limit']);
    expect(query.get('after')).toBe('abc123');
  });

  it('gives the CSV export and bulk actions the filters alone, never the order or the page', () => {
    const filters = { ...DEFAULT_FILTERS, q: 'ada', listId: LIST, segmentId: SEGMENT, sort: 'email', order: 'asc' } as const;
    expect(filterQuery(filters)).toBe(`q=ada&list_id=${LIST}&segment_id=${SEGMENT}`);
    expect(filterQuery(DEFAULT_FILTERS)).toBe('');
    expect(apiFilter(filters)).toEqual({ q: 'ada', list_id: LIST, segment_id: SEGMENT });
  });
});

describe('sorting by the column headers', () => {
  it('turns the sorted column around, and starts another A to Z (dates newest first)', () => {
    expect(toggledSort(DEFAULT_FILTERS, 'created_at')).toEqual({ sort: 'created_at', order: 'asc' });
    expect(toggledSort(DEFAULT_FILTERS, 'email')).toEqual({ sort: 'email', order: 'asc' });
    expect(toggledSort({ ...DEFAULT_FILTERS, sort: 'email', order: 'asc' }, 'email')).toEqual({ sort: 'email', order: 'desc' });
    expect(toggledSort({ ...DEFAULT_FILTERS, sort: 'email', order: 'asc' }, 'created_at')).toEqual({ sort: 'created_at', order: 'desc' });
  });

  it('tells each header how it sorts', () => {
    const filters = { ...DEFAULT_FILTERS, sort: 'email', order: 'asc' } as const;
    expect(ariaSort(filters, 'email')).toBe('ascending');
    expect(ariaSort({ ...filters, order: 'desc' }, 'email')).toBe('descending');
    expect(ariaSort(filters, 'created_at')).toBe('none');
  });
});

describe('"Showing X–Y of TOTAL"', () => {
  it('numbers the rows of each page from 1', () => {
    expect(shownRange(0, 50)).toEqual({ from: 1, to: 50 });
    expect(shownRange(1, 5)).toEqual({ from: 51, to: 55 });
    expect(shownRange(0, 0)).toEqual({ from: 0, to: 0 });
  });

  it('sorts by engagement, most engaged first on the first click, and keeps it in the address', () => {
    expect(toggledSort(DEFAULT_FILTERS, 'engagement')).toEqual({ sort: 'engagement', order: 'desc' });
    expect(toggledSort({ ...DEFAULT_FILTERS, sort: 'engagement', order: 'desc' }, 'engagement')).toEqual({ sort: 'engagement', order: 'asc' });
    const filters = { ...DEFAULT_FILTERS, sort: 'engagement', order: 'asc' } as const;
    expect(filtersFromSearch(searchFromFilters(filters))).toEqual(filters);
    expect(apiQuery(filters, null)).toContain('sort=engagement&order=asc');
  });
});
