import { useRef, useState } from 'react';
import type { HomeAudienceDay } from '@postlark/shared/dashboard';
import { ChartTip, ChartYGrid } from '../../../components/ui/chart-parts';
import { labelEvery, niceScale, xFor, yFor } from '../../../lib/chart-scale';
import { useElementWidth } from '../../../lib/use-element-width';
import { formatCompact, formatCount, formatDay } from '../home-format';

const HEIGHT = 220;
const PAD = { top: 12, right: 12, bottom: 28, left: 52 };
const X_LABEL_GAP = 64;

/**
 * The y-axis: from 0 while the audience is small against its changes; from a round floor below
 * the smallest size when it is large, so a 100k audience's growth of a few percent still shows.
 */
export function audienceAxis(sizes: readonly number[]): { min: number; max: number; ticks: number[] } {
  const high = Math.max(0, ...sizes);
  const low = Math.min(high, ...sizes);
  if (low < high * 0.5 || high - low === 0) {
    const scale = niceScale(high);
    return { min: 0, max: scale.max, ticks: scale.ticks };
  }
  const span = niceScale(high - low);
  const min = Math.floor(low / span.step) * span.step - span.step;
  const top = Math.ceil(high / span.step) * span.step;
  const ticks: number[] = [];
  for (let tick = min; tick <= top; tick += span.step) ticks.push(tick);
  return { min, max: top, ticks };
}

/** The audience at the end of each day: an area under its line, a tip following the pointer. */
export function HomeAudienceChart({ days, summary }: { days: readonly HomeAudienceDay[]; summary: string }) {
  const plotRef = useRef<HTMLDivElement>(null);
  const width = useElementWidth(plotRef, 640);
  const [active, setActive] = useState<number | null>(null);
  const plotWidth = Math.max(0, width - PAD.left - PAD.right);
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const axis = audienceAxis(days.map((day) => day.size));
  const range = axis.max - axis.min;
  const x = (index: number) => xFor(index, days.length, plotWidth);
  const y = (value: number) => yFor(value - axis.min, range, plotHeight);
  const line = days.map((day, index) => `${index === 0 ? 'M' : 'L'}${x(index).toFixed(1)},${y(day.size).toFixed(1)}`).join(' ');
  const area = days.length > 0 ? `${line} L${x(days.length - 1).toFixed(1)},${plotHeight} L${x(0).toFixed(1)},${plotHeight} Z` : '';
  const every = labelEvery(days.length, plotWidth, X_LABEL_GAP);
  const shown = active !== null && active < days.length ? active : null;

  function pointAt(clientX: number) {
    const box = plotRef.current?.getBoundingClientRect();
    if (!box || days.length === 0) return;
    const index = Math.floor(((clientX - box.left - PAD.left) / plotWidth) * days.length);
    setActive(index >= 0 && index < days.length ? index : null);
  }

  return (
    <div ref={plotRef} className="chart-plot home-chart" onPointerMove={(event) => pointAt(event.clientX)} onPointerLeave={() => setActive(null)}>
      <svg role="img" aria-label={summary} width={width} height={HEIGHT} viewBox={`0 0 ${width} ${HEIGHT}`} className="chart-svg">
        <defs>
          <linearGradient id="home-chart-fill" x1="0" x2="0" y1="0" y2="1">
            <stop offset="0%" stopColor="var(--color-primary)" stopOpacity="0.22" />
            <stop offset="100%" stopColor="var(--color-primary)" stopOpacity="0.02" />
          </linearGradient>
        </defs>
        <g transform={`translate(${PAD.left},${PAD.top})`}>
          <ChartYGrid ticks={axis.ticks.map((tick) => tick - axis.min)} max={range} width={plotWidth} height={plotHeight} label={(value) => formatCompact(value + axis.min)} />
          <path className="home-chart__area" d={area} />
          <path className="home-chart__line" d={line} />
          {shown !== null && (
            <>
              <line className="home-chart__cursor" x1={x(shown)} x2={x(shown)} y1={0} y2={plotHeight} />
              <circle className="home-chart__dot" cx={x(shown)} cy={y(days[shown]!.size)} r={4.5} />
            </>
          )}
          <line className="chart-axis" x1={0} x2={plotWidth} y1={plotHeight} y2={plotHeight} />
          {days.map((day, index) =>
            (days.length - 1 - index) % every === 0 ? (
              <text key={day.date} className="chart-xlabel" x={x(index)} y={plotHeight + 19} textAnchor="middle">
                {formatDay(day.date)}
              </text>
            ) : null,
          )}
        </g>
      </svg>
      {shown !== null && (
        <ChartTip left={PAD.left + x(shown)} firstHalf={shown < days.length / 2}>
          <strong>{formatDay(days[shown]!.date, true)}</strong>
          <span>{formatCount(days[shown]!.size)} subscribers</span>
          <span>
            +{formatCount(days[shown]!.joined)} joined · −{formatCount(days[shown]!.left)} left
          </span>
        </ChartTip>
      )}
    </div>
  );
}
