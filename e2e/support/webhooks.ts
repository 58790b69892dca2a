import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Locator, type Page } from '@playwright/test';
import { verifyWebhook } from '../../apps/api/src/modules/outgoing-webhooks/signature';
import { cspCheckedTest } from './csp';
import { type Inbox, outboxInbox } from './mail';
import { type RunningServer, runServer } from './server';

// Outgoing webhooks in the browser: a server of the test's own that may post to this machine
// (WEBHOOKS_ALLOW_LOCAL, development only), and a receiver on loopback that records what arrives.

const SERVER_FIXTURE_TIMEOUT_MS = 90_000;

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
  json: { id: string; type: string; created_at: string; data: Record<string, unknown> };
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** Whether a request was signed with `secret` as the Standard Webhooks scheme says. */
  signedWith(request: ReceivedWebhook, secret: string): boolean;
  stop(): Promise<void>;
}

/** An HTTP server on loopback answering every request with `status`. */
export async function startWebhookReceiver(status = 200): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ headers: request.headers, body, json: JSON.parse(body) });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/postlark`,
    received,
    signedWith: (request, secret) =>
      verifyWebhook(secret, { id: String(request.headers['webhook-id']), timestamp: String(request.headers['webhook-timestamp']), signature: String(request.headers['webhook-signature']) }, request.body),
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A fresh server per test whose webhooks may reach the receiver on loopback. */
export const webhookTest = cspCheckedTest.extend<{ webhookServer: RunningServer; inbox: Inbox; receiver: WebhookReceiver }>({
  webhookServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => runServer(use, { WEBHOOKS_ALLOW_LOCAL: 'true', EMAIL_SEND_LIMIT_PER_MINUTE: '1000' }),
    { timeout: SERVER_FIXTURE_TIMEOUT_MS },
  ],
  baseURL: async ({ webhookServer }, use) => {
    await use(webhookServer.baseURL);
  },
  inbox: async ({ request }, use) => {
    await use(outboxInbox(request));
  },
  // eslint-disable-next-line no-empty-pattern
  receiver: async ({}, use) => {
    const receiver = await startWebhookReceiver();
    try {
      await use(receiver);
    } finally {
      await receiver.stop();
    }
  },
});

/** The Integrations tab's Webhooks card. */
export function webhooksCard(page: Page) {
  const card = page.getByRole('region', { name: 'Webhooks', exact: true });
  return {
    card,
    add: card.getByRole('button', { name: 'Add endpoint' }),
    form: card.getByRole('form', { name: 'Add a webhook endpoint' }),
    endpoint: (url: string): Locator => card.getByRole('listitem', { name: url, exact: true }),
  };
}

/** Adds an endpoint through the card; answers the signing secret it shows once. */
export async function addEndpoint(page: Page, url: string, description: string, events: string[] = []): Promise<string> {
  const { add, form, card } = webhooksCard(page);
  await add.click();
  await form.getByRole('textbox', { name: 'Endpoint URL' }).fill(url);
  await form.getByRole('textbox', { name: 'Description (optional)' }).fill(description);
  for (const label of events) await form.getByRole('checkbox', { name: label }).check();
  await form.getByRole('button', { name: 'Add endpoint' }).click();
  const shown = card.getByRole('region', { name: `Signing secret for ${url}` });
  const field = shown.getByRole('textbox', { name: `Signing secret for ${url}` });
  await field.waitFor();
  const secret = await field.inputValue();
  await shown.getByRole('button', { name: 'Done' }).click();
  return secret;
}
