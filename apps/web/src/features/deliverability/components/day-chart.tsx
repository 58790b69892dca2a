import { type ReactNode, useRef, useState } from 'react';
import { ChartTip, ChartYGrid } from '../../../components/ui/chart-parts';
import { bars, labelEvery, xFor, yFor } from '../../../lib/chart-scale';
import { useElementWidth } from '../../../lib/use-element-width';
import { formatDay } from '../../dashboard/home-format';

/** A series' colour; a bar past a reference line takes that line's. */
export type DayTone = 'brand' | 'good' | 'warn' | 'bad';

export interface DaySeries {
  key: string;
  tone: DayTone;
  /** One per date; null where there is nothing to draw (no mail that day). Series stack in order, bottom first. */
  values: readonly (number | null)[];
}

export interface ReferenceLine {
  value: number;
  label: string;
  tone: 'warn' | 'bad';
}

interface DayChartProps {
  dates: readonly string[];
  series: readonly DaySeries[];
  scale: { max: number; ticks: readonly number[] };
  axis(value: number): string;
  /** Horizontal lines across the plot (Gmail's spam-rate target and ceiling). */
  lines?: readonly ReferenceLine[];
  /** One sentence for screen readers; the table beside the chart has the figures. */
  summary: string;
  /** What the tip says of a day. */
  tip(index: number): ReactNode;
}

const HEIGHT = 240;
const PAD = { top: 14, right: 12, bottom: 28, left: 52 };
const X_LABEL_GAP = 56;

/** The highest line a bar's top reaches or passes: the bar then takes its colour. */
function passedLine(lines: readonly ReferenceLine[], value: number): ReferenceLine | undefined {
  return [...lines].sort((a, b) => b.value - a.value).find((line) => value >= line.value && value > 0);
}

/**
 * A bar per UTC day, its series stacked, with optional reference lines; drawn at the width the card
 * gives it, so its text stays legible on a phone, and a tip follows the pointer.
 */
export function DayChart({ dates, series, scale, axis, lines = [], summary, tip }: DayChartProps) {
  const plotRef = useRef<HTMLDivElement>(null);
  const width = useElementWidth(plotRef, 640);
  const [active, setActive] = useState<number | null>(null);
  const plotWidth = Math.max(0, width - PAD.left - PAD.right);
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const every = labelEvery(dates.length, plotWidth, X_LABEL_GAP);
  // The slots' positions and width, the same for every series.
  const slots = bars(
    dates.map(() => 0),
    scale.max,
    plotWidth,
    plotHeight,
    dates.length > 16 ? 0.3 : 0.4,
  );
  const shown = active !== null && active < dates.length ? active : null;

  function pointAt(clientX: number) {
    const box = plotRef.current?.getBoundingClientRect();
    if (!box || dates.length === 0) return;
    const index = Math.floor(((clientX - box.left - PAD.left) / plotWidth) * dates.length);
    setActive(index >= 0 && index < dates.length ? index : null);
  }

  return (
    <div ref={plotRef} className="chart-plot day-chart" onPointerMove={(event) => pointAt(event.clientX)} onPointerLeave={() => setActive(null)}>
      <svg role="img" aria-label={summary} width={width} height={HEIGHT} viewBox={`0 0 ${width} ${HEIGHT}`} className="chart-svg">
        <g transform={`translate(${PAD.left},${PAD.top})`}>
          <ChartYGrid ticks={scale.ticks} max={scale.max} width={plotWidth} height={plotHeight} label={axis} />
          {shown !== null && <rect className="day-chart__hover" x={(shown * plotWidth) / dates.length} y={0} width={plotWidth / dates.length} height={plotHeight} />}
          {slots.map((slot, index) => {
            let base = 0;
            const total = series.reduce((sum, one) => sum + (one.values[index] ?? 0), 0);
            // A single series past a line shows it in the line's colour; stacked ones keep their own.
            const passed = series.length === 1 ? passedLine(lines, total) : undefined;
            return (
              <g key={dates[index]}>
                {series.map((one) => {
                  const value = one.values[index];
                  if (value === null || value === undefined || value <= 0) return null;
                  const top = yFor(base + value, scale.max, plotHeight);
                  const bottom = yFor(base, scale.max, plotHeight);
                  base += value;
                  return (
                    <rect
                      key={one.key}
                      className={`day-chart__bar day-chart__bar--${passed?.tone ?? one.tone}`}
                      x={slot.x}
                      y={top}
                      width={slot.width}
                      height={Math.max(1, bottom - top)}
                      rx={Math.min(3, slot.width / 3)}
                    />
                  );
                })}
              </g>
            );
          })}
          {lines.map((line) => {
            const y = yFor(line.value, scale.max, plotHeight);
            return (
              <g key={line.label} className={`day-chart__line day-chart__line--${line.tone}`}>
                <line x1={0} x2={plotWidth} y1={y} y2={y} />
                {/* At the left: the newest days, at the right, are the ones a reader looks at first. */}
                <text x={4} y={y - 5}>
                  {line.label}
                </text>
              </g>
            );
          })}
          <line className="chart-axis" x1={0} x2={plotWidth} y1={plotHeight} y2={plotHeight} />
          {dates.map((date, index) =>
            (dates.length - 1 - index) % every === 0 ? (
              <text key={date} className="chart-xlabel" x={xFor(index, dates.length, plotWidth)} y={plotHeight + 19} textAnchor="middle">
                {formatDay(date)}
              </text>
            ) : null,
          )}
        </g>
      </svg>
      {shown !== null && (
        <ChartTip left={PAD.left + xFor(shown, dates.length, plotWidth)} firstHalf={shown < dates.length / 2}>
          <strong>{formatDay(dates[shown]!, true)}</strong>
          {tip(shown)}
        </ChartTip>
      )}
    </div>
  );
}
