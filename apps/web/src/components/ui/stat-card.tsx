import type { ReactNode } from 'react';
import './stat-card.css';

/** Which colour its stripe takes: the figures that need a look stand out at a glance. */
export type StatTone = 'plain' | 'good' | 'bad' | 'warn' | 'brand' | 'accent';

interface StatCardProps {
  label: string;
  value: string;
  /** One line under the figure: what it means, or the figure it comes from. */
  note?: ReactNode;
  tone?: StatTone;
}

/** One figure of a `<dl>` of them (a report's, the Insights page's): its label, value and note. */
export function StatCard({ label, value, note, tone = 'plain' }: StatCardProps) {
  return (
    <div className={`stat-card stat-card--${tone}`}>
      <dt className="stat-card__label">{label}</dt>
      <dd className="stat-card__value">{value}</dd>
      {note && <dd className="stat-card__note">{note}</dd>}
    </div>
  );
}
