import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { HomeOverview } from '@postlark/shared/dashboard';
import { campaignPath, flowPath, reportPath, ROUTES } from '@postlark/shared/routes';
import { HOME_ACTIONS, HOME_TEXTS } from '../home-content';
import { formatCount, formatWhen } from '../home-format';

interface ListCardProps {
  id: string;
  title: string;
  total: number;
  empty: string;
  action: { to: string; label: string };
  children: ReactNode;
  shown: number;
}

/** A short list with its count, or what to do while it is empty. */
function ListCard({ id, title, total, empty, action, children, shown }: ListCardProps) {
  return (
    <section className="dash-card home-card home-list" aria-labelledby={id}>
      <div className="home-card__head">
        <h2 id={id} className="home-card__title">
          {title}
          {total > 0 && <span className="home-card__count">{formatCount(total)}</span>}
        </h2>
      </div>
      {total === 0 ? (
        <div className="home-list__empty">
          <p>{empty}</p>
          <Link className="home-card__link" to={action.to}>
            {action.label}
          </Link>
        </div>
      ) : (
        <>
          <ul className="home-list__items">{children}</ul>
          {total > shown && (
            <Link className="home-card__link" to={action.to}>
              {HOME_TEXTS.more(total, shown)}
            </Link>
          )}
        </>
      )}
    </section>
  );
}

/** Scheduled campaigns with their send times, soonest first. */
export function HomeScheduled({ scheduled }: { scheduled: HomeOverview['scheduled'] }) {
  return (
    <ListCard
      id="home-scheduled-title"
      title={HOME_TEXTS.scheduledTitle}
      total={scheduled.total}
      shown={scheduled.campaigns.length}
      empty={HOME_TEXTS.scheduledEmpty}
      action={{ to: ROUTES.campaigns, label: HOME_ACTIONS.schedule }}
    >
      {scheduled.campaigns.map((campaign) => (
        <li key={campaign.id}>
          <Link to={campaignPath(campaign.id)}>{campaign.name}</Link>
          <time dateTime={campaign.scheduled_at}>{formatWhen(campaign.scheduled_at)}</time>
        </li>
      ))}
    </ListCard>
  );
}

/** Live flows with the people in them now. */
export function HomeAutomations({ automations }: { automations: HomeOverview['automations'] }) {
  return (
    <ListCard
      id="home-automations-title"
      title={HOME_TEXTS.automationsTitle}
      total={automations.total}
      shown={automations.flows.length}
      empty={HOME_TEXTS.automationsEmpty}
      action={{ to: ROUTES.automations, label: HOME_ACTIONS.automations }}
    >
      {automations.flows.map((flow) => (
        <li key={flow.id}>
          <Link to={flowPath(flow.id)}>{flow.name}</Link>
          <span>
            {formatCount(flow.people)} {flow.people === 1 ? 'person' : 'people'} in it
          </span>
        </li>
      ))}
    </ListCard>
  );
}

/** A/B tests still deciding, with when they decide at the latest. */
export function HomeTests({ tests }: { tests: HomeOverview['ab_tests'] }) {
  return (
    <ListCard
      id="home-tests-title"
      title={HOME_TEXTS.testsTitle}
      total={tests.total}
      shown={tests.tests.length}
      empty={HOME_TEXTS.testsEmpty}
      action={{ to: ROUTES.abTests, label: HOME_ACTIONS.abTests }}
    >
      {tests.tests.map((test) => (
        <li key={test.id}>
          <Link to={reportPath(test.id)}>{test.name}</Link>
          <span>{test.deadline_at ? `Decides by ${formatWhen(test.deadline_at)}` : 'Deciding'}</span>
        </li>
      ))}
    </ListCard>
  );
}
