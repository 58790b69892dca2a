import type { FlowDefinition, FlowRules } from '@postlark/shared/automations';
import { FLOW_LIMITS } from '@postlark/shared/automations-messages';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { HourField } from './hour-field';
import './flow-panel.css';

type Errors = Readonly<Record<string, string>>;
const TIMEZONES = Intl.supportedValuesOf('timeZone');

interface RulesFormProps {
  rules: FlowRules;
  goal: FlowDefinition['goal'];
  errors: Errors;
  onChange(rules: FlowRules, goal: FlowDefinition['goal']): void;
}

/** The flow's own rules: who may enter again, how often it mails, when it keeps quiet, and its goal. */
export function RulesForm({ rules, goal, errors, onChange }: RulesFormProps) {
  const set = (change: Partial<FlowRules>) => onChange({ ...rules, ...change }, goal);
  return (
    <div className="flow-panel__fields">
      <fieldset className="flow-fieldset">
        <legend className="form-field__label">Can a person go through it again?</legend>
        {(
          [
            ['never', 'Never: once per person'],
            ['after_days', 'Yes, after some days'],
            ['always', 'Yes, each time the trigger happens'],
          ] as const
        ).map(([mode, label]) => (
          <label key={mode} className="flow-radio">
            <input type="radio" name="reentry" value={mode} checked={rules.reentry === mode} onChange={() => set({ reentry: mode, reentry_days: mode === 'after_days' ? (rules.reentry_days ?? 30) : null })} />
            {label}
          </label>
        ))}
        {rules.reentry === 'after_days' && (
          <TextField
            id="rules-reentry-days"
            label="Days after their last entry"
            type="number"
            min={1}
            max={FLOW_LIMITS.maxDays}
            value={rules.reentry_days ?? ''}
            error={errors['rules.reentry_days']}
            onChange={(event) => set({ reentry_days: event.target.value === '' ? null : Number(event.target.value) })}
          />
        )}
      </fieldset>
      <fieldset className="flow-fieldset">
        <legend className="form-field__label">Frequency cap</legend>
        <label className="flow-check">
          <input type="checkbox" checked={rules.frequency_cap_hours !== null} onChange={(event) => set({ frequency_cap_hours: event.target.checked ? 16 : null })} />
          At most one automation email per person in a window (across all flows)
        </label>
        {rules.frequency_cap_hours !== null && (
          <TextField
            id="rules-cap"
            label="Hours between automation emails"
            hint="A later email waits for the next allowed time; it is never dropped."
            type="number"
            min={1}
            max={720}
            value={rules.frequency_cap_hours}
            error={errors['rules.frequency_cap_hours']}
            onChange={(event) => set({ frequency_cap_hours: Number(event.target.value) })}
          />
        )}
      </fieldset>
      <fieldset className="flow-fieldset">
        <legend className="form-field__label">Quiet hours</legend>
        <label className="flow-check">
          <input type="checkbox" checked={rules.quiet_hours !== null} onChange={(event) => set({ quiet_hours: event.target.checked ? { start: 21, end: 8 } : null })} />
          Hold emails at night in the person’s timezone
        </label>
        {rules.quiet_hours && (
          <div className="flow-inline">
            <HourField id="rules-quiet-start" label="From" value={rules.quiet_hours.start} onChange={(start) => set({ quiet_hours: { ...rules.quiet_hours!, start } })} />
            <HourField id="rules-quiet-end" label="Until" value={rules.quiet_hours.end} onChange={(end) => set({ quiet_hours: { ...rules.quiet_hours!, end } })} />
          </div>
        )}
      </fieldset>
      <SelectField id="rules-timezone" label="Timezone of people who have none" value={rules.timezone} error={errors['rules.timezone']} onChange={(event) => set({ timezone: event.target.value })}>
        {[...new Set(['UTC', ...TIMEZONES])].map((zone) => (
          <option key={zone} value={zone}>
            {zone}
          </option>
        ))}
      </SelectField>
      <fieldset className="flow-fieldset">
        <legend className="form-field__label">Goal</legend>
        <label className="flow-check">
          <input type="checkbox" checked={goal !== null} onChange={(event) => onChange(rules, event.target.checked ? { event: 'order_placed', filters: [] } : null)} />
          End the flow for a person when they reach a goal (counted as a conversion)
        </label>
        {goal && (
          <TextField
            id="rules-goal"
            label="Goal event"
            hint="For example order_placed: a purchase ends an abandoned-cart flow."
            maxLength={100}
            value={goal.event}
            error={errors['goal.event']}
            onChange={(event) => onChange(rules, { ...goal, event: event.target.value.trim() })}
          />
        )}
      </fieldset>
    </div>
  );
}
