import { type AccountPlanView, PLAN_TEXTS, PLANS } from '@postlark/shared/plans';
import { SITE } from '@postlark/shared/site';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { PlanCard } from '../../../components/ui/plan-card';
import type { AccountPlanState } from '../dashboard-api';
import '../../../components/ui/notice.css';
import './upgrade-panel.css';

interface UpgradePanelProps {
  open: boolean;
  onClose(): void;
  plan: AccountPlanState;
  onRetry(): void;
}

const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/**
 * The sidebar's Upgrade (issue 23): the three plans as the landing page's pricing section gives
 * them (one definition, packages/shared/plans), the account's own marked with the days left of
 * its free trial. Premium and Enterprise are Coming Soon and disabled, as on the site; nothing is
 * bought here.
 */
export function UpgradePanel({ open, onClose, plan, onRetry }: UpgradePanelProps) {
  const trialDays = plan.status === 'ready' ? plan.view.trial_days : SITE.freeTrialDays;
  return (
    <Modal open={open} initialFocus="dialog" title={PLAN_TEXTS.title} description={PLAN_TEXTS.trialLead(trialDays)} onClose={onClose}>
      <div className="upgrade-panel">
        {plan.status === 'loading' && (
          <p className="upgrade-panel__status" role="status">
            {PLAN_TEXTS.loading}
          </p>
        )}
        {plan.status === 'failed' && (
          <div className="notice notice--error upgrade-panel__status" role="alert">
            <span>{PLAN_TEXTS.loadFailed}</span>
            <Button variant="secondary" onClick={onRetry}>
              {PLAN_TEXTS.retry}
            </Button>
          </div>
        )}
        <ul className="upgrade-plans">
          {PLANS.map((each) => {
            const yours = plan.status === 'ready' && plan.view.plan === each.id ? plan.view : null;
            return (
              <PlanCard key={each.id} plan={each} idPrefix="upgrade-plan" className="upgrade-plan" badge={yours ? PLAN_TEXTS.yourPlan : undefined}>
                {yours && <TrialStatus view={yours} />}
                {!each.available && (
                  <button type="button" className="btn btn--secondary btn--block" disabled>
                    {each.buttonText}
                  </button>
                )}
              </PlanCard>
            );
          })}
        </ul>
      </div>
    </Modal>
  );
}

function TrialStatus({ view }: { view: AccountPlanView }) {
  const ended = view.trial_days_left === 0;
  const endsAt = day.format(new Date(view.trial_ends_at));
  return (
    <div className={`upgrade-trial${ended ? ' upgrade-trial--ended' : ''}`}>
      <p className="upgrade-trial__left">
        <strong>{ended ? PLAN_TEXTS.trialEnded : PLAN_TEXTS.daysLeft(view.trial_days_left)}</strong>
        {!ended && <span> {PLAN_TEXTS.trialOf(view.trial_days)}</span>}
      </p>
      {/* The days left as a bar: decorative, the sentence above says it. */}
      <span className="upgrade-trial__bar" aria-hidden="true">
        <span style={{ width: `${(100 * view.trial_days_left) / view.trial_days}%` }} />
      </span>
      <p className="upgrade-trial__date">{ended ? PLAN_TEXTS.endedOn(endsAt) : PLAN_TEXTS.endsOn(endsAt)}</p>
    </div>
  );
}
