import type { WebhookAttempt, WebhookEndpoint, WebhookEndpointCreate, WebhookEndpointUpdate } from '@postlark/shared/outgoing-webhooks';
import type { FieldErrors } from '@postlark/shared/validation';

export type Outcome<T> = { ok: true; value: T } | { ok: false; message: string; errors: FieldErrors };

/** What the Webhooks card asks of the app (the profile route wires it to the thunks). */
export interface WebhooksApi {
  /** The endpoints, or rejects with the message to show. */
  load(): Promise<WebhookEndpoint[]>;
  /** Adds one; its signing secret goes to `reveal`, to be shown once. */
  create(body: WebhookEndpointCreate, reveal: (secret: string) => void): Promise<Outcome<WebhookEndpoint>>;
  update(id: string, body: WebhookEndpointUpdate): Promise<Outcome<WebhookEndpoint>>;
  /** Resolves with the message to show. */
  remove(id: string): Promise<Outcome<string>>;
  roll(id: string, reveal: (secret: string) => void): Promise<Outcome<string>>;
  test(id: string): Promise<Outcome<string>>;
  /** The latest attempts, or rejects with the message to show. */
  deliveries(id: string): Promise<WebhookAttempt[]>;
}
