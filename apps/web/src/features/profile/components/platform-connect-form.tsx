import { type FormEvent, useState } from 'react';
import { INTEGRATIONS_TAB_TEXTS, PLATFORM_NAMES, PLATFORM_SECRET_HELP, PLATFORM_SECRET_LABELS, type ConnectionView, type PlatformId } from '@postlark/shared/integrations';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { showToast } from '../../../components/ui/toasts';
import type { IntegrationsApi } from '../integrations-api';

/** `reconnect`: a broken connection's new key, of the same account (the API reconnects it in place). */
export function ConnectForm({
  api,
  platform,
  oauth,
  reconnect = false,
  onCancel,
  onConnected,
}: {
  api: IntegrationsApi;
  platform: PlatformId;
  oauth: boolean;
  reconnect?: boolean;
  onCancel(): void;
  onConnected(connection: ConnectionView): void;
}) {
  const [secret, setSecret] = useState('');
  const [publication, setPublication] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; errors: Record<string, string> } | null>(null);
  const name = PLATFORM_NAMES[platform];

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const outcome = await api.connect({ platform, secret, ...(platform === 'beehiiv' && publication.trim() !== '' ? { publication_id: publication.trim() } : {}) });
    setBusy(false);
    if (!outcome.ok) return setError({ message: outcome.message, errors: outcome.errors });
    // A reconnect is said where the connection is (ConnectionItem); the API answers it as a plain connect.
    if (!reconnect) void showToast('success', outcome.value.message);
    onConnected(outcome.value.connection);
  }

  async function signIn() {
    setBusy(true);
    const outcome = await api.mailchimpSignIn();
    if (outcome.ok) window.location.assign(outcome.value);
    else {
      setBusy(false);
      setError({ message: outcome.message, errors: {} });
    }
  }

  return (
    <form className="profile-integration__form" aria-label={reconnect ? `Reconnect ${name}` : INTEGRATIONS_TAB_TEXTS.connectTo(name)} onSubmit={(event) => void submit(event)} noValidate>
      {oauth ? (
        <Button onClick={() => void signIn()} disabled={busy}>
          Sign in with Mailchimp
        </Button>
      ) : (
        <>
          <TextField
            label={PLATFORM_SECRET_LABELS[platform]}
            type="password"
            autoComplete="off"
            value={secret}
            onChange={(event) => setSecret(event.target.value)}
            hint={PLATFORM_SECRET_HELP[platform]}
            error={error?.errors.secret}
          />
          {platform === 'beehiiv' && (
            <TextField
              label="Publication ID (optional)"
              value={publication}
              placeholder="pub_…"
              onChange={(event) => setPublication(event.target.value)}
              error={error?.errors.publication_id}
            />
          )}
        </>
      )}
      {error && (
        <p className="notice notice--error" role="alert">
          {error.message}
        </p>
      )}
      <div className="profile-integration__actions">
        {!oauth && (
          <Button type="submit" disabled={busy}>
            {busy ? 'Connecting...' : reconnect ? `Reconnect ${name}` : INTEGRATIONS_TAB_TEXTS.connectTo(name)}
          </Button>
        )}
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
