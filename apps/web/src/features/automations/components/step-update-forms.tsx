import { useState } from 'react';
import type { FlowStep } from '@postlark/shared/automations';
import { FLOW_LIMITS } from '@postlark/shared/automations-messages';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/field-error';
import { TextField } from '../../../components/ui/text-field';
import type { FlowChoices } from '../automations-thunks';

type UpdateStep = Extract<FlowStep, { type: 'update' }>;
type WebhookStep = Extract<FlowStep, { type: 'webhook' }>;
type Errors = Readonly<Record<string, string>>;

function ListChecks({ legend, chosen, choices, onChange }: { legend: string; chosen: string[]; choices: FlowChoices | null; onChange(ids: string[]): void }) {
  return (
    <fieldset className="flow-fieldset">
      <legend className="form-field__label">{legend}</legend>
      {!choices?.lists.length && <p className="flow-panel__note">You have no lists yet.</p>}
      {choices?.lists.map((list) => (
        <label key={list.id} className="flow-check">
          <input type="checkbox" checked={chosen.includes(list.id)} onChange={(event) => onChange(event.target.checked ? [...chosen, list.id] : chosen.filter((id) => id !== list.id))} />
          {list.name}
        </label>
      ))}
    </fieldset>
  );
}

/** Update the person: their name (left empty, unchanged) and their lists. */
export function StepUpdateForm({ step, choices, onChange }: { step: UpdateStep; choices: FlowChoices | null; onChange(step: UpdateStep): void }) {
  const name = (field: 'first_name' | 'last_name', value: string) => {
    const next = { ...step, [field]: value };
    if (value === '') delete next[field];
    onChange(next);
  };
  return (
    <div className="flow-panel__fields">
      <TextField id="update-first-name" label="Set first name to" hint="Left empty, it stays as it is." maxLength={100} value={step.first_name ?? ''} onChange={(event) => name('first_name', event.target.value)} />
      <TextField id="update-last-name" label="Set last name to" maxLength={100} value={step.last_name ?? ''} onChange={(event) => name('last_name', event.target.value)} />
      <ListChecks legend="Add to lists" chosen={step.add_to_lists} choices={choices} onChange={(ids) => onChange({ ...step, add_to_lists: ids.slice(0, FLOW_LIMITS.listsPerUpdate) })} />
      <ListChecks legend="Remove from lists" chosen={step.remove_from_lists} choices={choices} onChange={(ids) => onChange({ ...step, remove_from_lists: ids.slice(0, FLOW_LIMITS.listsPerUpdate) })} />
      <label className="flow-check">
        <input type="checkbox" checked={step.unsubscribe !== null} onChange={(event) => onChange({ ...step, unsubscribe: event.target.checked ? { reason: step.unsubscribe?.reason ?? '' } : null })} />
        Unsubscribe them from everything
      </label>
      {step.unsubscribe && (
        <TextField
          id="update-unsubscribe-reason"
          label="Reason (recorded with the unsubscribe)"
          maxLength={FLOW_LIMITS.unsubscribeReason}
          value={step.unsubscribe.reason}
          onChange={(event) => onChange({ ...step, unsubscribe: { reason: event.target.value } })}
        />
      )}
    </div>
  );
}

/** The secret every flow's webhook calls are signed with: made anew on request, shown that once. */
function WebhookSecret({ onNewSecret }: { onNewSecret(): Promise<string> }) {
  const [secret, setSecret] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  async function make() {
    setBusy(true);
    setError('');
    try {
      setSecret(await onNewSecret());
    } catch (reason) {
      setError(reason instanceof Error ? reason.message : String(reason));
    }
    setBusy(false);
  }
  return (
    <div className="form-field">
      <span className="form-field__label">Signing secret</span>
      <p className="flow-panel__note">
        Your receiver checks each call with it. It is kept sealed and shown only when made: a new one replaces the old one for every flow at once.
      </p>
      {secret && (
        <>
          <input className="form-field__input" readOnly aria-label="New signing secret" value={secret} onFocus={(event) => event.target.select()} />
          <p className="notice notice--info" role="status">
            Copy it now: it is not shown again.
          </p>
        </>
      )}
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
      <Button variant="secondary" disabled={busy} onClick={() => void make()}>
        {busy ? 'Making...' : 'Make a new signing secret'}
      </Button>
    </div>
  );
}

/** A webhook: the address, and extra JSON sent beside the person and the trigger. */
export function StepWebhookForm({ step, errors, onChange, onNewSecret }: { step: WebhookStep; errors: Errors; onChange(step: WebhookStep): void; onNewSecret(): Promise<string> }) {
  const [data, setData] = useState(() => JSON.stringify(step.data, null, 2));
  const [dataError, setDataError] = useState('');
  return (
    <div className="flow-panel__fields">
      <TextField
        id="webhook-url"
        label="Address"
        type="url"
        placeholder="https://example.com/hooks/postlark"
        hint="Each call is signed (Standard Webhooks, HMAC-SHA256) and retried when it fails."
        maxLength={FLOW_LIMITS.url}
        value={step.url}
        error={errors.url}
        onChange={(event) => onChange({ ...step, url: event.target.value.trim() })}
      />
      <div className="form-field">
        <label className="form-field__label" htmlFor="webhook-data">
          Extra data (JSON)
        </label>
        <textarea
          id="webhook-data"
          className="form-field__input form-field__input--multiline"
          rows={5}
          value={data}
          aria-invalid={dataError || errors.data ? true : undefined}
          aria-describedby="webhook-data-error"
          onChange={(event) => {
            setData(event.target.value);
            try {
              const parsed: unknown = JSON.parse(event.target.value || '{}');
              if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
              setDataError('');
              onChange({ ...step, data: parsed as Record<string, unknown> });
            } catch {
              setDataError('Write a JSON object, such as {"source": "postlark"}.');
            }
          }}
        />
        <FieldError id="webhook-data-error" message={dataError || errors.data} />
      </div>
      <WebhookSecret onNewSecret={onNewSecret} />
    </div>
  );
}
