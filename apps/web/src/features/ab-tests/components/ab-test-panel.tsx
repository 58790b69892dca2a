import { AB_DIMENSIONS, AB_LIMITS, AB_METRIC_LABELS, AB_METRICS, type AbMetric, type AbStepTestSettings, type AbTestSettings } from '@postlark/shared/ab-tests';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { detectableSentence } from '../ab-test-math';
import { formatMinutes, newTest } from '../ab-test-settings';
import { AB_METRIC_HINTS, AB_TEXTS, AB_WAIT_CHOICES } from '../ab-tests-content';
import { AbPanelHead } from './ab-panel-head';
import { type AbOriginal, AbVariantFields } from './ab-variant-fields';
import './ab-tests.css';

export interface AbTestPanelProps {
  test: AbTestSettings | null;
  original: AbOriginal;
  /** About how many people the chosen lists and segments hold; null while unknown. */
  audience: number | null;
  /** Whether the account's store has sent orders: revenue is offered only then (null: not known). */
  hasOrders: boolean | null;
  readOnly: boolean;
  /** The server's refusal of the test's settings. */
  error?: string;
  onChange(test: AbTestSettings | null): void;
}

/** The campaign editor's A/B test card: off, or what differs, its variants, the group, the metric, the wait. */
export function AbTestPanel({ test, original, audience, hasOrders, readOnly, error, onChange }: AbTestPanelProps) {
  // A campaign that went out without a test has nothing to show here.
  if (!test && readOnly) return null;
  return (
    <section className="dash-card ab-panel" aria-labelledby="ab-panel-title">
      <AbPanelHead id="ab-panel-title" title={AB_TEXTS.panelTitle} text={AB_TEXTS.panelLead}>
        {!readOnly &&
          (test ? (
            <Button variant="ghost" onClick={() => onChange(null)}>
              Remove the test
            </Button>
          ) : (
            <Button variant="secondary" onClick={() => onChange(newTest())}>
              Set up an A/B test
            </Button>
          ))}
      </AbPanelHead>
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
      {test && (
        <>
          <AbVariantFields<AbTestSettings> idPrefix="ab" test={test} dimensions={AB_DIMENSIONS} original={original} readOnly={readOnly} onChange={onChange} />
          <div className="ab-panel__settings">
            <TextField
              id="ab-test-share"
              label={`${AB_TEXTS.testShare} (%)`}
              type="number"
              inputMode="numeric"
              min={AB_LIMITS.testShare.min}
              max={AB_LIMITS.testShare.max}
              step={1}
              value={test.test_share}
              readOnly={readOnly}
              hint={AB_TEXTS.testShareHint(test.test_share)}
              onChange={(event) => onChange({ ...test, test_share: Number(event.target.value) })}
            />
            <AbDecisionFields<AbTestSettings> test={test} hasOrders={hasOrders} readOnly={readOnly} idPrefix="ab" onChange={onChange} />
          </div>
          <p className="ab-panel__detect" role="status">
            {detectableSentence({ audience, testShare: test.test_share, variants: test.variants.length, metric: test.metric })}
          </p>
          <p className="ab-panel__how">{AB_TEXTS.howItDecides}</p>
        </>
      )}
    </section>
  );
}

/** The winner's metric and the longest wait: a campaign's test and a flow step's share them. */
export function AbDecisionFields<Test extends AbStepTestSettings>({ test, hasOrders, readOnly, idPrefix, onChange }: { test: Test; hasOrders: boolean | null; readOnly: boolean; idPrefix: string; onChange(test: Test): void }) {
  // Revenue is offered while orders have arrived, or when it is already chosen (the API says why it refuses).
  const metrics = AB_METRICS.filter((metric) => metric !== 'revenue' || hasOrders !== false || test.metric === 'revenue');
  const waits = AB_WAIT_CHOICES.includes(test.wait_minutes as (typeof AB_WAIT_CHOICES)[number]) ? AB_WAIT_CHOICES : [...AB_WAIT_CHOICES, test.wait_minutes].sort((a, b) => a - b);
  return (
    <>
      <SelectField
        id={`${idPrefix}-metric`}
        label={AB_TEXTS.metric}
        value={test.metric}
        disabled={readOnly}
        hint={hasOrders === false ? `${AB_METRIC_HINTS[test.metric]} ${AB_TEXTS.revenueNoOrders}` : AB_METRIC_HINTS[test.metric]}
        onChange={(event) => onChange({ ...test, metric: event.target.value as AbMetric })}
      >
        {metrics.map((metric) => (
          <option key={metric} value={metric}>
            {AB_METRIC_LABELS[metric]}
          </option>
        ))}
      </SelectField>
      <SelectField id={`${idPrefix}-wait`} label={AB_TEXTS.wait} value={test.wait_minutes} disabled={readOnly} hint={AB_TEXTS.waitHint} onChange={(event) => onChange({ ...test, wait_minutes: Number(event.target.value) })}>
        {waits.map((minutes) => (
          <option key={minutes} value={minutes}>
            {formatMinutes(minutes)}
          </option>
        ))}
      </SelectField>
    </>
  );
}
