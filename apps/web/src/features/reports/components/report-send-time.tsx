import type { AbInterval } from '@postlark/shared/ab-tests';
import { STO_MESSAGES, type StoGroupName, type StoReport } from '@postlark/shared/send-time-optimisation';
import { Card } from '../../../components/ui/card';
import { IntervalChart } from '../../../components/ui/interval-chart';
import { formatCount, formatRate, NO_VALUE } from '../report-format';
import '../../../components/ui/data-table.css';
import './report-send-time.css';

// Best time first, the holdout (what it is measured against) last, as the chart draws them.
const GROUPS: readonly StoGroupName[] = ['optimised', 'explore', 'holdout'];

const interval = (value: AbInterval | null) => (value ? `${formatRate(value.low)}–${formatRate(value.high)}` : NO_VALUE);

/** A difference of rates in percentage points, signed: 0.042 → "+4.2 points". */
export function formatPoints(value: number): string {
  const points = Math.round(value * 1000) / 10;
  return `${points > 0 ? '+' : points < 0 ? '−' : ''}${Math.abs(points).toFixed(1)} points`;
}

function liftText(label: string, lift: AbInterval | null): string {
  if (!lift) return `${label}: ${NO_VALUE}`;
  return `${label}: ${formatPoints(lift.estimate)} (95% interval ${formatPoints(lift.low)} to ${formatPoints(lift.high)})`;
}

/** A campaign report's send-time section: each group's human open rate with its interval (a chart and its table), and the measured lift. */
export function ReportSendTime({ report }: { report: StoReport }) {
  const { settings } = report;
  const rows = GROUPS.map((name) => ({
    label: STO_MESSAGES.groupLabels[name].split(' ')[0]!,
    interval: report[name].human_open_rate,
    tone: name === 'holdout' ? ('baseline' as const) : name === 'optimised' ? ('best' as const) : undefined,
  }));
  return (
    <Card
      className="report-card report-send-time"
      title={STO_MESSAGES.reportTitle}
      titleId="report-send-time-title"
      text={
        <>
          {`Within ${settings.window_hours} hours of the start · ${settings.explore_percent}% at random times · ${settings.holdout_percent}% held out at the start. `}
          {STO_MESSAGES.reportIntro}
        </>
      }
    >
      {report.maturing > 0 && <p className="report-card__lead">{STO_MESSAGES.maturing(report.maturing)}</p>}
      <div className="report-send-time__compare">
        <figure className="report-send-time__figure">
          <IntervalChart rows={rows} percent labelWidth={84} format={formatRate} title="Human open rate of each group with its 95% interval" />
          <figcaption className="report-card__lead">Bars are human open rates; whiskers their 95% intervals. Where whiskers overlap, the groups cannot yet be told apart.</figcaption>
        </figure>
        <div className="data-table report-send-time__table">
          <table aria-label="Send-time groups">
            <thead>
              <tr>
                <th scope="col">Group</th>
                <th scope="col">Sent</th>
                <th scope="col">Human open rate</th>
                <th scope="col">Click rate</th>
              </tr>
            </thead>
            <tbody>
              {GROUPS.map((name) => {
                const group = report[name];
                return (
                  <tr key={name}>
                    <th scope="row">{STO_MESSAGES.groupLabels[name]}</th>
                    <td className="report-send-time__num">
                      {formatCount(group.sent)}
                      <span className="report-send-time__of"> of {formatCount(group.recipients)}</span>
                    </td>
                    <td className="report-send-time__num">
                      {formatRate(group.human_open_rate?.estimate ?? null)}
                      <span className="report-send-time__range">{interval(group.human_open_rate)}</span>
                    </td>
                    <td className="report-send-time__num">
                      {formatRate(group.click_rate?.estimate ?? null)}
                      <span className="report-send-time__range">{interval(group.click_rate)}</span>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </div>
      <div className="report-send-time__lift">
        <h3 className="report-send-time__lift-title">{STO_MESSAGES.liftLabel}</h3>
        {report.holdout.recipients === 0 ? (
          <p className="report-card__lead">{STO_MESSAGES.noHoldout}</p>
        ) : (
          <ul>
            <li>{liftText('Human open rate', report.lift.human_open_rate)}</li>
            <li>{liftText('Click rate', report.lift.click_rate)}</li>
          </ul>
        )}
      </div>
    </Card>
  );
}
