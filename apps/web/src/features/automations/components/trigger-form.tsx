import { type FlowTrigger, TRIGGER_TYPES } from '@postlark/shared/automations';
import { FLOW_LIMITS } from '@postlark/shared/automations-messages';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { CHOOSE_ID, TRIGGER_LABELS } from '../automations-content';
import type { FlowChoices } from '../automations-thunks';
import { HourField } from './hour-field';
import { PropertyFilters } from './property-filters';
import './flow-panel.css';

type Errors = Readonly<Record<string, string>>;

function fresh(type: FlowTrigger['type']): FlowTrigger {
  switch (type) {
    case 'event':
      return { type, event: 'cart_updated', filters: [] };
    case 'list_joined':
      return { type, list_id: CHOOSE_ID };
    case 'segment_entered':
      return { type, segment_id: CHOOSE_ID };
    case 'date':
      return { type, attribute: 'birthday', offset_days: 0, hour: 9 };
    case 'form_signup':
      return { type, form_id: CHOOSE_ID };
  }
}


function Choice({ id, label, value, options, error, onChange }: { id: string; label: string; value: string; options: { id: string; name: string }[]; error?: string; onChange(id: string): void }) {
  return (
    <SelectField id={id} label={label} value={value} error={error} onChange={(event) => onChange(event.target.value)}>
      {(value === CHOOSE_ID || !options.some((option) => option.id === value)) && <option value={value}>Choose one</option>}
      {options.map((option) => (
        <option key={option.id} value={option.id}>
          {option.name}
        </option>
      ))}
    </SelectField>
  );
}

/** What starts the flow: its kind, then what it needs. */
export function TriggerForm({ trigger, choices, errors, onChange }: { trigger: FlowTrigger; choices: FlowChoices | null; errors: Errors; onChange(trigger: FlowTrigger): void }) {
  return (
    <div className="flow-panel__fields">
      <SelectField id="trigger-type" label="Starts when" value={trigger.type} onChange={(event) => onChange(fresh(event.target.value as FlowTrigger['type']))}>
        {TRIGGER_TYPES.map((type) => (
          <option key={type} value={type}>
            {TRIGGER_LABELS[type]}
          </option>
        ))}
      </SelectField>
      {trigger.type === 'event' && (
        <>
          <TextField
            id="trigger-event"
            label="Event name"
            hint="As your site sends it to POST /api/v1/events, e.g. cart_updated or order_placed."
            maxLength={100}
            value={trigger.event}
            error={errors['trigger.event']}
            onChange={(event) => onChange({ ...trigger, event: event.target.value.trim() })}
          />
          <PropertyFilters id="trigger-filters" filters={trigger.filters} onChange={(filters) => onChange({ ...trigger, filters })} />
        </>
      )}
      {trigger.type === 'list_joined' && (
        <Choice id="trigger-list" label="List" value={trigger.list_id} options={choices?.lists ?? []} error={errors['trigger.list_id']} onChange={(id) => onChange({ ...trigger, list_id: id })} />
      )}
      {trigger.type === 'segment_entered' && (
        <Choice id="trigger-segment" label="Segment" value={trigger.segment_id} options={choices?.segments ?? []} error={errors['trigger.segment_id']} onChange={(id) => onChange({ ...trigger, segment_id: id })} />
      )}
      {trigger.type === 'form_signup' && (
        <Choice id="trigger-form" label="Sign-up form" value={trigger.form_id} options={choices?.forms ?? []} error={errors['trigger.form_id']} onChange={(id) => onChange({ ...trigger, form_id: id })} />
      )}
      {trigger.type === 'date' && (
        <>
          <TextField
            id="trigger-attribute"
            label="Date field"
            hint="A subscriber field holding a date (YYYY-MM-DD), such as birthday."
            maxLength={64}
            value={trigger.attribute}
            error={errors['trigger.attribute']}
            onChange={(event) => onChange({ ...trigger, attribute: event.target.value.trim() })}
          />
          <TextField
            id="trigger-offset"
            label="Days before (−) or after (+)"
            type="number"
            min={-FLOW_LIMITS.maxDays}
            max={FLOW_LIMITS.maxDays}
            value={trigger.offset_days}
            error={errors['trigger.offset_days']}
            onChange={(event) => onChange({ ...trigger, offset_days: Number(event.target.value) })}
          />
          <HourField id="trigger-hour" label="At, in the person’s timezone" value={trigger.hour} onChange={(hour) => onChange({ ...trigger, hour })} />
        </>
      )}
    </div>
  );
}
