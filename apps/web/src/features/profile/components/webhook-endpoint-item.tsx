import { useCallback, useEffect, useRef, useState } from 'react';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_MESSAGES, WEBHOOK_PAUSE_TEXTS, type WebhookEndpoint, type WebhookEndpointCreate } from '@postlark/shared/outgoing-webhooks';
import { Button } from '../../../components/ui/button';
import { showToast } from '../../../components/ui/toasts';
import { type LoadedLog, WebhookDeliveryLog } from './webhook-delivery-log';
import { type EndpointSaved, WebhookEndpointForm } from './webhook-endpoint-form';
import type { WebhooksApi } from './webhooks-api';

// After a test event, the log looks again a few times: the worker posts it within a second or two.
const TEST_REFRESHES_MS = [1_500, 4_000, 9_000];

const pauseTime = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

/** On, off, or on but held by the delivery worker after repeated timeouts. */
function stateOf(endpoint: WebhookEndpoint): { key: 'on' | 'off' | 'paused'; label: string } {
  if (!endpoint.enabled) return { key: 'off', label: 'Off' };
  return endpoint.paused ? { key: 'paused', label: WEBHOOK_PAUSE_TEXTS.badge } : { key: 'on', label: 'Active' };
}

interface EndpointItemProps {
  endpoint: WebhookEndpoint;
  api: WebhooksApi;
  onChanged(endpoint: WebhookEndpoint): void;
  onDelete(): void;
  onRoll(): void;
}

/** One endpoint: its address and events, what can be done with it, and its delivery log. */
export function WebhookEndpointItem({ endpoint, api, onChanged, onDelete, onRoll }: EndpointItemProps) {
  const [editing, setEditing] = useState(false);
  const [logOpen, setLogOpen] = useState(false);
  const [log, setLog] = useState<LoadedLog>({ state: 'loading' });
  const [busy, setBusy] = useState<'test' | 'toggle' | null>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const logId = `webhook-log-${endpoint.id}`;
  const state = stateOf(endpoint);

  const loadLog = useCallback(async () => {
    setLog((current) => (current.state === 'ready' ? current : { state: 'loading' }));
    try {
      setLog({ state: 'ready', attempts: await api.deliveries(endpoint.id) });
    } catch (message) {
      setLog({ state: 'failed', message: String(message) });
    }
  }, [api, endpoint.id]);

  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  async function sendTest() {
    setBusy('test');
    const outcome = await api.test(endpoint.id);
    setBusy(null);
    void showToast(outcome.ok ? 'success' : 'error', outcome.ok ? outcome.value : outcome.message);
    if (!outcome.ok) return;
    setLogOpen(true);
    void loadLog();
    timers.current.forEach(clearTimeout);
    timers.current = TEST_REFRESHES_MS.map((delay) => setTimeout(() => void loadLog(), delay));
  }

  async function toggle() {
    setBusy('toggle');
    const outcome = await api.update(endpoint.id, { enabled: !endpoint.enabled });
    setBusy(null);
    if (outcome.ok) onChanged(outcome.value);
    void showToast(outcome.ok ? 'success' : 'error', outcome.ok ? (outcome.value.enabled ? WEBHOOK_MESSAGES.turnedOn : WEBHOOK_MESSAGES.turnedOff) : outcome.message);
  }

  async function save(body: WebhookEndpointCreate): Promise<EndpointSaved> {
    const outcome = await api.update(endpoint.id, { url: body.url, description: body.description, event_types: body.event_types });
    if (!outcome.ok) return outcome;
    onChanged(outcome.value);
    setEditing(false);
    void showToast('success', WEBHOOK_MESSAGES.updated);
    return { ok: true };
  }

  return (
    <li className={`webhooks__item${endpoint.enabled ? '' : ' webhooks__item--off'}`} aria-label={endpoint.url}>
      <div className="webhooks__item-main">
        <span className={`webhooks__state webhooks__state--${state.key}`}>{state.label}</span>
        <p className="webhooks__url">
          <code>{endpoint.url}</code>
        </p>
        {endpoint.description && <p className="webhooks__description">{endpoint.description}</p>}
        {state.key === 'paused' && endpoint.paused && (
          <p className="webhooks__paused">
            {endpoint.paused.reason}{' '}
            {WEBHOOK_PAUSE_TEXTS.nextTry(pauseTime.format(new Date(endpoint.paused.until)))}
          </p>
        )}
        <ul className="webhooks__chips" aria-label="Events sent">
          {endpoint.event_types.map((type) => (
            <li key={type} className="webhooks__chip" title={WEBHOOK_EVENT_LABELS[type]}>
              {type}
            </li>
          ))}
        </ul>
      </div>

      {editing ? (
        <WebhookEndpointForm endpoint={endpoint} onSave={save} onCancel={() => setEditing(false)} />
      ) : (
        <div className="webhooks__actions">
          <Button variant="secondary" className="webhooks__small" disabled={busy !== null || !endpoint.enabled} onClick={() => void sendTest()}>
            {busy === 'test' ? 'Sending...' : 'Send test event'}
          </Button>
          <Button variant="secondary" className="webhooks__small" aria-expanded={logOpen} aria-controls={logId} onClick={() => {
              if (!logOpen) void loadLog();
              setLogOpen(!logOpen);
            }}>
            {logOpen ? 'Hide delivery log' : 'Delivery log'}
          </Button>
          <span className="webhooks__actions-spacer" />
          <Button variant="ghost" className="webhooks__small" onClick={() => setEditing(true)}>
            Edit
          </Button>
          <Button variant="ghost" className="webhooks__small" disabled={busy !== null} onClick={() => void toggle()}>
            {endpoint.enabled ? 'Turn off' : 'Turn on'}
          </Button>
          <Button variant="ghost" className="webhooks__small" onClick={onRoll}>
            Roll secret
          </Button>
          <Button variant="ghost" className="webhooks__small webhooks__delete" aria-label={`Delete ${endpoint.url}`} onClick={onDelete}>
            Delete
          </Button>
        </div>
      )}

      {logOpen && (
        <div id={logId}>
          <WebhookDeliveryLog loaded={log} onRefresh={() => void loadLog()} />
        </div>
      )}
    </li>
  );
}
