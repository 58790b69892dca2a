import { GMAIL_SPAM_RATE_LINES } from '@postlark/shared/deliverability';
import { niceScale } from '../../../lib/chart-scale';
import { formatCount, formatDay } from '../../dashboard/home-format';
import { axisPercent, type DayFigures, peakDay, rateScale, rateText } from '../deliverability-charts';
import { DELIVERABILITY_PAGE_TEXTS as TEXTS } from '../deliverability-content';
import { DayChart, type ReferenceLine } from './day-chart';
import { DayChartCard } from './day-chart-card';

// The three charts of the last 30 days for one provider (or all): the spam complaint rate against
// Gmail's lines, the bounce rates, and what was delivered. Each has its table of the same figures.

interface ChartProps {
  days: readonly DayFigures[];
  /** The provider shown, as the filter names it ("Gmail", "All providers"). */
  provider: string;
}

/** A count with its share of the day's sent under it: two figures in one narrow column. */
function CountAndRate({ count, rate }: { count: number; rate: number | null }) {
  return (
    <>
      {formatCount(count)}
      {/* Read as "3 (43%)": the brackets are for the ear, the line break for the eye. */}
      <span className="day-chart-card__rate">
        <span className="visually-hidden"> (</span>
        {rateText(rate)}
        <span className="visually-hidden">)</span>
      </span>
    </>
  );
}

// Newest first, as Home's table; without the year: the 30 days are plain from their order, and four columns then fit a phone.
const newestFirst = (days: readonly DayFigures[]) => [...days].reverse();

function summaryOf(chart: string, provider: string, days: readonly DayFigures[], value: (day: DayFigures) => number | null, format: (value: number) => string, extra = '') {
  const peak = peakDay(days, value);
  const said = peak && peak.value > 0 ? TEXTS.peak(format(peak.value), formatDay(peak.date, true)) : TEXTS.noPeak;
  return TEXTS.chartSummary(chart, provider, extra ? `${said}; ${extra}` : said);
}

const GMAIL_LINES: readonly ReferenceLine[] = [
  { value: GMAIL_SPAM_RATE_LINES.target, label: TEXTS.gmailTarget(axisPercent(GMAIL_SPAM_RATE_LINES.target)), tone: 'warn' },
  { value: GMAIL_SPAM_RATE_LINES.ceiling, label: TEXTS.gmailCeiling(axisPercent(GMAIL_SPAM_RATE_LINES.ceiling)), tone: 'bad' },
];

