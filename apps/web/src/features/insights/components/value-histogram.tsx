import type { ValueBin } from '@postlark/shared/insights-dashboard';
import { binLabel, histogramSummary } from '../insights-charts';
import { formatCount, formatMoney, formatMoneyShort } from '../insights-format';
import { BarChart } from './bar-chart';

/** How many customers are expected to be worth how much over the next 365 days. */
export function ValueHistogram({ bins, currency }: { bins: readonly ValueBin[]; currency: string | null }) {
  const short = (value: number) => formatMoneyShort(value, currency);
  const money = (value: number) => formatMoney(value, currency);
  return (
    <BarChart
      tone="accent"
      height={220}
      bars={bins.map((bin) => ({
        key: String(bin.from),
        label: bin.to === null ? `${short(bin.from)}+` : short(bin.from),
        title: binLabel(bin, money),
        value: bin.customers,
        shown: `${formatCount(bin.customers)} ${bin.customers === 1 ? 'customer' : 'customers'}`,
      }))}
      axis={formatCount}
      summary={histogramSummary(bins, money)}
      table={
        <table>
          <caption>Customers by predicted value over the next 365 days</caption>
          <thead>
            <tr>
              <th scope="col">Predicted value</th>
              <th scope="col">Customers</th>
            </tr>
          </thead>
          <tbody>
            {bins.map((bin) => (
              <tr key={bin.from}>
                <th scope="row">{binLabel(bin, money)}</th>
                <td>{formatCount(bin.customers)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}
