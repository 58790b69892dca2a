import { describe, expect, it } from 'vitest';
import type { InsightsRefresh } from '@postlark/shared/insights';
import { binLabel, daysBetweenOrders, histogramSummary, monthSeries, monthsSummary, nextMonth, refreshProgress, rfmGrid, rfmGroupRows } from './insights-charts';
import { formatMonth } from './insights-format';

const month = (name: string, orders: number, revenue: number) => ({ month: name, orders, revenue, customers: orders });

describe('monthSeries', () => {
  it('fills the months without orders with zeros, up to the as-of month, across a new year', () => {
    const series = monthSeries([month('2025-11', 2, 40), month('2026-02', 1, 10)], '2026-03-15T12:00:00Z');
    expect(series.map((entry) => [entry.month, entry.orders, entry.revenue])).toEqual([
      ['2025-11', 2, 40],
      ['2025-12', 0, 0],
      ['2026-01', 0, 0],
      ['2026-02', 1, 10],
      ['2026-03', 0, 0],
    ]);
  });

  it('keeps only the last months when there are more', () => {
    const series = monthSeries([month('2020-01', 1, 5)], '2026-11-24T00:00:00Z', 24);
    expect(series).toHaveLength(24);
    expect(series[0]!.month).toBe('2024-12');
    expect(series.at(-1)!.month).toBe('2026-11');
  });

  it('is empty without orders', () => {
    expect(monthSeries([], '2026-11-24T00:00:00Z')).toEqual([]);
  });

  it('steps December into January', () => {
    expect(nextMonth('2026-12')).toBe('2027-01');
    expect(nextMonth('2026-09')).toBe('2026-10');
  });

  it('sums up the best month for screen readers', () => {
    const months = [month('2026-09', 1, 30), month('2026-10', 3, 90)];
    expect(monthsSummary(months, 'revenue', (entry) => `€${entry.revenue}`, formatMonth)).toBe('Revenue by month, Sep 2026 to Oct 2026. Highest: Oct 2026, €90.');
  });
});

describe('rfmGrid', () => {
  const cells = [
    { recency: 5, frequency: 5, customers: 10, revenue: 900, group: 'Champions' as const },
    { recency: 1, frequency: 1, customers: 30, revenue: 300, group: 'Hibernating' as const },
  ];

  it('lays the cells out recency 5 to 1 down, frequency 1 to 5 across, empty cells as zeros', () => {
    const grid = rfmGrid(cells);
    expect(grid).toHaveLength(5);
    expect(grid.map((row) => row.map((cell) => `${cell.recency}${cell.frequency}`))).toEqual([
      ['51', '52', '53', '54', '55'],
      ['41', '42', '43', '44', '45'],
      ['31', '32', '33', '34', '35'],
      ['21', '22', '23', '24', '25'],
      ['11', '12', '13', '14', '15'],
    ]);
    expect(grid[0]![4]).toMatchObject({ customers: 10, share: 0.25, intensity: 1 / 3, group: 'Champions' });
    expect(grid[4]![0]).toMatchObject({ customers: 30, share: 0.75, intensity: 1 });
    expect(grid[2]![2]).toMatchObject({ customers: 0, share: 0, intensity: 0, group: null });
  });

  it('lists every group in order, with its share, even the empty ones', () => {
    expect(rfmGroupRows([{ group: 'New', customers: 1, revenue: 20 }, { group: 'Champions', customers: 3, revenue: 300 }])).toEqual([
      { group: 'Champions', customers: 3, revenue: 300, share: 0.75 },
      { group: 'Loyal', customers: 0, revenue: 0, share: 0 },
      { group: 'At risk', customers: 0, revenue: 0, share: 0 },
      { group: 'Hibernating', customers: 0, revenue: 0, share: 0 },
      { group: 'New', customers: 1, revenue: 20, share: 0.25 },
    ]);
  });
});

describe('the value histogram', () => {
  const money = (value: number) => `€${value}`;
  const bins = [
    { from: 0, to: 50, customers: 12 },
    { from: 50, to: 100, customers: 30 },
    { from: 100, to: null, customers: 3 },
  ];

  it('labels a bin by its range, the last open-ended', () => {
    expect(binLabel(bins[0]!, money)).toBe('€0 – €50');
    expect(binLabel(bins[2]!, money)).toBe('€100 or more');
  });

  it('sums it up for screen readers', () => {
    expect(histogramSummary(bins, money)).toBe('45 customers by predicted value over the next 365 days. Most common: €50 – €100, with 30.');
    expect(histogramSummary([], money)).toBe('No predicted values yet.');
  });
});

describe('refreshProgress', () => {
  const refresh = (changes: Partial<InsightsRefresh>): InsightsRefresh => ({
    id: 'r',
    status: 'queued',
    as_of: null,
    requested_at: '2026-11-24T10:00:00Z',
    started_at: null,
    finished_at: null,
    people_total: null,
    people_done: 0,
    error: null,
    model: null,
    ...changes,
  });

  it('says where a refresh is and how full its bar is', () => {
    expect(refreshProgress(refresh({}))).toEqual({ fraction: null, text: 'Queued: the refresh starts in a moment.' });
    expect(refreshProgress(refresh({ status: 'running' })).fraction).toBeNull();
    expect(refreshProgress(refresh({ status: 'running', people_total: 4000, people_done: 1000 }))).toEqual({ fraction: 0.25, text: 'Storing figures: 1,000 of 4,000 customers.' });
    expect(refreshProgress(refresh({ status: 'failed', error: 'It broke.' })).text).toBe('It broke.');
  });
});

describe('daysBetweenOrders', () => {
  it('is the span over the gaps between orders', () => {
    expect(daysBetweenOrders(3, '2026-10-01T00:00:00Z', '2026-10-21T00:00:00Z')).toBe(10);
  });

  it('does not exist for one order or none', () => {
    expect(daysBetweenOrders(1, '2026-10-01T00:00:00Z', '2026-10-01T00:00:00Z')).toBeNull();
    expect(daysBetweenOrders(null, null, null)).toBeNull();
  });
});
