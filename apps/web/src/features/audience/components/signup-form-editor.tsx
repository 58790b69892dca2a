import { type FormEvent, useState } from 'react';
import type { AudienceList } from '@postlark/shared/audience';
import { FORM_LIMITS, type FormCreate, formCreateSchema, type FormUpdate, formUpdateSchema, type SignupForm } from '@postlark/shared/forms';
import { fieldErrors } from '@postlark/shared/validation';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { type FormOutcome, useFieldErrors } from '../../../lib/form-state';
import '../../../components/ui/notice.css';
import './audience.css';

interface SignupFormEditorProps {
  /** The form being edited; a new form when absent. */
  form?: SignupForm;
  lists: readonly AudienceList[];
  onSave(body: FormCreate | FormUpdate): Promise<FormOutcome>;
  onCancel(): void;
}

/** The New form and Edit form dialogs: name, the list it adds people to, and the words people see. */
export function SignupFormEditor({ form, lists, onSave, onCancel }: SignupFormEditorProps) {
  const [values, setValues] = useState({
    name: form?.name ?? '',
    list_id: form?.list_id ?? '',
    title: form?.title ?? 'Subscribe to our newsletter',
    intro: form?.intro ?? '',
    button_label: form?.button_label ?? 'Subscribe',
  });
  // The dialog can open before the lists arrive: until one is chosen, the form takes the first
  // list the select shows, whenever it came.
  const listId = values.list_id || (lists[0]?.id ?? '');
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
    const parsed = (form ? formUpdateSchema : formCreateSchema).safeParse({ ...values, list_id: listId });
    if (!parsed.success) return errors.show(fieldErrors(parsed.error));
    setSaving(true);
    const outcome = await onSave(parsed.data);
    setSaving(false);
    if (outcome.ok) return;
    errors.show(outcome.errors);
    if (Object.keys(outcome.errors).length === 0) setFormError(outcome.message);
  }

  return (
    <form className="audience-form audience-form--dialog" noValidate aria-label={form ? 'Edit form' : 'New form'} onSubmit={(event) => void onSubmit(event)}>
      <TextField
        label="Name"
        hint="Only you see it."
        requiredMark
        autoComplete="off"
        maxLength={FORM_LIMITS.name}
        value={values.name}
        error={errors.errors.name}
        onChange={(event) => change({ name: event.target.value })}
      />
      <SelectField label="List" requiredMark hint="People who sign up join this list." value={listId} error={errors.errors.list_id} onChange={(event) => change({ list_id: event.target.value })}>
        {lists.length === 0 && <option value="">Create a list first</option>}
        {lists.map((list) => (
          <option key={list.id} value={list.id}>
            {list.name}
          </option>
        ))}
      </SelectField>
      <TextField label="Title" maxLength={FORM_LIMITS.title} value={values.title} error={errors.errors.title} onChange={(event) => change({ title: event.target.value })} />
      <TextAreaField
        label="Introduction"
        hint="A line or two on what people get, and how often."
        maxLength={FORM_LIMITS.intro}
        value={values.intro}
        error={errors.errors.intro}
        onChange={(event) => change({ intro: event.target.value })}
      />
      <TextField
        label="Button label"
        maxLength={FORM_LIMITS.buttonLabel}
        value={values.button_label}
        error={errors.errors.button_label}
        onChange={(event) => change({ button_label: event.target.value })}
      />
      <p className="notice notice--error" role="alert">
        {formError}
      </p>
      <div className="audience-form__actions">
        <Button variant="secondary" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : form ? 'Save form' : 'Create form'}
        </Button>
      </div>
    </form>
  );
}
