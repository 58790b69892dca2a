import { useId } from 'react';
import { Link } from 'react-router';
import { AUDIENCE_LIMITS, type AudienceList, SETTABLE_SUBSCRIBER_STATUSES, type SubscriberStatus } from '@postlark/shared/audience';
import type { FieldErrors } from '@postlark/shared/validation';
import { ROUTES } from '@postlark/shared/routes';
import { FieldError } from '../../../components/ui/field-error';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { SUBSCRIBER_STATUS_LABELS } from '../audience-content';
import { type SubscriberFormValues, timeZoneChoices } from '../subscriber-form';
import '../../../components/ui/check-chip.css';
import './audience.css';

interface SubscriberFieldsProps {
  values: SubscriberFormValues;
  errors: FieldErrors;
  /** The customer's lists; null while they load. */
  lists: readonly AudienceList[] | null;
  onChange(change: Partial<SubscriberFormValues>): void;
  /** The edit form also sets the status, starting from the saved one; a new subscriber is always active. */
  savedStatus?: SubscriberStatus;
}

/** The fields of the add and edit forms: address, names, status (edit only), time zone and lists. */
export function SubscriberFields({ values, errors, lists, onChange, savedStatus }: SubscriberFieldsProps) {
  const zones = timeZoneChoices(values.timezone);
  // Bounced and complained are the mail servers' to set: shown, but not offered.
  const statuses: readonly SubscriberStatus[] =
    savedStatus && !(SETTABLE_SUBSCRIBER_STATUSES as readonly string[]).includes(savedStatus) ? [savedStatus, ...SETTABLE_SUBSCRIBER_STATUSES] : SETTABLE_SUBSCRIBER_STATUSES;
  return (
    <>
      <TextField
        label="Email address"
        type="email"
        autoComplete="off"
        spellCheck={false}
        requiredMark
        value={values.email}
        error={errors.email}
        onChange={(event) => onChange({ email: event.target.value })}
      />
      <div className="audience-form__row">
        <TextField
          label="First name"
          autoComplete="off"
          maxLength={AUDIENCE_LIMITS.name}
          value={values.first_name}
          error={errors.first_name}
          onChange={(event) => onChange({ first_name: event.target.value })}
        />
        <TextField
          label="Last name"
          autoComplete="off"
          maxLength={AUDIENCE_LIMITS.name}
          value={values.last_name}
          error={errors.last_name}
          onChange={(event) => onChange({ last_name: event.target.value })}
        />
      </div>
      <div className="audience-form__row">
        {savedStatus && (
          <SelectField
            label="Status"
            value={values.status}
            error={errors.status}
            hint={savedStatus === 'active' ? undefined : 'Someone who left, bounced or complained cannot be made active again by hand.'}
            onChange={(event) => onChange({ status: event.target.value as SubscriberStatus })}
          >
            {statuses.map((status) => (
              <option key={status} value={status} disabled={!(SETTABLE_SUBSCRIBER_STATUSES as readonly string[]).includes(status)}>
                {SUBSCRIBER_STATUS_LABELS[status]}
              </option>
            ))}
          </SelectField>
        )}
        <SelectField label="Time zone" value={values.timezone} error={errors.timezone} onChange={(event) => onChange({ timezone: event.target.value })}>
          <option value="">Not set</option>
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll('_', ' ')}
            </option>
          ))}
        </SelectField>
      </div>
      <ListPicker lists={lists} chosen={values.list_ids} error={errors.list_ids} onChange={(list_ids) => onChange({ list_ids })} />
    </>
  );
}

export interface ListPickerProps {
  lists: readonly AudienceList[] | null;
  chosen: readonly string[];
  error?: string;
  onChange(listIds: string[]): void;
}

export function ListPicker({ lists, chosen, error, onChange }: ListPickerProps) {
  const errorId = useId();
  return (
    <fieldset className="audience-picker form-field" aria-describedby={error ? errorId : undefined}>
      <legend className="form-field__legend">Lists</legend>
      {lists === null ? (
        <p className="audience-picker__empty">Loading your lists...</p>
      ) : lists.length === 0 ? (
        <p className="audience-picker__empty">
          You have no lists yet. <Link to={ROUTES.lists}>Create one on the Lists page</Link>.
        </p>
      ) : (
        <div className="audience-picker__options">
          {lists.map((list) => (
            <label key={list.id} className="check-chip">
              <input
                type="checkbox"
                checked={chosen.includes(list.id)}
                onChange={(event) => onChange(event.target.checked ? [...chosen, list.id] : chosen.filter((id) => id !== list.id))}
              />
              <span className="check-chip__box" aria-hidden="true" />
              <span className="check-chip__label">{list.name}</span>
            </label>
          ))}
        </div>
      )}
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
