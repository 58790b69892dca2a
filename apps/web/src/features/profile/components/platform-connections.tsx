import { useCallback, useEffect, useState } from 'react';
import { INTEGRATIONS_TAB_TEXTS, PLATFORM_IDS, PLATFORM_NAMES, type ConnectionsView, type ConnectionView, type PlatformId } from '@postlark/shared/integrations';
import { CardHead } from '../../../components/ui/card';
import type { IntegrationsApi } from '../integrations-api';
import { ConnectForm } from './platform-connect-form';
import { ConnectionItem } from './platform-connection-item';
import { Abilities, Mark } from './platform-mark';
import { RetryNotice } from './retry-notice';

// The Integrations tab's platforms: this file loads them and lays out the two lists; a connected
// platform's item (platform-connection-item.tsx), the Connect form (platform-connect-form.tsx), the
// audience to import (audience-choice.tsx) and a sync's progress (sync-run-summary.tsx) are beside it.

type Loaded = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; view: ConnectionsView };

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
