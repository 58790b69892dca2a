import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { CampaignReport, ReportReaderAction } from '@postlark/shared/campaign-reports';
import { campaignPath, ROUTES, segmentSubscribersPath } from '@postlark/shared/routes';
import { SEGMENT_MESSAGES } from '@postlark/shared/segments';
import { buttonClass } from '../../components/ui/button';
import { PageLoadFailed, PageLoading, PageState } from '../../components/ui/page-state';
import { showToast } from '../../components/ui/toasts';
import { asAudienceFailure } from '../../features/audience/audience-thunks';
import { addSegment } from '../../features/audience/tools-thunks';
import { AbTestReportSection } from '../../features/ab-tests/components/ab-test-report';
import { ReportBlocks } from '../../features/reports/components/report-blocks';
import { ReportReaders } from '../../features/reports/components/report-readers';
import { ReportReceivers } from '../../features/reports/components/report-receivers';
import { ReportChart } from '../../features/reports/components/report-chart';
import { ReportHeader } from '../../features/reports/components/report-header';
import { ReportLinks } from '../../features/reports/components/report-links';
import { ReportSendTime } from '../../features/reports/components/report-send-time';
import { ReportStats } from '../../features/reports/components/report-stats';
import { platformReportParts } from '../../features/reports/platform-report';
import { isLive, READER_ACTION_TEXTS, REPORTS_TEXTS } from '../../features/reports/reports-content';
import { useReadAgainWhileLive } from '../../features/reports/use-read-again-while-live';
import { asReportFailure, fetchCampaignReport, fetchReportReaders, type ReportFailure } from '../../features/reports/reports-thunks';
import { useAppDispatch } from '../store-hooks';
import '../../components/ui/notice.css';
import './campaign-report-route.css';

interface Loaded {
  id: string;
  report: CampaignReport | null;
  /** Why the report could not be read; with a report, why the last live refresh failed. */
  error: ReportFailure | null;
}

// "Make a segment of these" a few times over gives "(2)", "(3)"...; past this the name-taken error shows.
const SEGMENT_NAME_TRIES = 20;

/** The campaign's own page (the Campaigns pages' address for it). */

/**
 * /dashboard/reports/{id}: one campaign's report. While the campaign sends, it is read again every
 * few seconds so the figures move; a failed refresh keeps the last figures and tries again.
 */
export default function CampaignReportRoute() {
  const dispatch = useAppDispatch();
  // The id's name in the route's path (routes.tsx).
  const { campaignId = '' } = useParams();
  // Each read bumps this: the first, "Try again", and every live refresh.
  const [read, setRead] = useState(0);
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    let live = true;
    dispatch(fetchCampaignReport(campaignId))
      .unwrap()
      .then(
        (report) => live && setLoaded({ id: campaignId, report, error: null }),
        (reason: unknown) =>
          live &&
          setLoaded((previous) => ({
            id: campaignId,
            // A live refresh that fails keeps what was shown; only a first read shows the failure.
            report: previous?.id === campaignId ? previous.report : null,
            error: asReportFailure(reason, REPORTS_TEXTS.reportFailed),
          })),
      );
    return () => {
      live = false;
    };
  }, [dispatch, campaignId, read]);

  const current = loaded?.id === campaignId ? loaded : null;
  const report = current?.report ?? null;
  const sending = report !== null && isLive(report.campaign.status);

  useReadAgainWhileLive(sending, loaded, setRead);
  const navigate = useNavigate();
  const loadReaders = useCallback((action: ReportReaderAction, page: number) => dispatch(fetchReportReaders({ id: campaignId, action, page })).unwrap(), [dispatch, campaignId]);

  /** A segment of everyone who did `action` (the "campaign activity" condition), then its people. */
  async function makeSegment(name: string, action: ReportReaderAction): Promise<string | null> {
    const definition = { match: 'all' as const, conditions: [{ field: 'campaign' as const, op: action, value: campaignId }] };
    // A name already taken (made before) gets a number, as a person would name a second copy.
    for (let copy = 1; copy <= SEGMENT_NAME_TRIES; copy += 1) {
      const base = READER_ACTION_TEXTS[action].segment(name);
      try {
        const { message, item } = await dispatch(addSegment({ name: copy === 1 ? base : `${base} (${copy})`, definition })).unwrap();
        void showToast('success', message);
        void navigate(segmentSubscribersPath(item.id));
        return null;
      } catch (reason) {
        const failure = asAudienceFailure(reason, REPORTS_TEXTS.readersFailed);
        if (failure.status !== 409) return failure.message;
      }
    }
    return SEGMENT_MESSAGES.nameTaken;
  }

  const backLink = (
    <Link className="report-page__back" to={ROUTES.reports}>
      <span aria-hidden="true">←</span> All reports
    </Link>
  );

  if (!report) {
    const failure = current?.error;
    return (
      <div className="report-page">
        {backLink}
        <div className="dash-card">
          {!failure ? (
            <PageLoading text={REPORTS_TEXTS.loadingReport} />
          ) : failure.status === 404 || failure.status === 409 ? (
            <PageState
              icon="search"
              role="alert"
              title={failure.status === 404 ? 'Report not found' : 'Nothing to report yet'}
              text={failure.message}
              action={
                <Link className={buttonClass('secondary')} to={failure.status === 404 ? ROUTES.reports : campaignPath(campaignId)}>
                  {failure.status === 404 ? 'Back to all reports' : 'Open the campaign'}
                </Link>
              }
            />
          ) : (
            <PageLoadFailed
              title={REPORTS_TEXTS.reportFailed}
              message={failure.message}
              onRetry={() => {
                setLoaded(null);
                setRead((count) => count + 1);
              }}
            />
          )}
        </div>
      </div>
    );
  }

  const { campaign, totals } = report;
  const parts = platformReportParts(report);
  return (
    <div className="report-page campaign-report-page">
      {backLink}
      <ReportHeader
        campaign={campaign}
        totals={totals}
        refreshError={current?.error ? REPORTS_TEXTS.refreshFailed : undefined}
        actions={
          <Link className={buttonClass('secondary')} to={campaignPath(campaign.id)}>
            View campaign
          </Link>
        }
      />
      {parts.note && <p className="notice notice--info">{parts.note}</p>}
      <ReportStats totals={totals} tracking={campaign.tracking} />
      {report.ab_test && <AbTestReportSection report={report.ab_test} />}
      {report.send_time_optimisation && <ReportSendTime report={report.send_time_optimisation} />}
      <div className="campaign-report-page__panels">
        {parts.timeline && <ReportChart timeline={report.timeline} tracking={campaign.tracking} />}
        {parts.links && <ReportLinks links={report.links} tracking={campaign.tracking} />}
        <ReportBlocks blocks={report.blocks ?? []} />
        <ReportReceivers receivers={report.receivers} />
      </div>
      {campaign.tracking && !campaign.delivered_by && <ReportReaders load={loadReaders} onMakeSegment={(action) => makeSegment(campaign.name, action)} />}
    </div>
  );
}
