import { useEffect, useState } from 'react';
import { type CampaignReportSummary, REPORT_MESSAGES } from '@postlark/shared/campaign-reports';
import { PageLoadFailed, PageLoading, PageState } from '../../components/ui/page-state';
import { ReportsTable } from '../../features/reports/components/reports-table';
import { isLive, REPORTS_TEXTS } from '../../features/reports/reports-content';
import { useReadAgainWhileLive } from '../../features/reports/use-read-again-while-live';
import { asReportFailure, fetchReports } from '../../features/reports/reports-thunks';
import { useAppDispatch } from '../store-hooks';
import { ReportsTabs } from './reports-tabs';
import './reports-route.css';
import { PageHeader } from '../../components/ui/page-header';

interface Loaded {
  reports: CampaignReportSummary[] | null;
  error: string | null;
}

/**
 * /dashboard/reports: every campaign that started sending, newest first, each leading to its
 * report. While one of them sends, the list is read again every few seconds so its figures move;
 * a failed refresh keeps the figures shown and tries again.
 */
export default function ReportsRoute() {
  const dispatch = useAppDispatch();
  // Each read bumps this: the first, "Try again", and every live refresh.
  const [read, setRead] = useState(0);
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    let live = true;
    dispatch(fetchReports())
      .unwrap()
      .then(
        (reports) => live && setLoaded({ reports, error: null }),
        (reason: unknown) =>
          live && setLoaded((previous) => (previous?.reports ? previous : { reports: null, error: asReportFailure(reason, REPORTS_TEXTS.reportsFailed).message })),
      );
    return () => {
      live = false;
    };
  }, [dispatch, read]);

  const reports = loaded?.reports;
  const sending = reports?.some((report) => isLive(report.campaign.status)) ?? false;

  useReadAgainWhileLive(sending, loaded, setRead);

  let content;
  if (reports && reports.length > 0) {
    content = (
      <div className="dash-card dash-card--flush">
        <ReportsTable reports={reports} />
      </div>
    );
  } else if (reports) {
    content = (
      <div className="dash-card">
        <PageState
          icon="lists"
          title="No reports yet"
          text={REPORT_MESSAGES.empty}
        />
      </div>
    );
  } else if (loaded?.error) {
    content = (
      <div className="dash-card">
        <PageLoadFailed
          title={REPORTS_TEXTS.reportsFailed}
          message={loaded.error}
          onRetry={() => {
            setLoaded(null);
            setRead((count) => count + 1);
          }}
        />
      </div>
    );
  } else {
    content = (
      <div className="dash-card">
        <PageLoading text={REPORTS_TEXTS.loadingReports} />
      </div>
    );
  }

  return (
    <div className="reports-page">
      <ReportsTabs />
      <PageHeader title="Reports" lead="How each campaign did once it went out: deliveries, opens, clicks and unsubscribes." />
      {content}
    </div>
  );
}
