import { AB_METRIC_LABELS, type AbTestSettings, type AbTestState } from '@postlark/shared/ab-tests';
import { formatDateTime } from '../ab-format';
import { formatLift } from '../ab-test-math';
import { variantLabel } from '../ab-test-settings';
import { AB_TEXTS } from '../ab-tests-content';
import { AbPanelHead } from './ab-panel-head';
import { AbStatusBadge } from './ab-status-badge';
import './ab-tests.css';

/** Where a started test is: "Deciding…" until its deadline, then the winner and why, or no clear winner. */
export function AbTestStateCard({ settings, state }: { settings: AbTestSettings | null; state: AbTestState }) {
  return (
    <section className="dash-card ab-state" aria-labelledby="ab-state-title">
      <AbPanelHead id="ab-state-title" title={AB_TEXTS.stateTitle} text={settings && `${settings.variants.length} variants · winner by ${AB_METRIC_LABELS[settings.metric].toLowerCase()}`}>
        <AbStatusBadge status={state.status} />
      </AbPanelHead>
      <AbDecision state={state} />
    </section>
  );
}

/** The decision in words, with its times: a report and the campaign's page both show it. */
export function AbDecision({ state }: { state: AbTestState }) {
  const headline =
    state.status === 'winner' && state.winner !== null
      ? `Variant ${variantLabel(state.winner)} won${state.lift === null ? '' : ` (${formatLift(state.lift)} over A)`}`
      : state.status === 'no_winner'
        ? AB_TEXTS.noClearWinner
        : state.status === 'testing'
          ? AB_TEXTS.deciding
          : null;
  return (
    <div className={`ab-decision ab-decision--${state.status}`}>
      {headline && <p className="ab-decision__headline">{headline}</p>}
      <p className="ab-decision__reason">{state.reason}</p>
      <dl className="ab-decision__times">
        {state.started_at && (
          <div>
            <dt>Started</dt>
            <dd>{formatDateTime(state.started_at)}</dd>
          </div>
        )}
        {state.status === 'testing' && state.deadline_at && (
          <div>
            <dt>Decides by</dt>
            <dd>{formatDateTime(state.deadline_at)}</dd>
          </div>
        )}
        {state.decided_at && (
          <div>
            <dt>Decided</dt>
            <dd>{formatDateTime(state.decided_at)}</dd>
          </div>
        )}
        {state.rest_send_at && (
          <div>
            <dt>{state.status === 'winner' ? 'Winner goes to the rest' : 'The rest get it'}</dt>
            <dd>{formatDateTime(state.rest_send_at)}</dd>
          </div>
        )}
      </dl>
    </div>
  );
}
