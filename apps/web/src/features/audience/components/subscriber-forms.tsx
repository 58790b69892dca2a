import { type FormEvent, useState } from 'react';
import type { AudienceList, Subscriber, SubscriberCreate, SubscriberUpdate } from '@postlark/shared/audience';
import { Button } from '../../../components/ui/button';
import { type FormOutcome, useFieldErrors } from '../../../lib/form-state';
import { changesOf, checkCreate, checkUpdate, EMPTY_SUBSCRIBER_FORM, formFromSubscriber, type SubscriberFormValues } from '../subscriber-form';
import { SubscriberFields } from './subscriber-fields';
import '../../../components/ui/notice.css';
import './audience.css';

/** A form's values, with each edited field's message cleared as it changes. */
function useSubscriberValues(initial: SubscriberFormValues) {
  const [values, setValues] = useState(initial);
  const errors = useFieldErrors();
  const [formError, setFormError] = useState('');
  return {
    values,
    errors,
    formError,
    setFormError,
    change(change: Partial<SubscriberFormValues>) {
      setValues((current) => ({ ...current, ...change }));
      for (const name of Object.keys(change)) errors.clear(name);
      setFormError('');
    },
    reset() {
      setValues(initial);
      errors.clearAll();
      setFormError('');
    },
    /** A refused save: the fields' own messages under them, or the message under the form. */
    refused(outcome: Extract<FormOutcome, { ok: false }>) {
      errors.show(outcome.errors);
      if (Object.keys(outcome.errors).length === 0) setFormError(outcome.message);
    },
  };
}

interface AddSubscriberFormProps {
  lists: readonly AudienceList[] | null;
  onAdd(body: SubscriberCreate): Promise<FormOutcome>;
  onCancel(): void;
}

/** The Add subscriber dialog's form: checked with the API's schema, then sent. */
export function AddSubscriberForm({ lists, onAdd, onCancel }: AddSubscriberFormProps) {
  const form = useSubscriberValues(EMPTY_SUBSCRIBER_FORM);
  const [saving, setSaving] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkCreate(form.values);
    if (!checked.ok) {
      form.errors.show(checked.errors);
      return;
    }
    setSaving(true);
    const outcome = await onAdd(checked.body);
    setSaving(false);
    if (!outcome.ok) form.refused(outcome);
  }

  return (
    <form className="audience-form audience-form--dialog" noValidate aria-label="Add subscriber" onSubmit={(event) => void onSubmit(event)}>
      <SubscriberFields values={form.values} errors={form.errors.errors} lists={lists} onChange={form.change} />
      <p className="notice notice--error" role="alert">
        {form.formError}
      </p>
      <div className="audience-form__actions">
        <Button variant="secondary" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? 'Adding...' : 'Add subscriber'}
        </Button>
      </div>
    </form>
  );
}

interface EditSubscriberFormProps {
  subscriber: Subscriber;
  lists: readonly AudienceList[] | null;
  onSave(body: SubscriberUpdate): Promise<FormOutcome>;
}

/**
 * The subscriber page's form over what the server holds. Only what changed is sent; the page
 * draws the form again from the saved subscriber after a save.
 */
export function EditSubscriberForm({ subscriber, lists, onSave }: EditSubscriberFormProps) {
  const form = useSubscriberValues(formFromSubscriber(subscriber));
  const [saving, setSaving] = useState(false);
  const dirty = Object.keys(changesOf(subscriber, form.values)).length > 0;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkUpdate(subscriber, form.values);
    if (!checked.ok) {
      form.errors.show(checked.errors);
      return;
    }
    setSaving(true);
    const outcome = await onSave(checked.body);
    setSaving(false);
    if (!outcome.ok) form.refused(outcome);
  }

  return (
    <form className="dash-card audience-form" noValidate aria-labelledby="edit-subscriber-title" onSubmit={(event) => void onSubmit(event)}>
      <div>
        <h2 id="edit-subscriber-title" className="dash-card__title">
          Edit subscriber
        </h2>
        <p className="dash-card__text">Changes apply to every campaign sent from now on.</p>
      </div>
      <SubscriberFields values={form.values} errors={form.errors.errors} lists={lists} onChange={form.change} savedStatus={subscriber.status} />
      <p className="notice notice--error" role="alert">
        {form.formError}
      </p>
      <div className="audience-form__actions">
        <Button variant="secondary" onClick={form.reset} disabled={!dirty || saving}>
          Cancel
        </Button>
        <Button type="submit" disabled={!dirty || saving}>
          {saving ? 'Saving...' : 'Save changes'}
        </Button>
      </div>
    </form>
  );
}
