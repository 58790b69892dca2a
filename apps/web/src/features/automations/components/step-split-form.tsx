import type { FlowRule, FlowStep } from '@postlark/shared/automations';
import { FLOW_LIMITS } from '@postlark/shared/automations-messages';
import { ENGAGEMENT_BAND_LABELS, ENGAGEMENT_BANDS } from '@postlark/shared/insights';
import { ENGAGEMENT_CONDITION_TEXTS } from '@postlark/shared/segments';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { CHOOSE_ID } from '../automations-content';
import type { FlowChoices } from '../automations-thunks';

type SplitStep = Extract<FlowStep, { type: 'split' }>;
type Errors = Readonly<Record<string, string>>;

const newEventRule = (): FlowRule => ({ type: 'event', op: 'did', event: 'order_placed', filters: [], at_least: 1, days: 30 });
const newScoreRule = (): FlowRule => ({ type: 'profile', condition: { field: 'engagement_score', bands: ['dormant'], score_at_least: null, score_below: null } });
type ScoreCondition = Extract<Extract<FlowRule, { type: 'profile' }>['condition'], { field: 'engagement_score' }>;

/** A bound typed in whole percentages as the probability the API keeps ('' for none). */
const bound = (text: string): number | null => (text.trim() === '' ? null : Math.min(100, Math.max(0, Number(text))) / 100);
const boundText = (value: number | null): string => (value === null ? '' : String(Math.round(value * 10_000) / 100));

/** The engagement score rule: any of the bands ticked, and/or the score's bounds. */
function ScoreRule({ n, condition, onChange }: { n: number; condition: ScoreCondition; onChange(condition: ScoreCondition): void }) {
  return (
    <>
      {ENGAGEMENT_BANDS.map((band) => (
        <label key={band} className="flow-inline flow-inline--label">
          <input
            type="checkbox"
            aria-label={`Condition ${n}: ${ENGAGEMENT_BAND_LABELS[band]}`}
            checked={condition.bands.includes(band)}
            onChange={(event) => onChange({ ...condition, bands: event.target.checked ? [...condition.bands, band] : condition.bands.filter((chosen) => chosen !== band) })}
          />
          {ENGAGEMENT_BAND_LABELS[band]}
        </label>
      ))}
      <label className="flow-inline flow-inline--label">
        score at least
        <input className="form-field__input flow-inline__number" type="number" min={0} max={100} placeholder="any" value={boundText(condition.score_at_least)} onChange={(event) => onChange({ ...condition, score_at_least: bound(event.target.value) })} />%
      </label>
      <label className="flow-inline flow-inline--label">
        below
        <input className="form-field__input flow-inline__number" type="number" min={0} max={100} placeholder="any" value={boundText(condition.score_below)} onChange={(event) => onChange({ ...condition, score_below: bound(event.target.value) })} />%
      </label>
      <p className="flow-panel__note">{ENGAGEMENT_CONDITION_TEXTS.noScore}</p>
    </>
  );
}

function RuleRow({ rule, index, choices, onChange }: { rule: FlowRule; index: number; choices: FlowChoices | null; onChange(rule: FlowRule): void }) {
  const n = index + 1;
  const kind = (value: string) => (
    <select
      className="form-field__input"
      aria-label={`Condition ${n}: kind`}
      value={value}
      onChange={(event) =>
        onChange(event.target.value === 'segment' ? { type: 'segment', op: 'in', segment_id: choices?.segments[0]?.id ?? CHOOSE_ID } : event.target.value === 'engagement' ? newScoreRule() : newEventRule())
      }
    >
      <option value="event">Did an event</option>
      <option value="segment">Is in a segment</option>
      <option value="engagement">Engagement score</option>
    </select>
  );
  if (rule.type === 'profile') {
    const { condition } = rule;
    if (condition.field !== 'engagement_score') return <p className="flow-panel__note">A condition on the person’s {condition.field} (kept as it was set).</p>;
    return (
      <div className="flow-rule">
        {kind('engagement')}
        <ScoreRule n={n} condition={condition} onChange={(next) => onChange({ type: 'profile', condition: next })} />
      </div>
    );
  }
  return (
    <div className="flow-rule">
      {kind(rule.type)}
      {rule.type === 'segment' ? (
        <>
          <select className="form-field__input" aria-label={`Condition ${n}: in or not`} value={rule.op} onChange={(event) => onChange({ ...rule, op: event.target.value as 'in' | 'not_in' })}>
            <option value="in">is in</option>
            <option value="not_in">is not in</option>
          </select>
          <select className="form-field__input" aria-label={`Condition ${n}: segment`} value={rule.segment_id} onChange={(event) => onChange({ ...rule, segment_id: event.target.value })}>
            {!choices?.segments.some((segment) => segment.id === rule.segment_id) && <option value={rule.segment_id}>Choose a segment</option>}
            {choices?.segments.map((segment) => (
              <option key={segment.id} value={segment.id}>
                {segment.name}
              </option>
            ))}
          </select>
        </>
      ) : (
        <>
          <select className="form-field__input" aria-label={`Condition ${n}: did or did not`} value={rule.op} onChange={(event) => onChange({ ...rule, op: event.target.value as 'did' | 'did_not' })}>
            <option value="did">did</option>
            <option value="did_not">did not do</option>
          </select>
          <input className="form-field__input" aria-label={`Condition ${n}: event`} maxLength={100} value={rule.event} onChange={(event) => onChange({ ...rule, event: event.target.value.trim() })} />
          <label className="flow-inline flow-inline--label">
            at least
            <input className="form-field__input flow-inline__number" type="number" min={1} max={1000} value={rule.at_least} onChange={(event) => onChange({ ...rule, at_least: Number(event.target.value) })} />
            times
          </label>
          <label className="flow-inline flow-inline--label">
            in the last
            <input className="form-field__input flow-inline__number" type="number" min={1} max={FLOW_LIMITS.maxDays} value={rule.days} onChange={(event) => onChange({ ...rule, days: Number(event.target.value) })} />
            days
          </label>
        </>
      )}
    </div>
  );
}

/** A split: people who match go along "Yes", the others along "No". */
export function StepSplitForm({ step, choices, errors, onChange }: { step: SplitStep; choices: FlowChoices | null; errors: Errors; onChange(step: SplitStep): void }) {
  const { condition } = step;
  const setRules = (rules: FlowRule[]) => onChange({ ...step, condition: { ...condition, rules } });
  const problem = Object.entries(errors).find(([field]) => field.startsWith('condition'))?.[1];
  return (
    <div className="flow-panel__fields">
      <SelectField id="split-match" label="People go along “Yes” when they match" value={condition.match} onChange={(event) => onChange({ ...step, condition: { ...condition, match: event.target.value as 'all' | 'any' } })}>
        <option value="all">all of these conditions</option>
        <option value="any">any of these conditions</option>
      </SelectField>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      {condition.rules.map((rule, index) => (
        <div key={index} className="flow-rule-frame">
          <RuleRow rule={rule} index={index} choices={choices} onChange={(next) => setRules(condition.rules.map((current, at) => (at === index ? next : current)))} />
          {condition.rules.length > 1 && (
            <Button variant="ghost" aria-label={`Remove condition ${index + 1}`} onClick={() => setRules(condition.rules.filter((_, at) => at !== index))}>
              Remove
            </Button>
          )}
        </div>
      ))}
      {condition.rules.length < FLOW_LIMITS.rules && (
        <Button variant="secondary" onClick={() => setRules([...condition.rules, newEventRule()])}>
          Add a condition
        </Button>
      )}
    </div>
  );
}
