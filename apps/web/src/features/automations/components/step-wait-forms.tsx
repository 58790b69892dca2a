import type { FlowStep } from '@postlark/shared/automations';
import { TextField } from '../../../components/ui/text-field';
import { WEEKDAY_NAMES } from '../automations-content';
import { DurationField } from './duration-field';
import { HourField } from './hour-field';
import { PropertyFilters } from './property-filters';

type Errors = Readonly<Record<string, string>>;
type WaitStep = Extract<FlowStep, { type: 'wait' }>;
type WaitEventStep = Extract<FlowStep, { type: 'wait_event' }>;

/** A wait: for a while, or until one of some weekdays at an hour in the person's timezone. */
export function StepWaitForm({ step, errors, onChange }: { step: WaitStep; errors: Errors; onChange(step: WaitStep): void }) {
  const mode = step.until ? 'until' : 'duration';
  return (
    <div className="flow-panel__fields">
      <fieldset className="flow-fieldset">
        <legend className="form-field__label">Wait</legend>
        <label className="flow-radio">
          <input type="radio" name="wait-mode" checked={mode === 'duration'} onChange={() => onChange({ id: step.id, type: 'wait', duration: { amount: 1, unit: 'days' }, next: step.next })} />
          For a while
        </label>
        <label className="flow-radio">
          <input type="radio" name="wait-mode" checked={mode === 'until'} onChange={() => onChange({ id: step.id, type: 'wait', until: { weekdays: [1], hour: 9 }, next: step.next })} />
          Until a weekday and hour
        </label>
      </fieldset>
      {step.duration && <DurationField id="wait-duration" legend="How long" value={step.duration} error={errors.duration ?? errors['duration.amount']} onChange={(duration) => onChange({ ...step, duration })} />}
      {step.until && (
        <>
          <fieldset className="flow-fieldset">
            <legend className="form-field__label">On</legend>
            <div className="flow-weekdays">
              {WEEKDAY_NAMES.map((name, day) => (
                <label key={name} className="flow-check">
                  <input
                    type="checkbox"
                    checked={step.until!.weekdays.includes(day)}
                    onChange={(event) =>
                      onChange({ ...step, until: { ...step.until!, weekdays: event.target.checked ? [...step.until!.weekdays, day].sort() : step.until!.weekdays.filter((other) => other !== day) } })
                    }
                  />
                  {name}
                </label>
              ))}
            </div>
          </fieldset>
          <HourField id="wait-hour" label="At, in the person’s timezone" value={step.until.hour} error={errors['until.weekdays']} onChange={(hour) => onChange({ ...step, until: { ...step.until!, hour } })} />
        </>
      )}
    </div>
  );
}

/** A wait for an event: the path goes on when it happens, or along "Timed out" when it does not in time. */
export function StepWaitEventForm({ step, errors, onChange }: { step: WaitEventStep; errors: Errors; onChange(step: WaitEventStep): void }) {
  return (
    <div className="flow-panel__fields">
      <TextField id="wait-event-name" label="Event" maxLength={100} value={step.event} error={errors.event} onChange={(event) => onChange({ ...step, event: event.target.value.trim() })} />
      <PropertyFilters id="wait-event-filters" filters={step.filters} onChange={(filters) => onChange({ ...step, filters })} />
      <DurationField id="wait-event-timeout" legend="Give up after" value={step.timeout} error={errors.timeout ?? errors['timeout.amount']} onChange={(timeout) => onChange({ ...step, timeout })} />
    </div>
  );
}
