import { useState } from 'react';
import type { InsightsMonth } from '@postlark/shared/insights-dashboard';
import { ChartViews } from '../../../components/ui/chart-parts';
import { monthsSummary } from '../insights-charts';
import { formatCount, formatMoney, formatMoneyShort, formatMonth } from '../insights-format';
import { BarChart } from './bar-chart';
import { CardHead } from '../../../components/ui/card';

type Series = 'revenue' | 'orders';
const SERIES_LABELS: Record<Series, string> = { revenue: 'Revenue', orders: 'Orders' };

/** Revenue (or orders) per calendar month, the last two years at most, with the figures as a table. */
export function MonthChart({ months, currency }: { months: readonly InsightsMonth[]; currency: string | null }) {
  const [series, setSeries] = useState<Series>('revenue');
  const money = (value: number) => formatMoney(value, currency);
  const valueOf = (month: InsightsMonth) => (series === 'revenue' ? money(month.revenue) : `${formatCount(month.orders)} orders`);
  const spansYears = months.length > 0 && months[0]!.month.slice(0, 4) !== months.at(-1)!.month.slice(0, 4);

  return (
    <section className="dash-card insights-card insights-card--wide" aria-labelledby="insights-months-title">
      <CardHead
        title="Revenue and orders by month"
        titleId="insights-months-title"
        text="Calendar months (UTC), up to the as-of date."
        actions={<ChartViews<Series> views={SERIES_LABELS} value={series} onChange={setSeries} />}
      />
      <BarChart
        tone={series === 'revenue' ? 'brand' : 'accent'}
        bars={months.map((month) => ({
          key: month.month,
          label: spansYears && month.month.endsWith('-01') ? formatMonth(month.month) : formatMonth(month.month, false),
          title: formatMonth(month.month),
          value: month[series],
          shown: `${money(month.revenue)} · ${formatCount(month.orders)} ${month.orders === 1 ? 'order' : 'orders'}`,
        }))}
        axis={(value) => (series === 'revenue' ? formatMoneyShort(value, currency) : formatCount(value))}
        summary={monthsSummary(months, series, valueOf, formatMonth)}
        table={
          <table>
            <caption>Revenue and orders by month</caption>
            <thead>
              <tr>
                <th scope="col">Month</th>
                <th scope="col">Revenue</th>
                <th scope="col">Orders</th>
                <th scope="col">Customers</th>
              </tr>
            </thead>
            <tbody>
              {months.map((month) => (
                <tr key={month.month}>
                  <th scope="row">{formatMonth(month.month)}</th>
                  <td>{money(month.revenue)}</td>
                  <td>{formatCount(month.orders)}</td>
                  <td>{formatCount(month.customers)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      />
    </section>
  );
}
