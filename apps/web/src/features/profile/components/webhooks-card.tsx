import { useEffect, useState } from 'react';
import { WEBHOOK_LIMITS, WEBHOOK_MESSAGES, type WebhookEndpoint, type WebhookEndpointCreate } from '@postlark/shared/outgoing-webhooks';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { showToast } from '../../../components/ui/toasts';
import { NewKeyPanel } from './new-key-panel';
import { RetryNotice } from './retry-notice';
import { type EndpointSaved, WebhookEndpointForm } from './webhook-endpoint-form';
import { WebhookEndpointItem } from './webhook-endpoint-item';
import type { WebhooksApi } from './webhooks-api';
import { CardHead } from '../../../components/ui/card';
import { EmptyNote } from '../../../components/ui/page-state';
import './webhooks.css';

type Loaded = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; endpoints: WebhookEndpoint[] };
type Pending = { endpoint: WebhookEndpoint; action: 'delete' | 'roll'; busy: boolean; error?: string };

/** Integrations, Webhooks: the customer's own systems told, signed, when something happens here. */
export function WebhooksCard({ api }: { api: WebhooksApi }) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [adding, setAdding] = useState(false);
  // A signing secret lives in this state only, until Done.
  const [secret, setSecret] = useState<{ value: string; note: string; url: string } | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);

  useEffect(() => {
    let live = true;
    api.load().then(
      (endpoints) => live && setLoaded({ state: 'ready', endpoints }),
      (message: unknown) => live && setLoaded({ state: 'failed', message: typeof message === 'string' ? message : WEBHOOK_MESSAGES.loadFailed }),
    );
    return () => {
      live = false;
    };
  }, [api, attempt]);

  const endpoints = loaded.state === 'ready' ? loaded.endpoints : [];
  const replace = (changed: WebhookEndpoint) =>
    setLoaded((current) => (current.state === 'ready' ? { state: 'ready', endpoints: current.endpoints.map((each) => (each.id === changed.id ? changed : each)) } : current));

  async function add(body: WebhookEndpointCreate): Promise<EndpointSaved> {
    let shown = '';
    const outcome = await api.create(body, (value) => (shown = value));
    if (!outcome.ok) return outcome;
    setSecret({ value: shown, note: WEBHOOK_MESSAGES.created, url: outcome.value.url });
    setAdding(false);
    setAttempt((count) => count + 1);
    return { ok: true };
  }

  async function confirm() {
    if (!pending) return;
    setPending({ ...pending, busy: true, error: undefined });
    const { endpoint, action } = pending;
    let shown = '';
    const outcome = action === 'delete' ? await api.remove(endpoint.id) : await api.roll(endpoint.id, (value) => (shown = value));
    if (!outcome.ok) {
      setPending({ ...pending, busy: false, error: outcome.message });
      return;
    }
    setPending(null);
    if (action === 'roll') setSecret({ value: shown, note: WEBHOOK_MESSAGES.rolled, url: endpoint.url });
    else {
      void showToast('success', outcome.value);
      setAttempt((count) => count + 1);
    }
  }

  const full = endpoints.length >= WEBHOOK_LIMITS.endpointsPerAccount;

  return (
    <section className="dash-card dash-card--stack webhooks" aria-labelledby="webhooks-title">
      <CardHead
        title="Webhooks"
        titleId="webhooks-title"
        text={
          <>
            Tell your own systems when something happens in Postlark: we send each event as signed JSON to your address, and try again for 24 hours
            if it does not answer.
          </>
        }
        actions={
          !adding && (
            <Button className="webhooks__add" disabled={loaded.state !== 'ready' || full} title={full ? WEBHOOK_MESSAGES.tooMany : undefined} onClick={() => setAdding(true)}>
              Add endpoint
            </Button>
          )
        }
      />

      {secret && <NewKeyPanel apiKey={secret.value} label={`Signing secret for ${secret.url}`} note={secret.note} onDone={() => setSecret(null)} />}

      {adding && <WebhookEndpointForm onSave={add} onCancel={() => setAdding(false)} />}

      <div className="webhooks__list-wrap" aria-busy={loaded.state === 'loading'}>
        {loaded.state === 'loading' && <EmptyNote>Loading your endpoints...</EmptyNote>}
        {loaded.state === 'failed' && <RetryNotice message={loaded.message} onRetry={() => setAttempt((count) => count + 1)} />}
        {loaded.state === 'ready' && endpoints.length === 0 && !adding && (
          <div className="webhooks__blank">
            <span className="webhooks__blank-icon" aria-hidden="true">
              <svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
                <path d="M18 16.98h-5.99c-1.1 0-1.95.94-2.48 1.9A4 4 0 0 1 2 17c.01-.7.2-1.4.57-2M6 17l3.13-5.78c.53-.97.1-2.18-.5-3.1a4 4 0 1 1 6.89-4.06" />
                <path d="m12 6 3.13 5.73C15.66 12.7 16.9 13 18 13a4 4 0 0 1 0 8" />
              </svg>
            </span>
            <p>No endpoints yet. Add one to hear about new subscribers, unsubscribes and sent campaigns as they happen.</p>
          </div>
        )}
        {endpoints.length > 0 && (
          <ul className="webhooks__list" aria-label="Webhook endpoints">
            {endpoints.map((endpoint) => (
              <WebhookEndpointItem
                key={endpoint.id}
                endpoint={endpoint}
                api={api}
                onChanged={replace}
                onDelete={() => setPending({ endpoint, action: 'delete', busy: false })}
                onRoll={() => setPending({ endpoint, action: 'roll', busy: false })}
              />
            ))}
          </ul>
        )}
      </div>

      <ConfirmDialog
        open={pending !== null}
        title={pending?.action === 'roll' ? 'Roll the signing secret?' : `Delete ${pending?.endpoint.url ?? ''}?`}
        description={
          pending?.action === 'roll'
            ? 'A new secret signs every event from now on, and the current one stops at once: update your receiver with the new secret straight away.'
            : 'Nothing more is sent to this address, including events still waiting to be retried, and its delivery log goes too.'
        }
        confirmLabel={pending?.action === 'roll' ? 'Roll secret' : 'Delete endpoint'}
        busyLabel={pending?.action === 'roll' ? 'Rolling...' : 'Deleting...'}
        busy={pending?.busy ?? false}
        error={pending?.error}
        onConfirm={() => void confirm()}
        onClose={() => setPending(null)}
      />
    </section>
  );
}
