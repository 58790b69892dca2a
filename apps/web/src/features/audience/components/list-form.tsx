import { type FormEvent, useState } from 'react';
import { AUDIENCE_LIMITS, type AudienceList, type ListCreate, listCreateSchema, type ListUpdate, listUpdateSchema } from '@postlark/shared/audience';
import { fieldErrors } from '@postlark/shared/validation';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { type FormOutcome, useFieldErrors } from '../../../lib/form-state';
import '../../../components/ui/check-chip.css';
import '../../../components/ui/notice.css';
import './audience.css';
import './lists-page.css';

interface ListFormProps {
  /** The list being edited; a new list when absent. */
  list?: AudienceList;
  onSave(body: ListCreate | ListUpdate): Promise<FormOutcome>;
  onCancel(): void;
}

/** The New list and Edit list dialogs' form: name, description and double opt-in (on for a new list). */
export function ListForm({ list, onSave, onCancel }: ListFormProps) {
  const [values, setValues] = useState({ name: list?.name ?? '', description: list?.description ?? '', double_opt_in: list?.double_opt_in ?? true });
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
        label="Description"
        hint="Only you see it: a reminder of who the list is for."
        maxLength={AUDIENCE_LIMITS.listDescription}
        value={values.description}
        error={errors.errors.description}
        onChange={(event) => change({ description: event.target.value })}
      />
      <label className="list-form__opt-in">
        <input type="checkbox" checked={values.double_opt_in} onChange={(event) => change({ double_opt_in: event.target.checked })} />
        <span className="check-chip__box" aria-hidden="true" />
        <span className="list-form__opt-in-text">
          <span className="list-form__opt-in-label">Double opt-in</span>
          <span className="list-form__opt-in-description">People who join from a form confirm their address by email before they receive anything.</span>
        </span>
      </label>
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
