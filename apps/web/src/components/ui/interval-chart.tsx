import { useRef } from "react";
import type { AbInterval } from "@postlark/shared/ab-tests";
import { niceScale } from "../../lib/chart-scale";
import { useElementWidth } from "../../lib/use-element-width";
import "./chart.css";
import "./interval-chart.css";

export interface IntervalRow {
  label: string;
  interval: AbInterval | null;
  /** baseline: what the others are compared with (grey); best: the one that won (green). */
  tone?: "baseline" | "best";
}

const LEFT = 44;
const RIGHT = 24;
const ROW = 54;
const BAR = 20;
const AXIS = 28;

/**
 * Each row's rate as a bar (an A/B test's variants, send-time optimisation's groups), its 95% interval as a whisker over it: where whiskers overlap, the
 * data cannot tell those variants apart. Rates are drawn in points (whole percent ticks); `format`
 * writes the values. The table beside it carries the same numbers for reading.
 */
export function IntervalChart({
  rows,
  percent,
  format,
  title,
  labelWidth = LEFT,
}: {
  rows: readonly IntervalRow[];
  percent: boolean;
  format(value: number): string;
  title: string;
  /** Room for the row labels on the left (A/B's single letters need little). */
  labelWidth?: number;
}) {
  // Drawn at the width it has, so its words keep their size on a phone.
  const plotRef = useRef<HTMLDivElement>(null);
  const width = useElementWidth(plotRef, 560);
  const top = Math.max(0, ...rows.map((row) => row.interval?.high ?? 0));
  const scale = percent
    ? niceScale(Math.max(1, Math.ceil(top * 100)), 4)
    : niceScale(top, 4);
  const max = percent ? scale.max / 100 : scale.max;
  const ticks = scale.ticks.map((tick) => (percent ? tick / 100 : tick));
  const left = labelWidth;
  const plot = width - left - RIGHT;
  // A tick label every other tick where they would crowd.
  const labelEvery = plot / Math.max(1, ticks.length - 1) < 56 ? 2 : 1;
  const x = (value: number) =>
    left + (Math.min(Math.max(value, 0), max) / (max || 1)) * plot;
  const height = rows.length * ROW + AXIS;
  return (
    <div ref={plotRef} className="chart-plot">
      <svg
        className="chart-svg interval-chart"
        width={width}
        height={height}
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={title}
      >
        {ticks.map((tick, index) => (
          <g key={tick} className="chart-grid">
            <line x1={x(tick)} x2={x(tick)} y1={0} y2={rows.length * ROW} />
            {index % labelEvery === 0 && (
              <text x={x(tick)} y={rows.length * ROW + 18} textAnchor="middle">
                {format(tick)}
              </text>
            )}
          </g>
        ))}
        {rows.map((row, index) => {
          const middle = index * ROW + ROW / 2;
          const interval = row.interval;
          return (
            <g
              key={row.label}
              className={`interval-chart__row${row.tone ? ` interval-chart__row--${row.tone}` : ""}`}
            >
              <text
                className="interval-chart__label"
                x={left - 14}
                y={middle}
                dy="0.35em"
                textAnchor="end"
              >
                {row.label}
              </text>
              {interval ? (
                <>
                  <rect
                    className="interval-chart__bar"
                    x={left}
                    y={middle - BAR / 2}
                    width={Math.max(1, x(interval.estimate) - left)}
                    height={BAR}
                    rx={4}
                  />
                  <line
                    className="interval-chart__whisker"
                    x1={x(interval.low)}
                    x2={x(interval.high)}
                    y1={middle}
                    y2={middle}
                  />
                  <line
                    className="interval-chart__whisker"
                    x1={x(interval.low)}
                    x2={x(interval.low)}
                    y1={middle - 9}
                    y2={middle + 9}
                  />
                  <line
                    className="interval-chart__whisker"
                    x1={x(interval.high)}
                    x2={x(interval.high)}
                    y1={middle - 9}
                    y2={middle + 9}
                  />
                  <circle
                    className="interval-chart__dot"
                    cx={x(interval.estimate)}
                    cy={middle}
                    r={4}
                  />
                </>
              ) : (
                <text
                  className="interval-chart__none"
                  x={left}
                  y={middle}
                  dy="0.35em"
                >
                  No data yet
                </text>
              )}
            </g>
          );
        })}
      </svg>
    </div>
  );
}
