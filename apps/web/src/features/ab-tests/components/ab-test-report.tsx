import { AB_DIMENSION_LABELS, AB_MESSAGES, AB_METRIC_LABELS, type AbInterval, type AbMetric, type AbTestReport, type AbVariantResult } from '@postlark/shared/ab-tests';
import { formatCount, formatDateTime } from '../ab-format';
import { formatInterval, formatMoney, formatRate } from '../ab-test-math';
import { formatMinutes, variantLabel } from '../ab-test-settings';
import { AB_TEXTS } from '../ab-tests-content';
import { AbPanelHead } from './ab-panel-head';
import { AbStatusBadge } from './ab-status-badge';
import { AbDecision } from './ab-test-state';
import { IntervalChart } from '../../../components/ui/interval-chart';
import '../../../components/ui/data-table.css';
import '../../../components/ui/notice.css';
import './ab-tests.css';

const metricInterval = (variant: AbVariantResult, metric: AbMetric): AbInterval | null =>
  metric === 'open_rate' ? variant.open_rate : metric === 'click_rate' ? variant.click_rate : variant.revenue_per_recipient;

/** A campaign report's A/B section: the decision, each variant's rate with its interval (a chart and its table), every figure per variant. */
export function AbTestReportSection({ report }: { report: AbTestReport }) {
  const { settings, variants } = report;
  const metric = settings.metric;
  const currency = variants.find((variant) => variant.currency)?.currency ?? null;
  const format = (value: number) => (metric === 'revenue' ? formatMoney(value, currency) : formatRate(value));
  // Revenue columns only where there is revenue to show (or it is what the test is judged by).
  const revenue = metric === 'revenue' || variants.some((variant) => variant.revenue > 0);
  const won = (index: number) => report.status === 'winner' && report.winner === index;
  const rows = variants.map((variant, index) => ({
    label: variant.label,
    interval: metricInterval(variant, metric),
    tone: won(index) ? ('best' as const) : index === 0 ? ('baseline' as const) : undefined,
  }));
  return (
    <section className="dash-card ab-report" aria-labelledby="ab-report-title">
      <AbPanelHead
        id="ab-report-title"
        title={`A/B test: ${AB_DIMENSION_LABELS[settings.dimension].toLowerCase()}`}
        text={`${variants.length} variants to ${settings.test_share}% of the audience · winner by ${AB_METRIC_LABELS[metric].toLowerCase()} · waits up to ${formatMinutes(settings.wait_minutes)}`}
      >
        <AbStatusBadge status={report.status} />
      </AbPanelHead>
      <AbDecision state={report} />
      {report.machine_open_share !== null && report.machine_open_share > 0 && (
        <p className={report.machine_open_warning ? 'notice notice--error ab-report__machines' : 'ab-report__machines ab-panel__text'} role={report.machine_open_warning ? 'alert' : undefined}>
          {report.machine_open_warning ? AB_MESSAGES.machineOpenWarning(report.machine_open_share) : `${formatRate(report.machine_open_share)} of opens came from mail scanners and privacy proxies; they are left out of the open rate.`}
        </p>
      )}
      <div className="ab-report__compare">
        <figure className="ab-report__figure">
          <IntervalChart rows={rows} percent={metric !== 'revenue'} format={format} title={`${AB_METRIC_LABELS[metric]} of each variant with its 95% interval`} />
          <figcaption className="ab-panel__how">{AB_TEXTS.intervalNote}</figcaption>
        </figure>
        <div className="data-table ab-report__summary">
          <table aria-label={`${AB_METRIC_LABELS[metric]} by variant`}>
            <thead>
              <tr>
                <th scope="col">Variant</th>
                <th scope="col">{AB_METRIC_LABELS[metric]}</th>
                <th scope="col">95% interval</th>
              </tr>
            </thead>
            <tbody>
              {variants.map((variant, index) => {
                const interval = metricInterval(variant, metric);
                return (
                  <tr key={variant.label} className={won(index) ? 'ab-report__winner' : undefined}>
                    <th scope="row">
                      <span className="ab-report__label">{variant.label}</span>
                      <span className="ab-report__value">{variant.value}</span>
                    </th>
                    <td className="ab-report__num">{interval ? format(interval.estimate) : '—'}</td>
                    <td className="ab-report__num">{interval ? `${format(interval.low)}–${format(interval.high)}` : '—'}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </div>
      <div className="data-table ab-report__figures">
        <table aria-label="Each variant’s figures">
          <thead>
            <tr>
              <th scope="col">Variant</th>
              <th scope="col">Recipients</th>
              <th scope="col">Human opens</th>
              <th scope="col">Machine opens</th>
              <th scope="col">Clicks</th>
              {revenue && <th scope="col">Revenue</th>}
              <th scope="col">Open rate</th>
              <th scope="col">Click rate</th>
              {revenue && <th scope="col">Revenue per recipient</th>}
            </tr>
          </thead>
          <tbody>
            {variants.map((variant) => (
              <tr key={variant.label}>
                <th scope="row">{variant.label}</th>
                <td className="ab-report__num">{formatCount(variant.recipients)}</td>
                <td className="ab-report__num">{formatCount(variant.human_opens)}</td>
                <td className="ab-report__num">{formatCount(variant.machine_opens)}</td>
                <td className="ab-report__num">{formatCount(variant.unique_clicks)}</td>
                {revenue && <td className="ab-report__num">{formatMoney(variant.revenue, variant.currency)}</td>}
                <td className="ab-report__num">{formatInterval(variant.open_rate, 'open_rate')}</td>
                <td className="ab-report__num">{formatInterval(variant.click_rate, 'click_rate')}</td>
                {revenue && <td className="ab-report__num">{formatInterval(variant.revenue_per_recipient, 'revenue', variant.currency)}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {report.looks.length > 0 && <AbLooks report={report} />}
    </section>
  );
}

/** The looks the test took, as a strip: how much of the data each saw, and who led. */
function AbLooks({ report }: { report: AbTestReport }) {
  const looks = report.looks;
  const crossed = looks.find((look) => look.boundary_crossed);
  const last = looks[looks.length - 1]!;
  return (
    <div className="ab-looks">
      <h3 className="ab-panel__label">How the test looked</h3>
      <ol className="ab-looks__strip" aria-label={`${looks.length} looks`}>
        {looks.map((look, index) => (
          <li
            key={`${look.at}-${index}`}
            className={`ab-looks__look${look.boundary_crossed ? ' ab-looks__look--crossed' : ''}`}
            title={`${formatDateTime(look.at)}: ${formatRate(look.information)} of the data${look.leader === null ? '' : `, ${variantLabel(look.leader)} ahead`}`}
          >
            <span className="visually-hidden">
              {formatDateTime(look.at)}: {formatRate(look.information)} of the data{look.leader === null ? '' : `, ${variantLabel(look.leader)} ahead`}
              {look.boundary_crossed ? ', clear' : ''}
            </span>
          </li>
        ))}
      </ol>
      <p className="ab-panel__how">
        {looks.length} {looks.length === 1 ? 'look' : 'looks'} from {formatDateTime(looks[0]!.at)}
        {crossed ? `; clear at ${formatDateTime(crossed.at)} with ${formatRate(crossed.information)} of the data` : `; the last, at ${formatDateTime(last.at)}, had seen ${formatRate(last.information)} of the data`}.
      </p>
    </div>
  );
}
