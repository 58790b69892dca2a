import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { INTEGRATION_MESSAGES, INTEGRATIONS_TAB_TEXTS, PLATFORM_NAMES, type ConnectionView } from '@postlark/shared/integrations';
import { ROUTES } from '@postlark/shared/routes';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { showToast } from '../../../components/ui/toasts';
import type { IntegrationsApi } from '../integrations-api';
import { AudienceChoice } from './audience-choice';
import { ConnectForm } from './platform-connect-form';
import { Abilities, Mark } from './platform-mark';
import { SyncRunSummary } from './sync-run-summary';

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
/** A queued or running sync is polled this often, so its bar moves. */
const POLL_MS = 2000;

/** A connected platform: its account, health, synced audiences, last sync, and what can be done with it. */
export function ConnectionItem({
  api,
  connection,
  oauth,
  choosing,
  onChoose,
  onChanged,
  onLinked,
  onGone,
}: {
  api: IntegrationsApi;
  connection: ConnectionView;
  /** Mailchimp's sign-in is configured: reconnecting signs in again (the callback reconnects in place). */
  oauth: boolean;
  choosing: boolean;
  onChoose(): void;
  onChanged(connection: ConnectionView): void;
  onLinked(connection: ConnectionView): void;
  onGone(): void;
}) {
  const name = PLATFORM_NAMES[connection.platform];
  const run = connection.last_run;
  const active = run !== null && (run.status === 'queued' || run.status === 'running');
  const [disconnecting, setDisconnecting] = useState<{ keep: boolean; busy: boolean; error?: string } | null>(null);
  const [syncing, setSyncing] = useState(false);
  // A broken connection's Reconnect form, then what it did.
  const [reconnecting, setReconnecting] = useState(false);
  const [reconnected, setReconnected] = useState(false);

  // While a run is under way, the connection is read again every 2 s so its bar moves.
  useEffect(() => {
    if (!active) return;
    const timer = window.setTimeout(() => {
      void api.connection(connection.id).then((outcome) => outcome.ok && onChanged(outcome.value));
    }, POLL_MS);
    return () => window.clearTimeout(timer);
  }, [active, api, connection, onChanged]);

  async function syncNow() {
    setSyncing(true);
    const outcome = await api.sync(connection.id);
    setSyncing(false);
    if (!outcome.ok) return void showToast('error', outcome.message);
    void showToast('success', outcome.value.message);
    onChanged(outcome.value.connection);
  }

  async function disconnect() {
    if (!disconnecting) return;
    setDisconnecting({ ...disconnecting, busy: true, error: undefined });
    const outcome = await api.disconnect(connection.id, disconnecting.keep);
    if (!outcome.ok) return setDisconnecting({ ...disconnecting, busy: false, error: outcome.message });
    setDisconnecting(null);
    void showToast('success', outcome.value || INTEGRATION_MESSAGES.disconnected(name));
    onGone();
  }

  return (
    <li className="profile-integration" aria-label={name}>
      <Mark platform={connection.platform} />
      <div className="profile-integration__text">
        <p className="profile-integration__name">
          {name} · {connection.account_name}
        </p>
        <p className="profile-integration__meta">
          <span className={`profile-integration__status${connection.status === 'broken' ? ' profile-integration__status--broken' : ''}`} aria-hidden="true" />
          <span>
            Connected on <time dateTime={connection.connected_at}>{dateFormat.format(new Date(connection.connected_at))}</time>
          </span>
        </p>
        {reconnected && connection.status === 'connected' && (
          <p className="notice notice--success" role="status">
            {INTEGRATION_MESSAGES.reconnected(name)}
          </p>
        )}
        {connection.status === 'broken' && (
          <p className="notice notice--error" role="alert">
            {connection.health_message ? `${connection.health_message} ` : ''}
            {INTEGRATION_MESSAGES.broken(name)}
          </p>
        )}
        {connection.links.length > 0 && (
          <ul className="profile-integration__links" aria-label={`Audiences synced with ${name}`}>
            {connection.links.map((link) => (
              <li key={link.id}>
                {link.remote_name} → <Link to={ROUTES.lists}>{link.list_name}</Link>
              </li>
            ))}
          </ul>
        )}
        {run && <SyncRunSummary name={name} run={run} active={active} />}
        {connection.history.offered && <p className="profile-integration__meta">{connection.history.imported} history events imported.</p>}
        <Abilities platform={connection.platform} />
        {choosing && <AudienceChoice api={api} connection={connection} onLinked={onLinked} />}
        {reconnecting && (
          <ConnectForm
            api={api}
            platform={connection.platform}
            oauth={oauth}
            reconnect
            onCancel={() => setReconnecting(false)}
            onConnected={(changed) => {
              setReconnecting(false);
              setReconnected(true);
              onChanged(changed);
            }}
          />
        )}
      </div>
      <div className="profile-integration__actions">
        {connection.status === 'broken' && !reconnecting && <Button onClick={() => setReconnecting(true)}>Reconnect</Button>}
        {connection.links.length === 0 && !choosing && (
          <Button variant="secondary" onClick={onChoose}>
            Import an audience
          </Button>
        )}
        <Button variant="secondary" disabled={syncing || active || connection.links.length === 0} onClick={() => void syncNow()}>
          Sync now
        </Button>
        <button type="button" className="btn btn--secondary profile-integration__button" onClick={() => setDisconnecting({ keep: true, busy: false })}>
          {INTEGRATIONS_TAB_TEXTS.disconnect}
        </button>
      </div>
      <ConfirmDialog
        open={disconnecting !== null}
        title={`Disconnect ${name}?`}
        description="We stop syncing with this account and forget its key. Keep the people we synced from it, or remove their list?"
        confirmLabel={INTEGRATIONS_TAB_TEXTS.disconnect}
        busyLabel="Disconnecting..."
        busy={disconnecting?.busy ?? false}
        error={disconnecting?.error}
        onConfirm={() => void disconnect()}
        onClose={() => setDisconnecting(null)}
      >
        <fieldset className="profile-integration__keep">
          <legend className="form-field__label">The synced audience</legend>
          <label>
            <input type="radio" name="keep-audience" checked={disconnecting?.keep ?? true} onChange={() => disconnecting && setDisconnecting({ ...disconnecting, keep: true })} /> Keep the list
            and its people
          </label>
          <label>
            <input type="radio" name="keep-audience" checked={disconnecting?.keep === false} onChange={() => disconnecting && setDisconnecting({ ...disconnecting, keep: false })} /> Remove
            the list
          </label>
        </fieldset>
      </ConfirmDialog>
    </li>
  );
}
