import type { CampaignReceiverReports } from '@postlark/shared/campaign-reports';
import { Card } from '../../../components/ui/card';
import { formatCount, formatDateTime } from '../report-format';
import { RECEIVER_OUTCOME_LABELS, REPORTS_TEXTS } from '../reports-content';
import '../../../components/ui/data-table.css';
import './reports.css';

/**
 * "What receivers said" (issue 32): the reports the readers' mail servers sent back, by what they
 * say, and the latest in their own words, so a customer sees why mail did not arrive.
 */
export function ReportReceivers({ receivers }: { receivers: CampaignReceiverReports | undefined }) {
  if (!receivers || receivers.latest.length === 0) return null;
  const outcomes = Object.keys(RECEIVER_OUTCOME_LABELS) as (keyof CampaignReceiverReports['counts'])[];
  return (
    <Card className="report-card" title="What receivers said" titleId="report-receivers-title" text={REPORTS_TEXTS.receiversLead}>
      <dl className="report-receivers__counts">
        {outcomes.map((outcome) => (
          <div key={outcome}>
            <dt>{RECEIVER_OUTCOME_LABELS[outcome]}</dt>
            <dd>{formatCount(receivers.counts[outcome])}</dd>
          </div>
        ))}
      </dl>
      <div className="data-table report-links report-receivers" tabIndex={0} role="region" aria-label="Latest reports from receivers, scrollable">
        <table aria-labelledby="report-receivers-title">
          <thead>
            <tr>
              <th scope="col">Received</th>
              <th scope="col">Reader</th>
              <th scope="col">What it means</th>
              <th scope="col">Status</th>
              <th scope="col">The receiver’s words</th>
            </tr>
          </thead>
          <tbody>
            {receivers.latest.map((report) => (
              <tr key={`${report.received_at}-${report.email}-${report.status ?? ''}`}>
                <td>{formatDateTime(report.received_at)}</td>
                <td>{report.email}</td>
                <td>{RECEIVER_OUTCOME_LABELS[report.outcome]}</td>
                <td>{report.status ?? '—'}</td>
                <td className="report-receivers__words">{report.diagnostic}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
