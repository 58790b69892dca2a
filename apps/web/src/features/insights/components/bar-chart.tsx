import { type ReactNode, useRef, useState } from 'react';
import { ChartTip, ChartYGrid } from '../../../components/ui/chart-parts';
import { bars, labelEvery, niceScale, xFor } from '../../../lib/chart-scale';
import { useElementWidth } from '../../../lib/use-element-width';

export interface ChartBar {
  key: string;
  /** Under the bar, short ("Nov"). */
  label: string;
  /** In the tip ("Nov 2026"). */
  title: string;
  value: number;
  /** The value as the tip writes it. */
  shown: string;
}

interface BarChartProps {
  bars: readonly ChartBar[];
  /** The y-axis's tick labels. */
  axis(value: number): string;
  /** One sentence for screen readers (the figures are in the table beside it). */
  summary: string;
  tone?: 'brand' | 'accent';
  height?: number;
  /** The same figures as a table, hidden but read by screen readers. */
  table: ReactNode;
}

const PAD = { top: 12, right: 8, bottom: 28, left: 56 };
const X_LABEL_GAP = 48;

/**
 * Bars over evenly spaced slots, drawn at the width the card gives it so the text stays legible
 * on a phone; a tip follows the pointer. Screen readers get the summary and the table.
 */
export function BarChart({ bars: items, axis, summary, tone = 'brand', height = 240, table }: BarChartProps) {
  const plotRef = useRef<HTMLDivElement>(null);
  const width = useElementWidth(plotRef, 640);
  const [active, setActive] = useState<number | null>(null);
  const plotWidth = Math.max(0, width - PAD.left - PAD.right);
  const plotHeight = height - PAD.top - PAD.bottom;
  const scale = niceScale(Math.max(0, ...items.map((item) => item.value)));
  const every = labelEvery(items.length, plotWidth, X_LABEL_GAP);
  const shapes = bars(
    items.map((item) => item.value),
    scale.max,
    plotWidth,
    plotHeight,
    items.length > 16 ? 0.25 : 0.35,
  );
  const shown = active !== null && active < items.length ? active : null;

  function pointAt(clientX: number) {
    const box = plotRef.current?.getBoundingClientRect();
    if (!box || items.length === 0) return;
    const index = Math.floor(((clientX - box.left - PAD.left) / plotWidth) * items.length);
    setActive(index >= 0 && index < items.length ? index : null);
  }

  return (
    <div className={`insights-chart insights-chart--${tone}`}>
      <div ref={plotRef} className="chart-plot" onPointerMove={(event) => pointAt(event.clientX)} onPointerLeave={() => setActive(null)}>
        <svg role="img" aria-label={summary} width={width} height={height} viewBox={`0 0 ${width} ${height}`} className="chart-svg">
          <g transform={`translate(${PAD.left},${PAD.top})`}>
            <ChartYGrid ticks={scale.ticks} max={scale.max} width={plotWidth} height={plotHeight} label={axis} />
            {shapes.map((bar, index) => (
              <rect
                key={items[index]!.key}
                className={`insights-chart__bar${index === shown ? ' insights-chart__bar--active' : ''}`}
                x={bar.x}
                y={bar.y}
                width={bar.width}
                height={bar.height}
                rx={Math.min(4, bar.width / 3)}
              />
            ))}
            <line className="chart-axis" x1={0} x2={plotWidth} y1={plotHeight} y2={plotHeight} />
            {items.map((item, index) =>
              index % every === 0 ? (
                <text key={item.key} className="chart-xlabel" x={xFor(index, items.length, plotWidth)} y={plotHeight + 19} textAnchor="middle">
                  {item.label}
                </text>
              ) : null,
            )}
          </g>
        </svg>
        {shown !== null && (
          <ChartTip left={PAD.left + xFor(shown, items.length, plotWidth)} firstHalf={shown < items.length / 2}>
            <strong>{items[shown]!.title}</strong>
            <span>{items[shown]!.shown}</span>
          </ChartTip>
        )}
      </div>
      {/* In a wrapper: a table grows to fit its rows whatever its own height, so it cannot be the one hidden. */}
      <div className="visually-hidden">{table}</div>
    </div>
  );
}
