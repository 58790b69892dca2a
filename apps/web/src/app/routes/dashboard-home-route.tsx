import { Link } from 'react-router';
import type { HomeOverview } from '@postlark/shared/dashboard';
import { ROUTES } from '@postlark/shared/routes';
import { buttonClass } from '../../components/ui/button';
import { CardLoadState } from '../../components/ui/page-state';
import { PauseBanner } from '../../features/deliverability/components/pause-banner';
import { DELIVERABILITY_PAGE_TEXTS } from '../../features/deliverability/deliverability-content';
import { HomeAudience } from '../../features/dashboard/components/home-audience';
import { HomeLastCampaign } from '../../features/dashboard/components/home-last-campaign';
import { allStepsDone, HomeSteps } from '../../features/dashboard/components/home-steps';
import { HomeAutomations, HomeScheduled, HomeTests } from '../../features/dashboard/components/home-upcoming';
import { HOME_ACTIONS, HOME_STEPS, HOME_TEXTS } from '../../features/dashboard/home-content';
import '../../features/dashboard/components/home.css';
import { useAppSelector } from '../store-hooks';
import { useHomeOverview } from '../use-home-overview';
import './dashboard-home-route.css';

/**
 * The hero's button: the next thing to do, or a new campaign once everything is set up. Postlark
 * sends by itself, so it never asks to connect another platform (issue 38): that is an option.
 */
function nextAction({ steps }: HomeOverview): { to: string; label: string } {
  if (!steps.sending.done) return { to: ROUTES.senders, label: HOME_ACTIONS.confirmSender };
  if (!steps.profile.done) return { to: `${ROUTES.profile}?tab=contact`, label: HOME_ACTIONS.completeProfile };
  if (!steps.campaign.done) return { to: ROUTES.newCampaign, label: HOME_STEPS.campaignToDo };
  return { to: ROUTES.newCampaign, label: HOME_ACTIONS.newCampaign };
}

/** /dashboard: the shell's home, greeting the customer by first name, with the account at a glance. */
export default function DashboardHomeRoute() {
  const profile = useAppSelector((state) => state.login.profile);
  const firstName = profile?.additional_info.first_name ?? '';
  const { overview, error, retry } = useHomeOverview();
  // No button until the overview says which step is next: a guess would send a set-up account back to a step it has done.
  const action = overview ? nextAction(overview) : null;

  return (
    <div className="dashboard-home home">
      {/* A guardrail paused the account's sending (issue 32): nothing goes out until it is lifted, so it comes first. */}
      {overview?.sending_paused && (
        <PauseBanner pause={overview.sending_paused} heading={false}>
          <Link className={buttonClass('primary')} to={ROUTES.deliverability}>
            {DELIVERABILITY_PAGE_TEXTS.openPage}
          </Link>
        </PauseBanner>
      )}
      <section className="dashboard-home__hero home-hero" aria-labelledby="dashboard-home-title">
        <div>
          <h1 id="dashboard-home-title" className="dashboard-home__title">
            {firstName ? `Welcome, ${firstName}` : 'Welcome'}
          </h1>
          <p className="dashboard-home__lead">{HOME_TEXTS.lead}</p>
        </div>
        {action && (
          <Link className="btn btn--primary dashboard-home__cta" to={action.to}>
            {action.label}
          </Link>
        )}
      </section>

      {!overview ? (
        <CardLoadState error={error || null} failedTitle={HOME_TEXTS.failedTitle} loadingText={HOME_TEXTS.loading} onRetry={retry} />
      ) : (
        <>
          {!allStepsDone(overview.steps) && <HomeSteps steps={overview.steps} />}
          <div className="home-grid home-grid--main">
            <HomeAudience audience={overview.audience} hasOrders={overview.has_orders} />
            <HomeLastCampaign last={overview.last_campaign} average={overview.average} />
          </div>
          <div className="home-grid home-grid--three">
            <HomeScheduled scheduled={overview.scheduled} />
            <HomeAutomations automations={overview.automations} />
            <HomeTests tests={overview.ab_tests} />
          </div>
        </>
      )}
    </div>
  );
}
