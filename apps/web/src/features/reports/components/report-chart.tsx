import { useMemo, useRef, useState } from 'react';
import type { CampaignReportPoint } from '@postlark/shared/campaign-reports';
import { ChartTip, ChartViews, ChartYGrid } from '../../../components/ui/chart-parts';
import { bars, labelEvery, linePath, niceScale, xFor, yFor } from '../../../lib/chart-scale';
import { bucketTimeline, chartSummary, type ChartSeries } from '../chart-scale';
import { formatCount, formatHour } from '../report-format';
import { useElementWidth } from '../../../lib/use-element-width';
import { Card } from '../../../components/ui/card';
import { EmptyNote } from '../../../components/ui/page-state';
import './reports.css';
import './report-chart.css';

type View = 'engagement' | 'sending';

const VIEWS: Record<View, { label: string; series: ChartSeries[] }> = {
  engagement: { label: 'Opens and clicks', series: ['opens', 'clicks'] },
  sending: { label: 'Sent', series: ['sent'] },
};
const VIEW_LABELS: Record<View, string> = { engagement: VIEWS.engagement.label, sending: VIEWS.sending.label };
const SERIES_NAMES: Record<ChartSeries, string> = { sent: 'Sent', opens: 'Opens', clicks: 'Clicks' };

const HEIGHT = 260;
const PAD = { top: 14, right: 12, bottom: 30, left: 48 };
const X_LABEL_GAP = 92;

const compact = new Intl.NumberFormat('en-GB', { notation: 'compact', maximumFractionDigits: 1 });

/**
 * The campaign over time: messages sent (bars), or opens and clicks (lines), per hour or, for a long
 * timeline, per few hours. Drawn at the width it is given, so its text stays legible on a phone.
 * Screen readers get a summary on the drawing and the figures in a table.
 */
