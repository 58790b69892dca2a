import type { ReactNode } from 'react';
import { yFor } from '../../lib/chart-scale';
import './chart.css';

// The pieces the dashboard's SVG charts share (a report's activity, the Insights page's bars):
// the choice of what a chart shows, the y-axis's dashed lines with their labels, and the tip that
// follows the pointer. Each chart draws its own marks.

interface ChartViewsProps<View extends string> {
  views: Readonly<Record<View, string>>;
  value: View;
  onChange(view: View): void;
  /** The group's name for screen readers. */
  label?: string;
}

/** Buttons choosing what the chart (or a list, such as the A/B tests by status) shows; the one shown is pressed. */
export function ChartViews<View extends string>({ views, value, onChange, label = 'Chart shows' }: ChartViewsProps<View>) {
  return (
    <div className="chart-views" role="group" aria-label={label}>
      {(Object.keys(views) as View[]).map((name) => (
        <button key={name} type="button" className="chart-views__option" aria-pressed={value === name} onClick={() => onChange(name)}>
          {views[name]}
        </button>
      ))}
    </div>
  );
}

/** A dashed line at each tick across the plot, its label at the left. */
export function ChartYGrid({ ticks, max, width, height, label }: { ticks: readonly number[]; max: number; width: number; height: number; label(value: number): string }) {
  return ticks.map((tick) => {
    const y = yFor(tick, max, height);
    return (
      <g key={tick} className="chart-grid">
        <line x1={0} x2={width} y1={y} y2={y} />
        <text x={-10} y={y} dy="0.32em" textAnchor="end">
          {label(tick)}
        </text>
      </g>
    );
  });
}

/** The tip beside the slot at `left` px: to its right in the first half of the chart, else to its left. */
export function ChartTip({ left, firstHalf, children }: { left: number; firstHalf: boolean; children: ReactNode }) {
  return (
    <div className="chart-tip" aria-hidden="true" style={{ left, transform: `translateX(${firstHalf ? '8px' : 'calc(-100% - 8px)'})` }}>
      {children}
    </div>
  );
}
