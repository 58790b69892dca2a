import { Link } from 'react-router';
import { ROUTES } from '@postlark/shared/routes';
import { webEnv } from '../../config/env';
import { PageLoadFailed, PageLoading, PageState } from '../../components/ui/page-state';
import { InsightsEmpty } from '../../features/insights/components/insights-empty';
import { InsightsHeadline } from '../../features/insights/components/insights-headline';
import { RefreshButton, RefreshStatus } from '../../features/insights/components/insights-refresh';
import { ModelCard } from '../../features/insights/components/model-card';
import { MonthChart } from '../../features/insights/components/month-chart';
import { PeopleTable } from '../../features/insights/components/people-table';
import { RfmGrid } from '../../features/insights/components/rfm-grid';
import { ValueHistogram } from '../../features/insights/components/value-histogram';
import { monthSeries } from '../../features/insights/insights-charts';
import { INSIGHTS_TEXTS } from '../../features/insights/insights-content';
import { formatDay } from '../../features/insights/insights-format';
import { type Insights, useInsights } from '../use-insights';
import { ReportsTabs } from './reports-tabs';
import '../../features/insights/components/insights.css';
import { PageHeader } from '../../components/ui/page-header';
import { CardHead } from '../../components/ui/card';

/** What a refresh is for, under the page's title. */
function lead(insights: Insights): string {
  const asOf = insights.summary?.as_of;
  return asOf ? `As of ${formatDay(asOf)}. ${INSIGHTS_TEXTS.lead}` : INSIGHTS_TEXTS.lead;
}

function Computed({ insights }: { insights: Insights }) {
  const summary = insights.summary!;
  const { currency, model } = summary;
  const headline = summary.headline!;
  const fitted = Boolean(model?.bg_nbd);
  const months = monthSeries(summary.months, summary.as_of!);
  return (
    <>
      {summary.mixed_currencies && (
        <p className="insights-page__note" role="note">
          Your orders came in more than one currency. Amounts are added as they are and shown in {currency}, the currency of most orders.
        </p>
      )}
      <InsightsHeadline headline={headline} currency={currency} fitted={fitted} />
      <div className="insights-grid">
        <MonthChart months={months} currency={currency} />
        <section className="dash-card insights-card insights-card--wide" aria-labelledby="insights-rfm-title">
          <CardHead
            title="RFM grid"
            titleId="insights-rfm-title"
            text="Every customer scored on recency, frequency and monetary value, and the group that follows."
          />
          {summary.rfm ? (
            <RfmGrid cells={summary.rfm.cells} groups={summary.rfm.groups} currency={currency} />
          ) : (
            <p className="insights-card__empty">{model?.notes.find((note) => note.startsWith('RFM')) ?? model?.notes.join(' ')}</p>
          )}
        </section>
        <section className="dash-card insights-card" aria-labelledby="insights-value-title">
          <CardHead
            title="Predicted value, next 365 days"
            titleId="insights-value-title"
            text="How many customers are expected to spend how much, from the BG/NBD and Gamma-Gamma models."
          />
          {summary.value_distribution ? (
            <ValueHistogram bins={summary.value_distribution} currency={currency} />
          ) : (
            <p className="insights-card__empty">No predicted values yet: the model card says what is missing.</p>
          )}
        </section>
        {model && <ModelCard model={model} />}
        <PeopleTable
          id="insights-at-risk-title"
          title="People at risk"
          lead={fitted ? 'Customers in the top two fifths by spend who are more likely gone than not, the likeliest first.' : 'Customers who bought often but not lately (RFM’s At risk), the biggest spenders first.'}
          people={summary.at_risk}
          currency={currency}
          rank="churn"
          empty="Nobody valuable looks at risk right now."
        />
        <PeopleTable
          id="insights-top-title"
          title="Top customers"
          lead="The customers who spent the most, with what they are expected to spend next year."
          people={summary.top_customers}
          currency={currency}
          rank="value"
          empty="No customers yet."
        />
      </div>
    </>
  );
}

/**
 * /dashboard/insights: the account's purchase insights as of the last refresh (revenue and orders
 * by month, the RFM grid, predicted value, people at risk, top customers, the fitted model) and
 * "Refresh now" with its progress. Without orders, how to send them.
 */
export default function InsightsRoute() {
  const insights = useInsights();
  const { summary } = insights;

  let content;
  if (summary?.state === 'computed') content = <Computed insights={insights} />;
  else if (summary?.state === 'no_orders') content = <InsightsEmpty docsUrl={webEnv.apiDocsUrl} />;
  else if (summary?.state === 'not_computed')
    content = (
      <div className="dash-card">
        <PageState icon="lists" title={INSIGHTS_TEXTS.notComputedTitle} text={INSIGHTS_TEXTS.notComputed} />
      </div>
    );
  else if (insights.error)
    content = (
      <div className="dash-card">
        <PageLoadFailed title={INSIGHTS_TEXTS.failed} message={insights.error} onRetry={insights.retry} />
      </div>
    );
  else
    content = (
      <div className="dash-card">
        <PageLoading text={INSIGHTS_TEXTS.loading} />
      </div>
    );

  return (
    <div className="insights-page">
      <ReportsTabs />
      <PageHeader
        title={INSIGHTS_TEXTS.title}
        lead={lead(insights)}
        actions={
          summary && summary.state !== 'no_orders' && <RefreshButton refresh={insights.refresh} starting={insights.starting} onRefresh={insights.refreshNow} />
        }
      />
      <RefreshStatus refresh={insights.refresh} error={insights.refreshError} />
      {content}
      {summary?.state === 'computed' && (
        <p className="insights-page__foot">
          Insights refresh nightly and after new orders. Each figure is also a segment condition: <Link to={ROUTES.segments}>build a segment</Link>.
        </p>
      )}
    </div>
  );
}
