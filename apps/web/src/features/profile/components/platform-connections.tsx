import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import {
  INTEGRATION_MESSAGES,
  INTEGRATIONS_TAB_TEXTS,
  PLATFORM_ABILITIES,
  PLATFORM_IDS,
  PLATFORM_NAMES,
  PLATFORM_SECRET_HELP,
  PLATFORM_SECRET_LABELS,
  type ConnectionsView,
  type ConnectionView,
  type PlatformId,
} from '@postlark/shared/integrations';
import { ROUTES } from '@postlark/shared/routes';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { showToast } from '../../../components/ui/toasts';
import type { IntegrationsApi, RemoteAudience } from '../integrations-api';
import { RetryNotice } from './retry-notice';
import { CardHead } from '../../../components/ui/card';

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
/** A queued or running sync is polled this often, so its bar moves. */
const POLL_MS = 2000;

type Loaded = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; view: ConnectionsView };

/** A platform's square monogram; the shared mark knows the three email platforms, HubSpot gets its own. */
function Mark({ platform }: { platform: PlatformId }) {
  return (
    <span className={`platform-mark platform-mark--${platform} platform-mark--lg`} aria-hidden="true">
      {platform === 'beehiiv' ? 'b' : PLATFORM_NAMES[platform].charAt(0)}
    </span>
  );
}

/** What history the platform gave us and what its API does not offer (issue 22, section 3). */
function Abilities({ platform }: { platform: PlatformId }) {
  const abilities = PLATFORM_ABILITIES[platform];
  return (
    <p className="profile-integration__meta profile-integration__abilities">
      {abilities.history ? `History imported: ${abilities.history}. ` : 'No per-person history is imported. '}
      {abilities.limits}
    </p>
  );
}

/** SPEC section 2, Integrations: the Connected and Not Connected lists, for real. */
export function PlatformConnections({
  api,
  connect,
  signedIn,
  signInError,
}: {
  api: IntegrationsApi;
  /** ?connect=: the platform whose form opens first. */
  connect?: PlatformId | null;
  /** ?connected=: back from a platform's sign-in, whose audience is to be chosen. */
  signedIn?: PlatformId | null;
  /** ?error=: why that sign-in failed. */
  signInError?: string | null;
}) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [open, setOpen] = useState<PlatformId | null>(connect ?? null);
  // The connection just made, whose audience is to be chosen.
  const [choosing, setChoosing] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void api.load().then((outcome) => {
      if (!live) return;
      setLoaded(outcome.ok ? { state: 'ready', view: outcome.value } : { state: 'failed', message: outcome.message });
      const back = outcome.ok ? outcome.value.connections.find((each) => each.platform === signedIn && each.links.length === 0) : undefined;
      if (back) setChoosing(back.id);
    });
    return () => {
      live = false;
    };
  }, [api, attempt, signedIn]);

  const replace = useCallback(
    (changed: ConnectionView) =>
      setLoaded((current) =>
        current.state === 'ready' ? { state: 'ready', view: { ...current.view, connections: current.view.connections.map((each) => (each.id === changed.id ? changed : each)) } } : current,
      ),
    [],
  );

  if (loaded.state === 'loading') return <p className="profile-note">Loading your connected platforms...</p>;
  if (loaded.state === 'failed') return <RetryNotice message={loaded.message} onRetry={() => setAttempt((count) => count + 1)} />;

  const { connections, mailchimp_oauth: oauth } = loaded.view;
  const others = PLATFORM_IDS.filter((platform) => !connections.some((each) => each.platform === platform));

  return (
    <>
      {signInError && (
        <p className="notice notice--error" role="alert">
          {signInError}
        </p>
      )}
      <section className="dash-card" aria-labelledby="connected-title">
        <CardHead title={INTEGRATIONS_TAB_TEXTS.connected} titleId="connected-title" text={connections.length === 0 ? 'No platform is connected yet.' : undefined} />
        <ul className="profile-integrations">
          {connections.map((connection) => (
            <ConnectionItem
              key={connection.id}
              api={api}
              connection={connection}
              oauth={connection.platform === 'mailchimp' && oauth}
              choosing={choosing === connection.id}
              onChoose={() => setChoosing(connection.id)}
              onChanged={replace}
              onLinked={(changed) => {
                replace(changed);
                setChoosing(null);
              }}
              onGone={() => setAttempt((count) => count + 1)}
            />
          ))}
        </ul>
      </section>
      <section className="dash-card" aria-labelledby="not-connected-title">
        <CardHead title={INTEGRATIONS_TAB_TEXTS.notConnected} titleId="not-connected-title" />
        <ul className="profile-integrations">
          {others.map((platform) => (
            <li key={platform} className="profile-integration" aria-label={PLATFORM_NAMES[platform]}>
              <Mark platform={platform} />
              <div className="profile-integration__text">
                <p className="profile-integration__name">{PLATFORM_NAMES[platform]}</p>
                <Abilities platform={platform} />
              </div>
              {open !== platform && (
                <button type="button" className="btn btn--primary profile-integration__button" onClick={() => setOpen(platform)}>
                  {INTEGRATIONS_TAB_TEXTS.connectTo(PLATFORM_NAMES[platform])}
                </button>
              )}
              {open === platform && (
                <ConnectForm
                  api={api}
                  platform={platform}
                  oauth={platform === 'mailchimp' && oauth}
                  onCancel={() => setOpen(null)}
                  onConnected={(connection) => {
                    setOpen(null);
                    setChoosing(connection.id);
                    setLoaded((current) =>
                      current.state === 'ready' ? { state: 'ready', view: { ...current.view, connections: [...current.view.connections, connection] } } : current,
                    );
                  }}
                />
              )}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

/** `reconnect`: a broken connection's new key, of the same account (the API reconnects it in place). */
function ConnectForm({
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

function ConnectionItem({
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

  const percent = run && run.total ? Math.min(100, Math.round((run.processed / run.total) * 100)) : 0;

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
        {run && (
          <div className="profile-integration__run">
            {active && (
              <div className="profile-integration__bar" role="progressbar" aria-label={`${name} sync progress`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
                <span className="profile-integration__bar-fill" style={{ width: `${percent}%` }} />
              </div>
            )}
            <p className="profile-integration__meta" aria-live="polite">
              Last sync ({run.kind}, {run.status}): {run.processed}
              {run.total !== null ? ` of ${run.total}` : ''} read, {run.added} added, {run.updated} updated, {run.suppressed} suppressed
              {run.errors.length > 0 ? `, ${run.errors.length} errors` : ''}.
            </p>
            {run.errors.length > 0 && (
              <ul className="profile-integration__errors">
                {run.errors.slice(0, 5).map((each, index) => (
                  <li key={index}>{each.email ? `${each.email}: ${each.message}` : each.message}</li>
                ))}
              </ul>
            )}
          </div>
        )}
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

/** After connecting: which remote audience to import into a new list. */
function AudienceChoice({ api, connection, onLinked }: { api: IntegrationsApi; connection: ConnectionView; onLinked(connection: ConnectionView): void }) {
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
