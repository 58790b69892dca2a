import type { ReactNode } from 'react';
import type { CampaignReportCampaign, CampaignReportTotals } from '@postlark/shared/campaign-reports';
import { countOf, formatDateTime } from '../report-format';
import { isLive, REPORTS_TEXTS } from '../reports-content';
import { ReportStatus } from './report-status';
import '../../../components/ui/notice.css';
import './reports.css';
import '../../../components/ui/page-header.css';

interface ReportHeaderProps {
  campaign: CampaignReportCampaign;
  totals: CampaignReportTotals;
  /** The way to the campaign itself, drawn beside the title. */
  actions: ReactNode;
  /** Set when the last live refresh failed; the figures shown are the ones before it. */
  refreshError?: string;
}

/** Share of the recipients settled one way or another, 0 to 1. */
export function settledShare(totals: CampaignReportTotals): number {
  if (totals.recipients <= 0) return 0;
  const settled = totals.sent + totals.failed + totals.unknown + totals.skipped;
  return Math.min(1, settled / totals.recipients);
}

/** The campaign the report is about: name, subject, status and when it went out. */
export function ReportHeader({ campaign, totals, actions, refreshError }: ReportHeaderProps) {
  const live = isLive(campaign.status);
  const share = settledShare(totals);
  return (
    <header className="report-head dash-card">
      <div className="report-head__top">
        <div className="report-head__titles">
          <p className="report-head__eyebrow">Campaign report</p>
          <h1 className="page-header__title report-head__title">{campaign.name}</h1>
          <p className="report-head__subject">
            <span className="report-head__label">Subject</span> {campaign.reader_subject}
          </p>
        </div>
        <div className="page-header__actions">{actions}</div>
      </div>
      <dl className="report-head__facts">
        <div>
          <dt>Status</dt>
          <dd>
            <ReportStatus status={campaign.status} />
          </dd>
        </div>
        <div>
          <dt>Started</dt>
          <dd>{formatDateTime(campaign.started_at)}</dd>
        </div>
        <div>
          <dt>Finished</dt>
          <dd>{formatDateTime(campaign.finished_at)}</dd>
        </div>
        <div>
          <dt>Tracking</dt>
          <dd>{campaign.tracking ? 'Opens and clicks' : 'Off'}</dd>
        </div>
      </dl>
      {live && (
        <div className="report-head__progress">
          <div className="report-progress" role="progressbar" aria-label="Sending progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(share * 100)}>
            <span className="report-progress__bar" style={{ width: `${share * 100}%` }} />
          </div>
          <p className="report-head__live">
            <span className="report-head__pulse" aria-hidden="true" />
            {countOf(totals.pending, 'message')} still to send. {REPORTS_TEXTS.live}
          </p>
        </div>
      )}
      {refreshError && (
        <p className="notice notice--error report-head__refresh" role="alert">
          {refreshError}
        </p>
      )}
    </header>
  );
}
