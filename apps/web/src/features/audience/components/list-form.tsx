import { type FormEvent, type ReactNode, useState } from 'react';
import { AUDIENCE_LIMITS, type AudienceList, type ListCreate, listCreateSchema, type ListUpdate, listUpdateSchema } from '@postlark/shared/audience';
import { fieldErrors } from '@postlark/shared/validation';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { type FormOutcome, useFieldErrors } from '../../../lib/form-state';
import { LIST_FORM_TEXTS } from '../audience-content';
import '../../../components/ui/check-chip.css';
import '../../../components/ui/notice.css';
import './audience.css';
import './lists-page.css';
import { LIST_SENDER_TEXTS } from '../audience-content';

interface ListFormProps {
  /** The list being edited; a new list when absent. */
  list?: AudienceList;
  onSave(body: ListCreate | ListUpdate): Promise<FormOutcome>;
  onCancel(): void;
  /** The confirmation's From address field (the customer's senders to choose from); without it, none is asked. */
  fromField?: (field: { value: string; error?: string; onChange(value: string): void }) => ReactNode;
}

/** The New list and Edit list dialogs' form: name, private and public descriptions, double opt-in (on for a new list) and who confirmations come from. */
export function ListForm({ list, onSave, onCancel, fromField }: ListFormProps) {
  const [values, setValues] = useState({
    name: list?.name ?? '',
    description: list?.description ?? '',
    public_description: list?.public_description ?? '',
    double_opt_in: list?.double_opt_in ?? true,
    from_name: list?.from_name ?? '',
    from_email: list?.from_email ?? '',
  });
  const errors = useFieldErrors();
  const [formError, setFormError] = useState('');
  const [saving, setSaving] = useState(false);

  function change(next: Partial<typeof values>) {
    setValues((current) => ({ ...current, ...next }));
    for (const name of Object.keys(next)) errors.clear(name);
    setFormError('');
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = (list ? listUpdateSchema : listCreateSchema).safeParse(values);
    if (!parsed.success) {
      errors.show(fieldErrors(parsed.error));
      return;
    }
    setSaving(true);
    const outcome = await onSave(values);
    setSaving(false);
    if (outcome.ok) return;
    errors.show(outcome.errors);
    if (Object.keys(outcome.errors).length === 0) setFormError(outcome.message);
  }

  return (
    <form className="audience-form audience-form--dialog" noValidate aria-label={list ? 'Edit list' : 'New list'} onSubmit={(event) => void onSubmit(event)}>
      <TextField
        label="Name"
        requiredMark
        autoComplete="off"
        maxLength={AUDIENCE_LIMITS.listName}
        value={values.name}
        error={errors.errors.name}
        onChange={(event) => change({ name: event.target.value })}
      />
      <TextAreaField
        label={LIST_FORM_TEXTS.description}
        hint={LIST_FORM_TEXTS.descriptionHint}
        maxLength={AUDIENCE_LIMITS.listDescription}
        value={values.description}
        error={errors.errors.description}
        onChange={(event) => change({ description: event.target.value })}
      />
      <TextAreaField
        label={LIST_FORM_TEXTS.publicDescription}
        hint={LIST_FORM_TEXTS.publicDescriptionHint}
        maxLength={AUDIENCE_LIMITS.listDescription}
        value={values.public_description}
        error={errors.errors.public_description}
        onChange={(event) => change({ public_description: event.target.value })}
      />
      <label className="list-form__opt-in">
        <input type="checkbox" checked={values.double_opt_in} onChange={(event) => change({ double_opt_in: event.target.checked })} />
        <span className="check-chip__box" aria-hidden="true" />
        <span className="list-form__opt-in-text">
          <span className="list-form__opt-in-label">Double opt-in</span>
          <span className="list-form__opt-in-description">People who join from a form confirm their address by email before they receive anything.</span>
        </span>
      </label>
      {fromField && (
        <fieldset className="list-form__sender">
          <legend>{LIST_SENDER_TEXTS.legend}</legend>
          <p className="list-form__sender-hint">{LIST_SENDER_TEXTS.hint}</p>
          <TextField
            label={LIST_SENDER_TEXTS.nameLabel}
            autoComplete="organization"
            maxLength={AUDIENCE_LIMITS.listFromName}
            placeholder={LIST_SENDER_TEXTS.namePlaceholder}
            value={values.from_name}
            error={errors.errors.from_name}
            onChange={(event) => change({ from_name: event.target.value })}
          />
          {fromField({ value: values.from_email, error: errors.errors.from_email, onChange: (value) => change({ from_email: value }) })}
        </fieldset>
      )}
      <p className="notice notice--error" role="alert">
        {formError}
      </p>
      <div className="audience-form__actions">
        <Button variant="secondary" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : list ? 'Save list' : 'Create list'}
        </Button>
      </div>
    </form>
  );
}