export function ComplaintChart({ days, provider }: ChartProps) {
  const dates = days.map((day) => day.date);
  const highest = Math.max(0, ...days.map((day) => day.complaintRate ?? 0));
  const label = TEXTS.tableLabel(TEXTS.complaintTitle, provider);
  return (
    <DayChartCard
      id="deliverability-complaints-title"
      title={TEXTS.complaintTitle}
      text={TEXTS.complaintText(axisPercent(GMAIL_SPAM_RATE_LINES.target), axisPercent(GMAIL_SPAM_RATE_LINES.ceiling))}
      legend={[
        { label: TEXTS.complaintTitle, tone: 'brand' },
        { label: GMAIL_LINES[0]!.label, tone: 'line-warn' },
        { label: GMAIL_LINES[1]!.label, tone: 'line-bad' },
      ]}
      chart={
        <DayChart
          dates={dates}
          series={[{ key: 'complaints', tone: 'brand', values: days.map((day) => day.complaintRate) }]}
          scale={rateScale(highest, GMAIL_SPAM_RATE_LINES.ceiling)}
          axis={axisPercent}
          lines={GMAIL_LINES}
          summary={summaryOf(TEXTS.complaintTitle, provider, days, (day) => day.complaintRate, rateText, TEXTS.lines(axisPercent(GMAIL_SPAM_RATE_LINES.target), axisPercent(GMAIL_SPAM_RATE_LINES.ceiling)))}
          tip={(index) => (
            <>
              <span>{TEXTS.rate}: {rateText(days[index]!.complaintRate)}</span>
              <span>{TEXTS.complaintsOfSent(formatCount(days[index]!.complaints), formatCount(days[index]!.sent))}</span>
            </>
          )}
        />
      }
      tableLabel={label}
      table={
        <table>
          <caption className="visually-hidden">{label}</caption>
          <thead>
            <tr>
              <th scope="col">{TEXTS.day}</th>
              <th scope="col" className="data-table__num">{TEXTS.sent}</th>
              <th scope="col" className="data-table__num">{TEXTS.complaintsColumn}</th>
              <th scope="col" className="data-table__num">{TEXTS.rate}</th>
            </tr>
          </thead>
          <tbody>
            {newestFirst(days).map((day) => (
              <tr key={day.date}>
                <th scope="row">{formatDay(day.date)}</th>
                <td className="data-table__num">{formatCount(day.sent)}</td>
                <td className="data-table__num">{formatCount(day.complaints)}</td>
                <td className="data-table__num">{rateText(day.complaintRate)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}

export function BounceChart({ days, provider }: ChartProps) {
  const highest = Math.max(0, ...days.map((day) => (day.hardRate ?? 0) + (day.softRate ?? 0)));
  const label = TEXTS.tableLabel(TEXTS.bounceTitle, provider);
  const total = (day: DayFigures) => (day.hardRate === null ? null : day.hardRate + (day.softRate ?? 0));
  return (
    <DayChartCard
      id="deliverability-bounces-title"
      title={TEXTS.bounceTitle}
      text={TEXTS.bounceText}
      legend={[
        { label: TEXTS.hard, tone: 'bad' },
        { label: TEXTS.soft, tone: 'warn' },
      ]}
      chart={
        <DayChart
          dates={days.map((day) => day.date)}
          series={[
            { key: 'hard', tone: 'bad', values: days.map((day) => day.hardRate) },
            { key: 'soft', tone: 'warn', values: days.map((day) => day.softRate) },
          ]}
          scale={rateScale(highest)}
          axis={axisPercent}
          summary={summaryOf(TEXTS.bounceTitle, provider, days, total, rateText)}
          tip={(index) => (
            <>
              <span>{TEXTS.hard}: {formatCount(days[index]!.hard)} ({rateText(days[index]!.hardRate)})</span>
              <span>{TEXTS.soft}: {formatCount(days[index]!.soft)} ({rateText(days[index]!.softRate)})</span>
            </>
          )}
        />
      }
      tableLabel={label}
      table={
        <table>
          <caption className="visually-hidden">{label}</caption>
          <thead>
            <tr>
              <th scope="col">{TEXTS.day}</th>
              <th scope="col" className="data-table__num">{TEXTS.sent}</th>
              <th scope="col" className="data-table__num">{TEXTS.hard}</th>
              <th scope="col" className="data-table__num">{TEXTS.soft}</th>
            </tr>
          </thead>
          <tbody>
            {newestFirst(days).map((day) => (
              <tr key={day.date}>
                <th scope="row">{formatDay(day.date)}</th>
                <td className="data-table__num">{formatCount(day.sent)}</td>
                <td className="data-table__num">
                  <CountAndRate count={day.hard} rate={day.hardRate} />
                </td>
                <td className="data-table__num">
                  <CountAndRate count={day.soft} rate={day.softRate} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}

export function DeliveredChart({ days, provider }: ChartProps) {
  const scale = niceScale(Math.max(0, ...days.map((day) => day.delivered)));
  const label = TEXTS.tableLabel(TEXTS.deliveredTitle, provider);
  return (
    <DayChartCard
      id="deliverability-delivered-title"
      title={TEXTS.deliveredTitle}
      text={TEXTS.deliveredText}
      legend={[{ label: TEXTS.delivered, tone: 'good' }]}
      chart={
        <DayChart
          dates={days.map((day) => day.date)}
          series={[{ key: 'delivered', tone: 'good', values: days.map((day) => (day.sent > 0 ? day.delivered : null)) }]}
          scale={scale}
          axis={formatCount}
          summary={summaryOf(TEXTS.deliveredTitle, provider, days, (day) => day.delivered, formatCount)}
          tip={(index) => (
            <>
              <span>{TEXTS.delivered}: {formatCount(days[index]!.delivered)}</span>
              <span>{TEXTS.sent}: {formatCount(days[index]!.sent)}</span>
            </>
          )}
        />
      }
      tableLabel={label}
      table={
        <table>
          <caption className="visually-hidden">{label}</caption>
          <thead>
            <tr>
              <th scope="col">{TEXTS.day}</th>
              <th scope="col" className="data-table__num">{TEXTS.sent}</th>
              <th scope="col" className="data-table__num">{TEXTS.delivered}</th>
              <th scope="col" className="data-table__num">{TEXTS.refusals}</th>
            </tr>
          </thead>
          <tbody>
            {newestFirst(days).map((day) => (
              <tr key={day.date}>
                <th scope="row">{formatDay(day.date)}</th>
                <td className="data-table__num">{formatCount(day.sent)}</td>
                <td className="data-table__num">{formatCount(day.delivered)}</td>
                <td className="data-table__num">{formatCount(day.refusals)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}
