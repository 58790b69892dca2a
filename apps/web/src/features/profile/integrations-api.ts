import { INTEGRATION_MESSAGES, type ConnectInput, type ConnectionsView, type ConnectionView, type SyncRunView } from '@postlark/shared/integrations';
import { webEnv } from '../../config/env';
import { type ApiAnswer, payloadMessage, requestJson, settle } from '../../lib/api-client';
import type { Outcome } from './components/webhooks-api';
import { PROFILE_TEXTS } from './profile-content';

// Integrations, connected platforms (issue 22): the tab's calls. Like the webhooks card, no slice:
// the tab keeps what it shows in its own state, and every failure carries the message to show.

const base = `${webEnv.apiBase}home/v1/integrations`;
const one = (id: string) => `${base}/${encodeURIComponent(id)}`;

export interface RemoteAudience {
  id: string;
  name: string;
  size: number | null;
}

/** What the Integrations tab asks of the app. */
export interface IntegrationsApi {
  load(): Promise<Outcome<ConnectionsView>>;
  /** One connection, fresh (polled while a run is under way). */
  connection(id: string): Promise<Outcome<ConnectionView>>;
  connect(body: ConnectInput): Promise<Outcome<{ message: string; connection: ConnectionView }>>;
  disconnect(id: string, keepAudience: boolean): Promise<Outcome<string>>;
  audiences(id: string): Promise<Outcome<RemoteAudience[]>>;
  link(id: string, remoteAudienceId: string): Promise<Outcome<{ message: string; connection: ConnectionView }>>;
  sync(id: string): Promise<Outcome<{ message: string; connection: ConnectionView }>>;
  runs(id: string): Promise<Outcome<SyncRunView[]>>;
  /** Mailchimp's sign-in page. */
  mailchimpSignIn(): Promise<Outcome<string>>;
}

/** A call whose `payload` `pick` reads; a missing piece is a failure with `fallback`. */
async function call<Body, T>(run: () => Promise<ApiAnswer<Body>>, pick: (body: Body | null) => T | undefined, fallback: string): Promise<Outcome<T>> {
  const result = await settle(run, fallback);
  if (!result.ok) return { ok: false, message: result.message, errors: result.errors };
  const value = pick(result.body);
  return value === undefined ? { ok: false, message: fallback, errors: {} } : { ok: true, value };
}

type Payload<T> = { payload?: T };
type Changed = Payload<{ message?: string; connection?: ConnectionView }>;
const changed = (body: Changed | null) =>
  body?.payload?.connection && typeof body.payload.message === 'string' ? { message: body.payload.message, connection: body.payload.connection } : undefined;

export const integrationsApi: IntegrationsApi = {
  load: () =>
    call(
      () => requestJson<Payload<ConnectionsView>>('GET', base),
      (body) => (Array.isArray(body?.payload?.connections) ? body.payload : undefined),
      INTEGRATION_MESSAGES.loadFailed,
    ),
  connection: (id) =>
    call(
      () => requestJson<Payload<{ connection?: ConnectionView }>>('GET', one(id)),
      (body) => body?.payload?.connection,
      INTEGRATION_MESSAGES.loadFailed,
    ),
  connect: (body) => call(() => requestJson<Changed>('POST', base, body), changed, PROFILE_TEXTS.saveFailed),
  disconnect: (id, keepAudience) =>
    call(
      () => requestJson<unknown>('DELETE', `${one(id)}?keep_audience=${keepAudience ? 'true' : 'false'}`),
      (body) => payloadMessage(body) ?? '',
      PROFILE_TEXTS.saveFailed,
    ),
  audiences: (id) =>
    call(
      () => requestJson<Payload<{ audiences?: RemoteAudience[] }>>('GET', `${one(id)}/audiences`),
      (body) => (Array.isArray(body?.payload?.audiences) ? body.payload.audiences : undefined),
      INTEGRATION_MESSAGES.loadFailed,
    ),
  link: (id, remoteAudienceId) =>
    call(() => requestJson<Changed>('POST', `${one(id)}/links`, { remote_audience_id: remoteAudienceId }), changed, PROFILE_TEXTS.saveFailed),
  sync: (id) => call(() => requestJson<Changed>('POST', `${one(id)}/sync`), changed, PROFILE_TEXTS.saveFailed),
  runs: (id) =>
    call(
      () => requestJson<Payload<{ runs?: SyncRunView[] }>>('GET', `${one(id)}/runs`),
      (body) => (Array.isArray(body?.payload?.runs) ? body.payload.runs : undefined),
      INTEGRATION_MESSAGES.loadFailed,
    ),
  mailchimpSignIn: () =>
    call(
      () => requestJson<Payload<{ url?: string }>>('GET', `${base}/mailchimp/authorize`),
      (body) => body?.payload?.url,
      INTEGRATION_MESSAGES.oauthNotConfigured,
    ),
};
