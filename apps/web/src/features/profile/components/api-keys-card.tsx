import { type FormEvent, useEffect, useId, useState } from 'react';
import { type ApiKey, type ApiKeyCreate, apiKeyCreateSchema } from '@postlark/shared/api-keys';
import { fieldErrors } from '@postlark/shared/validation';
import { webEnv } from '../../../config/env';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { PasswordField } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import { useFieldErrors } from '../../../lib/form-state';
import { PROFILE_TEXTS } from '../profile-content';
import { ApiKeyList, type LoadedKeys } from './api-key-list';
import { NewKeyPanel } from './new-key-panel';
import { CardHead } from '../../../components/ui/card';
import './api-keys.css';

export type ApiKeyCreated = { ok: true; key: string } | { ok: false; message: string; errors: Record<string, string> };

export interface ApiKeysCardProps {
  /** Resolves with the customer's keys, or rejects with the message to show. */
  load(): Promise<ApiKey[]>;
  /** Makes a key (with the current password); resolves with the whole key, which this card shows once and forgets. */
  onCreate(request: ApiKeyCreate): Promise<ApiKeyCreated>;
  /** Revokes a key; resolves with the message to show in the dialog, or '' when it is done. */
  onRevoke(key: ApiKey): Promise<string>;
}

/** Integrations, API keys: the keys other apps use to reach the account through the public API. */
export function ApiKeysCard({ load, onCreate, onRevoke }: ApiKeysCardProps) {
  const [loaded, setLoaded] = useState<LoadedKeys>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [name, setName] = useState('');
  // A key reaches the whole audience: the server asks for the password again, as for an email change.
  const [currentPassword, setCurrentPassword] = useState('');
  const [creating, setCreating] = useState(false);
  const [formError, setFormError] = useState('');
  const errors = useFieldErrors();
  // The whole key lives in this state only, and only until the panel is closed.
  const [created, setCreated] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<{ key: ApiKey; busy: boolean; error?: string } | null>(null);
  const formErrorId = useId();

  useEffect(() => {
    let live = true;
    load().then(
      (keys) => live && setLoaded({ state: 'ready', keys }),
      (message: unknown) => live && setLoaded({ state: 'failed', message: typeof message === 'string' ? message : PROFILE_TEXTS.apiKeysFailed }),
    );
    return () => {
      live = false;
    };
  }, [load, attempt]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError('');
    const parsed = apiKeyCreateSchema.safeParse({ name, current_password: currentPassword });
    if (!parsed.success) {
      errors.show(fieldErrors(parsed.error));
      return;
    }
    setCreating(true);
    const outcome = await onCreate(parsed.data);
    setCreating(false);
    if (outcome.ok) {
      setCreated(outcome.key);
      setName('');
      setCurrentPassword('');
      setAttempt((count) => count + 1);
      return;
    }
    errors.show(outcome.errors);
    if (Object.keys(outcome.errors).length === 0) setFormError(outcome.message);
  }

  async function revoke() {
    if (!revoking) return;
    setRevoking({ ...revoking, busy: true, error: undefined });
    const error = await onRevoke(revoking.key);
    if (error) {
      setRevoking({ ...revoking, busy: false, error });
      return;
    }
    setRevoking(null);
    setAttempt((count) => count + 1);
  }

  return (
    <section className="dash-card dash-card--stack api-keys" aria-labelledby="api-keys-title">
      <CardHead
        title="API keys"
        titleId="api-keys-title"
        text={
          <>
            Connect other apps to your Postlark account: a key lets an app manage your lists and add subscribers through our API. Give each app its
            own key, so you can revoke one without stopping the others.
          </>
        }
        actions={
          <a className="api-keys__docs" href={webEnv.apiDocsUrl} target="_blank" rel="noopener noreferrer">
            API documentation
            <span className="visually-hidden"> (opens in a new tab)</span>
            <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
              <path d="M9 3h4v4M13 3 7.5 8.5M11 9.5V13H3V5h3.5" />
            </svg>
          </a>
        }
      />

      {created && <NewKeyPanel apiKey={created} onDone={() => setCreated(null)} />}

      <form className="api-keys__form" noValidate aria-label="Create API key" onSubmit={(event) => void onSubmit(event)}>
        <TextField
          label="Key name"
          placeholder="The app that will use it, like Zapier"
          autoComplete="off"
          maxLength={100}
          value={name}
          error={errors.errors.name}
          describedBy={formError ? formErrorId : undefined}
          disabled={creating}
          onChange={(event) => {
            setName(event.target.value);
            errors.clear('name');
          }}
        />
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          value={currentPassword}
          error={errors.errors.current_password}
          disabled={creating}
          onChange={(event) => {
            setCurrentPassword(event.target.value);
            errors.clear('current_password');
          }}
        />
        <Button type="submit" className="api-keys__create" disabled={creating}>
          {creating ? 'Creating...' : 'Create key'}
        </Button>
      </form>
      {formError && (
        <p id={formErrorId} className="notice notice--error" role="alert">
          {formError}
        </p>
      )}

      <ApiKeyList loaded={loaded} onRetry={() => setAttempt((count) => count + 1)} onRevoke={(key) => setRevoking({ key, busy: false })} />

      <ConfirmDialog
        open={revoking !== null}
        title={`Revoke “${revoking?.key.name ?? ''}”?`}
        description="Apps using this key lose access to your account at once. This cannot be undone: to reconnect them, create a new key."
        confirmLabel="Revoke key"
        busyLabel="Revoking..."
        busy={revoking?.busy ?? false}
        error={revoking?.error}
        onConfirm={() => void revoke()}
        onClose={() => setRevoking(null)}
      />
    </section>
  );
}
