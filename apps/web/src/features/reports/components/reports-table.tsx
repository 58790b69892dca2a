import { Link } from 'react-router';
import type { CampaignReportSummary } from '@postlark/shared/campaign-reports';
import { reportPath } from '@postlark/shared/routes';
import { formatCount, formatDate, formatRate, NO_VALUE } from '../report-format';
import { REPORTS_TEXTS } from '../reports-content';
import { ReportStatus } from './report-status';
import '../../../components/ui/data-table.css';
import './reports.css';

/** A rate, or where tracking was off a dash that says so to screen readers too. */
function Rate({ rate, tracked }: { rate: number | null; tracked: boolean }) {
  if (tracked) return <>{formatRate(rate)}</>;
  return (
    <span title={REPORTS_TEXTS.notTracked}>
      <span aria-hidden="true">{NO_VALUE}</span>
      <span className="visually-hidden">{REPORTS_TEXTS.notTracked}</span>
    </span>
  );
}

/**
 * Every campaign that started sending, newest first, each leading to its report. On a phone each
 * row becomes a card whose cells name their column, so the page never scrolls sideways.
 */
export function ReportsTable({ reports }: { reports: readonly CampaignReportSummary[] }) {
  return (
    <div className="data-table reports-table">
      <table aria-label="Campaign reports">
        <thead>
          <tr>
            <th scope="col">Campaign</th>
            <th scope="col">Sent date</th>
            <th scope="col">Status</th>
            <th scope="col" className="data-table__num">
              Sent
            </th>
            <th scope="col" className="data-table__num">
              Open rate
            </th>
            <th scope="col" className="data-table__num">
              Click rate
            </th>
            <th scope="col" className="data-table__num">
              Unsubscribes
            </th>
            <th scope="col" className="data-table__num">
              Bounces
            </th>
          </tr>
        </thead>
        <tbody>
          {reports.map(({ campaign, totals }) => (
            <tr key={campaign.id}>
              <td className="reports-table__campaign">
                <Link to={reportPath(campaign.id)}>{campaign.name}</Link>
                <span className="reports-table__subject">{campaign.reader_subject}</span>
              </td>
              <td data-label="Sent date" className="reports-table__date">{formatDate(campaign.started_at)}</td>
              <td data-label="Status">
                <ReportStatus status={campaign.status} />
              </td>
              <td data-label="Sent" className="data-table__num">
                {formatCount(totals.sent)}
              </td>
              <td data-label="Open rate" className="data-table__num">
                <Rate rate={totals.open_rate} tracked={campaign.tracking} />
              </td>
              <td data-label="Click rate" className="data-table__num">
                <Rate rate={totals.click_rate} tracked={campaign.tracking} />
              </td>
              <td data-label="Unsubscribes" className="data-table__num">
                {formatCount(totals.unsubscribes)}
              </td>
              <td data-label="Bounces" className="data-table__num">
                {formatCount(totals.bounces)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
