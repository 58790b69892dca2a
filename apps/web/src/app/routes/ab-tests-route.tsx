import { Link, useSearchParams } from 'react-router';
import { AB_STATUSES, type AbStatus } from '@postlark/shared/ab-tests';
import { DELIVERY_TEXTS, PLATFORM_NAMES } from '@postlark/shared/integrations';
import { ROUTES } from '@postlark/shared/routes';
import { buttonClass } from '../../components/ui/button';
import { ChartViews } from '../../components/ui/chart-parts';
import { CardLoadState, PageState } from '../../components/ui/page-state';
import { AB_STATUS_FILTERS, AB_STATUS_LABELS, AB_TEXTS } from '../../features/ab-tests/ab-tests-content';
import { AbTestsTable } from '../../features/ab-tests/components/ab-tests-table';
import { platformFilter } from '../../features/campaigns/delivery';
import { useAbTests } from '../use-ab-tests';
import { PlatformFilterNotice } from './platform-filter-notice';
import './ab-tests-route.css';
import { PageHeader } from '../../components/ui/page-header';

const asStatus = (value: string | null): AbStatus | null => (AB_STATUSES as readonly string[]).includes(value ?? '') ? (value as AbStatus) : null;

type Filter = 'all' | (typeof AB_STATUS_FILTERS)[number];
const FILTERS = Object.fromEntries([['all', 'All'], ...AB_STATUS_FILTERS.map((status) => [status, AB_STATUS_LABELS[status]])]) as Record<Filter, string>;

/**
 * /dashboard/ab-tests: every A/B test of the customer's, campaigns' and automation steps', with
 * its status and lift; ?status= filters. ?platform= (the sidebar's sub-items) shows only the tests
 * delivered through that connected platform, with the way back to all of them.
 */
export default function AbTestsRoute() {
  const [search, setSearch] = useSearchParams();
  const status = asStatus(search.get('status'));
  const platform = platformFilter(search.get('platform'));
  const { tests, error, reload } = useAbTests(status, platform);

  function choose(next: Filter) {
    const params = new URLSearchParams(search);
    if (next !== 'all') params.set('status', next);
    else params.delete('status');
    setSearch(params, { replace: true });
  }

  let content;
  if (tests && tests.length > 0) {
    content = <AbTestsTable tests={tests} />;
  } else if (tests) {
    content = (
      <div className="dash-card">
        <PageState
          icon="lists"
          title={status ? AB_TEXTS.noTestsFiltered : AB_TEXTS.noTests}
          text={platform ? DELIVERY_TEXTS.noTests(PLATFORM_NAMES[platform]) : AB_TEXTS.noTestsText}
          action={
            <Link className={buttonClass('primary')} to={ROUTES.newCampaign}>
              {AB_TEXTS.newCampaign}
            </Link>
          }
        />
      </div>
    );
  } else {
    content = <CardLoadState error={error} failedTitle={AB_TEXTS.testsFailed} loadingText={AB_TEXTS.loadingTests} onRetry={reload} />;
  }

  return (
    <div className="ab-tests-page">
      <PageHeader
        title="Auto A/B Testing"
        lead="Every test of your campaigns and automation emails: what it tried, and which variant won — or that none clearly did."
        actions={
          <Link className={buttonClass('primary')} to={ROUTES.newCampaign}>
            New campaign
          </Link>
        }
      />
      {platform && <PlatformFilterNotice platform={platform} clearTo={status ? `${ROUTES.abTests}?status=${status}` : ROUTES.abTests} />}
      <div className="ab-filters">
        <ChartViews<Filter> label="Show tests" views={FILTERS} value={(status as Filter | null) ?? 'all'} onChange={choose} />
      </div>
      {tests && error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
      {content}
    </div>
  );
}
