import { type FormEvent, useId, useState } from 'react';
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  type WebhookEndpoint,
  type WebhookEndpointCreate,
  webhookEndpointCreateSchema,
  type WebhookEventType,
} from '@postlark/shared/outgoing-webhooks';
import { fieldErrors, type FieldErrors } from '@postlark/shared/validation';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/field-error';
import { TextField } from '../../../components/ui/text-field';
import { useFieldErrors } from '../../../lib/form-state';

export type EndpointSaved = { ok: true } | { ok: false; message: string; errors: FieldErrors };

interface EndpointFormProps {
  /** The endpoint being edited; none for a new one. */
  endpoint?: WebhookEndpoint;
  onSave(body: WebhookEndpointCreate): Promise<EndpointSaved>;
  onCancel(): void;
}

/** The address, a note, and the events to send: one form to add an endpoint or edit one. */
export function WebhookEndpointForm({ endpoint, onSave, onCancel }: EndpointFormProps) {
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [types, setTypes] = useState<WebhookEventType[]>(endpoint?.event_types ?? ['subscriber.subscribed', 'subscriber.unsubscribed']);
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState('');
  const errors = useFieldErrors();
  const eventsErrorId = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError('');
    const parsed = webhookEndpointCreateSchema.safeParse({ url, description, event_types: types, enabled: endpoint?.enabled ?? true });
    if (!parsed.success) {
      errors.show(fieldErrors(parsed.error));
      return;
    }
    setSaving(true);
    const outcome = await onSave(parsed.data);
    setSaving(false);
    if (outcome.ok) return;
    errors.show(outcome.errors);
    if (Object.keys(outcome.errors).length === 0) setFormError(outcome.message);
  }

  const typesError = errors.errors.event_types ?? Object.entries(errors.errors).find(([key]) => key.startsWith('event_types.'))?.[1];

  return (
    <form className="webhooks__form" noValidate aria-label={endpoint ? `Edit ${endpoint.url}` : 'Add a webhook endpoint'} onSubmit={(event) => void submit(event)}>
      <div className="webhooks__form-fields">
        <TextField
          label="Endpoint URL"
          type="url"
          inputMode="url"
          placeholder="https://example.com/postlark-webhook"
          autoComplete="off"
          spellCheck={false}
          maxLength={2000}
          value={url}
          error={errors.errors.url}
          disabled={saving}
          onChange={(event) => {
            setUrl(event.target.value);
            errors.clear('url');
          }}
        />
        <TextField
          label="Description (optional)"
          placeholder="What receives it, like Our CRM"
          autoComplete="off"
          maxLength={100}
          value={description}
          error={errors.errors.description}
          disabled={saving}
          onChange={(event) => {
            setDescription(event.target.value);
            errors.clear('description');
          }}
        />
      </div>
      <fieldset className="profile-checks profile-checks--grid webhooks__events" disabled={saving} aria-describedby={typesError ? eventsErrorId : undefined}>
        <legend className="form-field__legend">Events to send</legend>
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <label key={type} className="profile-check profile-check--compact">
            <input
              type="checkbox"
              name="event_types"
              value={type}
              checked={types.includes(type)}
              onChange={(event) => {
                const chosen = event.target.checked;
                setTypes((current) => (chosen ? WEBHOOK_EVENT_TYPES.filter((each) => each === type || current.includes(each)) : current.filter((each) => each !== type)));
                errors.clear('event_types');
              }}
            />
            <span className="profile-check__box" aria-hidden="true" />
            <span className="profile-check__text">
              <span className="profile-check__label">{WEBHOOK_EVENT_LABELS[type]}</span>
              <code className="webhooks__type">{type}</code>
            </span>
          </label>
        ))}
      </fieldset>
      {typesError && <FieldError id={eventsErrorId} message={typesError} />}
      {formError && (
        <p className="notice notice--error" role="alert">
          {formError}
        </p>
      )}
      <div className="webhooks__form-actions">
        <Button variant="secondary" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : endpoint ? 'Save endpoint' : 'Add endpoint'}
        </Button>
      </div>
    </form>
  );
}
