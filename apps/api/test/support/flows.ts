import { afterAll, beforeAll, expect } from 'vitest';
import { runFlowsOnce } from '../../src/modules/automations/flow-engine';
import type { FlowEngineDeps } from '../../src/modules/automations/flow-engine-deps';
import { scanTriggersOnce } from '../../src/modules/automations/flow-scans';
import { runWebhooksOnce } from '../../src/modules/automations/flow-webhook-lanes';
import { loadCampaignLinks } from '../../src/modules/campaigns/campaign-links';
import { smtpCampaignTransport } from '../../src/modules/campaigns/campaign-transport';
import { withSendingIdentity } from '../../src/modules/campaigns/identity-transport';
import { sendingIdentitiesFrom } from '../../src/mail/sending-identity';
import { sendingPolicyFrom } from '../../src/mail/sending-policy';
import { publicOrLoopback } from '../../src/modules/outgoing-webhooks/webhook-target';
import { quotasFrom } from '../../src/modules/senders/quotas';
import { APP_URL } from './accounts';
import type { useAccountsApp } from './accounts-app';
import { apiKeyFor, callWithKey } from './api-keys';
import { CONTACT, FROM_EMAIL } from './campaigns';
import { confirmSender } from './senders';
import { secretBoxFrom } from '../../src/lib/secret-box';

// Automation tests' common ground: a customer who can send (postal address, confirmed sender, an
// API key for events), flows made through the routes, and the engine run pass by pass on the
// test's clock against the test's SMTP server.

type Accounts = ReturnType<typeof useAccountsApp>;

export const FLOWS = 'automations/v1/flows';

let people = 0;

/** A fresh address unique to this process. */
export function personEmail(name: string): string {
  people += 1;
  return `${name}${people}-${process.pid}@people.example`;
}

export async function flowCustomer(accounts: Accounts) {
  const customer = await accounts.signedInCustomer();
  await accounts.call('PUT', `home/v1/user/${customer.customerId}/contact`, customer.cookie, CONTACT);
  await confirmSender(accounts, customer.cookie, FROM_EMAIL);
  const key = await apiKeyFor(accounts, customer.cookie);
  const list = (await accounts.call('POST', 'audience/v1/lists', customer.cookie, { name: 'Shop news', double_opt_in: false })).json().payload.list.id as string;
  return {
    ...customer,
    key,
    list,
    /** POST /api/v1/events with this customer's key; answers the 202 body. */
    async events(events: object[]) {
      const response = await callWithKey(accounts, key, 'POST', 'events', { events });
      expect(response.statusCode, response.body).toBe(202);
      return response.json().payload as { accepted: number; duplicates: number; rejected: { index: number; message: string }[] };
    },
    /** An active subscriber (optionally on lists), through the dashboard. */
    async subscriber(email: string, fields: object = {}): Promise<string> {
      const response = await accounts.call('POST', 'audience/v1/subscribers', customer.cookie, { email, ...fields });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().payload.subscriber.id as string;
    },
    /** A flow saved and activated through the routes. */
    async activeFlow(name: string, definition: object): Promise<string> {
      const created = await accounts.call('POST', FLOWS, customer.cookie, { name, definition });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().payload.flow.id as string;
      const activated = await accounts.call('POST', `${FLOWS}/${id}/activate`, customer.cookie);
      expect(activated.statusCode, activated.body).toBe(200);
      return id;
    },
    async stats(flowId: string) {
      const response = await accounts.call('GET', `${FLOWS}/${flowId}/stats`, customer.cookie);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().payload.stats;
    },
    async runs(flowId: string, query = '') {
      const response = await accounts.call('GET', `${FLOWS}/${flowId}/runs${query}`, customer.cookie);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().payload.runs as {
        id: string;
        email: string;
        status: string;
        end_reason: string | null;
        version: number;
        steps: { step_id: string; status: string; outcome: string | null; reason: string | null }[];
        notes: { step_id: string | null; kind: string; reason: string }[];
      }[];
    },
  };
}

/** An email step from the confirmed sender, with merge tags. */
export function emailStep(id: string, next: string | null = null, overrides: object = {}) {
  return {
    id,
    type: 'email',
    subject: `Step ${id} for {{ first_name | default: "you" }}`,
    from_name: 'Lark Shop',
    from_email: FROM_EMAIL,
    content_html: `<p>Hello {{ first_name | default: "there" }}, this is ${id}. <a href="https://shop.example/cart">Your cart</a></p>`,
    next,
    ...overrides,
  };
}

/** The engine against the test's SMTP server; `drain` runs passes until one finds nothing to do. */
export async function flowEngine(accounts: Accounts, overrides: Partial<FlowEngineDeps['settings']> = {}) {
  const db = accounts.database.db;
  const transport = withSendingIdentity(smtpCampaignTransport(accounts.smtp.url, { connections: 1 }), sendingIdentitiesFrom(accounts.config, db, accounts.now));
  const deps: FlowEngineDeps = {
    db,
    now: accounts.now,
    transport,
    links: await loadCampaignLinks(db, APP_URL),
    quotas: quotasFrom(accounts.config),
    sending: sendingPolicyFrom(accounts.config),
    webhookAddresses: publicOrLoopback,
    secrets: secretBoxFrom(accounts.config),
    settings: { batchSize: 100, concurrency: 1, leaseMs: 60_000, idleMs: 10, retryBaseMs: 30_000, maxAttempts: 3, messageIdDomain: 'lark.example', scanIntervalMs: 60_000, webhookTimeoutMs: 5_000, ...overrides },
    log: { warn: () => {}, error: (object, message) => console.error(message, object) },
  };
  return {
    deps,
    async drain() {
      // A pass of each loop the engine runs: the trigger scans, the main pass, the webhook lanes.
      for (let pass = 0; pass < 50; pass += 1) if ((await scanTriggersOnce(deps)) + (await runFlowsOnce(deps)) + (await runWebhooksOnce(deps)) === 0) return;
      throw new Error('the flow engine did not settle in 50 passes');
    },
    close: () => transport.close(),
  };
}

/** The engine for one test file (registers its own beforeAll/afterAll); `drain` as flowEngine's. */
export function useFlowEngine(accounts: Accounts) {
  let engine: Awaited<ReturnType<typeof flowEngine>> | undefined;
  beforeAll(async () => {
    engine = await flowEngine(accounts);
  });
  afterAll(async () => engine?.close());
  return {
    drain: () => {
      if (!engine) throw new Error('useFlowEngine: used before beforeAll ran');
      return engine.drain();
    },
  };
}
