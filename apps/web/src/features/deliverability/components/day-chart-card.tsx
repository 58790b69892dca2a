import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';
import type { DayTone } from './day-chart';

interface DayChartCardProps {
  id: string;
  title: string;
  text: string;
  /** The series' names and colours (the chart's summary and the table say the same to screen readers). */
  legend: readonly { label: string; tone: DayTone | 'line-warn' | 'line-bad' }[];
  chart: ReactNode;
  /** The chart's figures day by day: its text equivalent, shown beside it (under it on narrow screens). */
  tableLabel: string;
  table: ReactNode;
}

/** One chart of the last 30 days with its table beside it. */
export function DayChartCard({ id, title, text, legend, chart, tableLabel, table }: DayChartCardProps) {
  return (
    <Card className="day-chart-card" title={title} titleId={id} titleLevel={3} text={text}>
      <div className="day-chart-card__body">
        <figure className="day-chart-card__figure">
          <ul className="day-chart-card__legend" aria-hidden="true">
            {legend.map((key) => (
              <li key={key.label} className={`day-chart-card__key day-chart-card__key--${key.tone}`}>
                {key.label}
              </li>
            ))}
          </ul>
          {chart}
        </figure>
        {/* Focusable, so a keyboard can scroll it; named, so that focus says what it is. */}
        <div className="data-table data-table--compact data-table--framed day-chart-card__table" tabIndex={0} role="region" aria-label={`${tableLabel}, scrollable`}>
          {table}
        </div>
      </div>
    </Card>
  );
}
