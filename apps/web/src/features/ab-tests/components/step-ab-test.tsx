import { AB_DIMENSIONS, type AbStepTestSettings, type AbTestState } from '@postlark/shared/ab-tests';
import { Button } from '../../../components/ui/button';
import { newStepTest } from '../ab-test-settings';
import { AB_TEXTS } from '../ab-tests-content';
import { AbDecisionFields } from './ab-test-panel';
import { AbPanelHead } from './ab-panel-head';
import { AbStatusBadge } from './ab-status-badge';
import { AbDecision } from './ab-test-state';
import { type AbOriginal, AbVariantFields } from './ab-variant-fields';
import './ab-tests.css';

// People arrive at an automation's email one at a time: there is no send time to test.
const STEP_DIMENSIONS = AB_DIMENSIONS.filter((dimension) => dimension !== 'send_time');

export interface StepAbTestProps {
  test: AbStepTestSettings | null;
  original: AbOriginal;
  /** The test's state, when the flow's figures carry it. */
  state?: AbTestState | null;
  error?: string;
  onChange(test: AbStepTestSettings | null): void;
}

/** An automation email step's variants: what differs, B to D, the metric and the longest wait. */
export function StepAbTest({ test, original, state, error, onChange }: StepAbTestProps) {
  return (
    <section className="ab-panel ab-panel--step" aria-labelledby="step-ab-title">
      <AbPanelHead id="step-ab-title" title={AB_TEXTS.stepTitle} text={AB_TEXTS.stepLead} level={3}>
        {state && <AbStatusBadge status={state.status} />}
      </AbPanelHead>
      {state && state.status !== 'draft' && <AbDecision state={state} />}
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
      {test ? (
        <>
          <AbVariantFields<AbStepTestSettings> idPrefix="step-ab" test={test} dimensions={STEP_DIMENSIONS} original={original} readOnly={false} onChange={onChange} />
          <div className="ab-panel__settings">
            <AbDecisionFields<AbStepTestSettings> test={test} hasOrders={null} readOnly={false} idPrefix="step-ab" onChange={onChange} />
          </div>
          <p className="ab-panel__how">{AB_TEXTS.howItDecides}</p>
          <Button variant="ghost" className="ab-panel__remove" onClick={() => onChange(null)}>
            Remove the test
          </Button>
        </>
      ) : (
        <Button variant="secondary" className="ab-panel__start" onClick={() => onChange(newStepTest())}>
          Set up an A/B test
        </Button>
      )}
    </section>
  );
}