export function ReportChart({ timeline, tracking }: { timeline: readonly CampaignReportPoint[]; tracking: boolean }) {
  const plotRef = useRef<HTMLDivElement>(null);
  const width = useElementWidth(plotRef, 720);
  const [chosen, setChosen] = useState<View>('engagement');
  const [active, setActive] = useState<number | null>(null);
  const view: View = tracking ? chosen : 'sending';
  const { series } = VIEWS[view];
  const { hours, buckets } = useMemo(() => bucketTimeline(timeline), [timeline]);

  const plotWidth = Math.max(0, width - PAD.left - PAD.right);
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const scale = niceScale(Math.max(0, ...buckets.flatMap((bucket) => series.map((name) => bucket[name]))));
  const every = labelEvery(buckets.length, plotWidth, X_LABEL_GAP);
  const summary = `${VIEWS[view].label} ${hours === 1 ? 'per hour' : `per ${hours} hours`}: ${chartSummary(buckets, hours, series, formatHour)}`;
  const shown = active !== null && active < buckets.length ? active : null;
  const period = hours === 1 ? 'Hour' : `${hours} hours`;

  function pointAt(clientX: number) {
    const box = plotRef.current?.getBoundingClientRect();
    if (!box || buckets.length === 0) return;
    const index = Math.floor(((clientX - box.left - PAD.left) / plotWidth) * buckets.length);
    setActive(index >= 0 && index < buckets.length ? index : null);
  }

  return (
    <Card
      className="report-card report-chart"
      title="Activity over time"
      titleId="report-chart-title"
      text={hours === 1 ? 'Per hour, in your time zone.' : `Per ${hours} hours, in your time zone.`}
      actions={tracking && <ChartViews<View> views={VIEW_LABELS} value={view} onChange={setChosen} />}
    >
      <ul className="report-chart__legend" aria-hidden="true">
        {series.map((name) => (
          <li key={name} className={`report-chart__key report-chart__key--${name}`}>
            {SERIES_NAMES[name]}
          </li>
        ))}
      </ul>
      <div ref={plotRef} className="chart-plot" onPointerMove={(event) => pointAt(event.clientX)} onPointerLeave={() => setActive(null)}>
        {buckets.length === 0 ? (
          <EmptyNote>Nothing recorded yet. The chart fills in as messages go out.</EmptyNote>
        ) : (
          <svg role="img" aria-label={summary} width={width} height={HEIGHT} viewBox={`0 0 ${width} ${HEIGHT}`} className="chart-svg">
            <g transform={`translate(${PAD.left},${PAD.top})`}>
              <ChartYGrid ticks={scale.ticks} max={scale.max} width={plotWidth} height={plotHeight} label={(tick) => compact.format(tick)} />
              {shown !== null && (
                <rect className="report-chart__hover" x={(shown * plotWidth) / buckets.length} y={0} width={plotWidth / buckets.length} height={plotHeight} />
              )}
              {view === 'sending'
                ? bars(
                    buckets.map((bucket) => bucket.sent),
                    scale.max,
                    plotWidth,
                    plotHeight,
                  ).map((bar, index) => <rect key={index} className="report-chart__bar" x={bar.x} y={bar.y} width={bar.width} height={bar.height} rx={Math.min(4, bar.width / 3)} />)
                : series.map((name) => {
                    const values = buckets.map((bucket) => bucket[name]);
                    const line = linePath(values, scale.max, plotWidth, plotHeight);
                    const first = xFor(0, values.length, plotWidth);
                    const last = xFor(values.length - 1, values.length, plotWidth);
                    return (
                      <g key={name} className={`report-chart__series report-chart__series--${name}`}>
                        <path className="report-chart__area" d={`${line} L${last},${plotHeight} L${first},${plotHeight} Z`} />
                        <path className="report-chart__line" d={line} />
                        {values.map((value, index) =>
                          values.length <= 24 || index === shown ? (
                            <circle key={index} cx={xFor(index, values.length, plotWidth)} cy={yFor(value, scale.max, plotHeight)} r={index === shown ? 4.5 : 3} />
                          ) : null,
                        )}
                      </g>
                    );
                  })}
              <line className="chart-axis" x1={0} x2={plotWidth} y1={plotHeight} y2={plotHeight} />
              {buckets.map((bucket, index) =>
                index % every === 0 ? (
                  <text key={bucket.start} className="chart-xlabel" x={xFor(index, buckets.length, plotWidth)} y={plotHeight + 20} textAnchor="middle">
                    {formatHour(bucket.start)}
                  </text>
                ) : null,
              )}
            </g>
          </svg>
        )}
        {shown !== null && (
          <ChartTip left={PAD.left + xFor(shown, buckets.length, plotWidth)} firstHalf={shown < buckets.length / 2}>
            <strong>{formatHour(buckets[shown]!.start)}</strong>
            {series.map((name) => (
              <span key={name} className={`report-chart__key report-chart__key--${name}`}>
                {SERIES_NAMES[name]}: {formatCount(buckets[shown]![name])}
              </span>
            ))}
          </ChartTip>
        )}
      </div>
      {/* In a wrapper: a table grows to fit its rows whatever its own height, so it cannot be the one hidden. */}
      <div className="visually-hidden">
        <table>
        <caption>Activity over time, {hours === 1 ? 'per hour' : `per ${hours} hours`}</caption>
        <thead>
          <tr>
            <th scope="col">{period} starting</th>
            <th scope="col">Sent</th>
            {tracking && <th scope="col">Opens</th>}
            {tracking && <th scope="col">Clicks</th>}
          </tr>
        </thead>
        <tbody>
          {buckets.map((bucket) => (
            <tr key={bucket.start}>
              <th scope="row">{formatHour(bucket.start)}</th>
              <td>{formatCount(bucket.sent)}</td>
              {tracking && <td>{formatCount(bucket.opens)}</td>}
              {tracking && <td>{formatCount(bucket.clicks)}</td>}
            </tr>
          ))}
        </tbody>
        </table>
      </div>
    </Card>
  );
}
