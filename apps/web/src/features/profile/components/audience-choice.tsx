import { type FormEvent, useEffect, useState } from 'react';
import type { ConnectionView } from '@postlark/shared/integrations';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { showToast } from '../../../components/ui/toasts';
import type { IntegrationsApi, RemoteAudience } from '../integrations-api';

/** After connecting: which remote audience to import into a new list. */
export function AudienceChoice({ api, connection, onLinked }: { api: IntegrationsApi; connection: ConnectionView; onLinked(connection: ConnectionView): void }) {
  const [audiences, setAudiences] = useState<RemoteAudience[] | null>(null);
  const [chosen, setChosen] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void api.audiences(connection.id).then((outcome) => {
      if (!live) return;
      if (outcome.ok) {
        setAudiences(outcome.value);
        setChosen(outcome.value[0]?.id ?? '');
      } else setError(outcome.message);
    });
    return () => {
      live = false;
    };
  }, [api, connection.id]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const outcome = await api.link(connection.id, chosen);
    setBusy(false);
    if (!outcome.ok) return setError(outcome.errors.remote_audience_id ?? outcome.message);
    void showToast('success', outcome.value.message);
    onLinked(outcome.value.connection);
  }

  return (
    <form className="profile-integration__form" aria-label="Import an audience" onSubmit={(event) => void submit(event)} noValidate>
      <SelectField label="Audience to import" value={chosen} disabled={audiences === null} onChange={(event) => setChosen(event.target.value)}>
        {(audiences ?? []).map((audience) => (
          <option key={audience.id} value={audience.id}>
            {audience.name}
            {audience.size !== null ? ` (${audience.size})` : ''}
          </option>
        ))}
      </SelectField>
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
      <Button type="submit" disabled={busy || chosen === ''}>
        {busy ? 'Importing...' : 'Import'}
      </Button>
    </form>
  );
}
