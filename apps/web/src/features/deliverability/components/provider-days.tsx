import { useState } from 'react';
import { Link } from 'react-router';
import { type DeliverabilityOverview, MAILBOX_PROVIDER_LABELS } from '@postlark/shared/deliverability';
import { ROUTES } from '@postlark/shared/routes';
import { buttonClass } from '../../../components/ui/button';
import { ChartViews } from '../../../components/ui/chart-parts';
import { PageState } from '../../../components/ui/page-state';
import { StatCard } from '../../../components/ui/stat-card';
import { formatCount } from '../../dashboard/home-format';
import { dayFigures, hasMail, type ProviderChoice, providersWithMail, rateText, totalFigures } from '../deliverability-charts';
import { DELIVERABILITY_PAGE_TEXTS as TEXTS } from '../deliverability-content';
import { BounceChart, ComplaintChart, DeliveredChart } from './provider-charts';

/**
 * The last 30 days by mailbox provider: a filter (all providers, or one that got mail), the
 * period's totals, and the charts with their tables. Without any mail, what to do instead.
 */
export function ProviderDays({ overview }: { overview: DeliverabilityOverview }) {
  const [chosen, setChosen] = useState<ProviderChoice>('all');
  const providers = providersWithMail(overview.counts);
  // A provider chosen before the page was read again may have no mail now: back to all of them.
  const provider: ProviderChoice = chosen === 'all' || providers.includes(chosen) ? chosen : 'all';
  const views: Partial<Record<ProviderChoice, string>> = { all: TEXTS.allProviders };
  for (const one of providers) views[one] = MAILBOX_PROVIDER_LABELS[one];
  const name = views[provider]!;
  const days = dayFigures(overview.dates, overview.counts, provider);
  const total = totalFigures(days);
  const any = hasMail(overview.counts);

  return (
    <section className="deliverability-days" aria-labelledby="deliverability-days-title">
      <div className="deliverability-days__head">
        <div className="deliverability-days__heading">
          <h2 id="deliverability-days-title" className="deliverability-days__title">
            {TEXTS.daysTitle}
          </h2>
          <p className="deliverability-days__text">{TEXTS.daysText}</p>
        </div>
        {any && <ChartViews<ProviderChoice> views={views as Record<ProviderChoice, string>} value={provider} onChange={setChosen} label={TEXTS.providerFilter} />}
      </div>
      {any ? (
        <>
          <dl className="deliverability-figures" aria-label={TEXTS.figuresLabel(name)}>
            <StatCard label={TEXTS.sent} value={formatCount(total.sent)} tone="brand" />
            <StatCard label={TEXTS.delivered} value={formatCount(total.delivered)} note={TEXTS.deliveredNote} tone="good" />
            <StatCard label={TEXTS.hard} value={formatCount(total.hard)} note={TEXTS.ofSent(rateText(total.hardRate))} tone={total.hard > 0 ? 'bad' : 'plain'} />
            <StatCard label={TEXTS.soft} value={formatCount(total.soft)} note={TEXTS.ofSent(rateText(total.softRate))} tone={total.soft > 0 ? 'warn' : 'plain'} />
            <StatCard label={TEXTS.complaintsShort} value={formatCount(total.complaints)} note={TEXTS.ofSent(rateText(total.complaintRate))} tone={total.complaints > 0 ? 'bad' : 'plain'} />
            <StatCard label={TEXTS.refusals} value={formatCount(total.refusals)} note={TEXTS.refusalsNote} tone={total.refusals > 0 ? 'warn' : 'plain'} />
          </dl>
          <ComplaintChart days={days} provider={name} />
          <BounceChart days={days} provider={name} />
          <DeliveredChart days={days} provider={name} />
        </>
      ) : (
        <div className="dash-card">
          <PageState
            icon="send"
            title={TEXTS.emptyTitle}
            text={TEXTS.emptyText}
            action={
              <Link className={buttonClass('secondary')} to={ROUTES.campaigns}>
                {TEXTS.emptyAction}
              </Link>
            }
          />
        </div>
      )}
    </section>
  );
}
