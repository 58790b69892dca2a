import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/results';
import { secretBoxWith } from '../src/lib/secret-box';
import { endpointSecretContext, resealLegacySecrets } from '../src/modules/outgoing-webhooks/endpoint-secrets';
import { verifyWebhook } from '../src/modules/outgoing-webhooks/signature';
import { deliverDueWebhooks, startWebhookSender, WEBHOOK_SENDER_DEFAULTS, type WebhookSenderDeps } from '../src/modules/outgoing-webhooks/webhook-sender';
import { publicOrLoopback } from '../src/modules/outgoing-webhooks/webhook-target';
import { useAccountsApp } from './support/accounts-app';
import { useHookReceiver } from './support/hook-receiver';

// Endpoint signing secrets are sealed for their purpose (`webhook_endpoints:<id>` in the seal's
// associated data), and the seals made before that (bound to the bare id) keep working and are
// re-sealed: on the worker's start and by the delivery that reads one.

const SECRETS_KEY = randomBytes(32);
const box = secretBoxWith(SECRETS_KEY);
const accounts = useAccountsApp({ SECRETS_KEY: SECRETS_KEY.toString('base64'), WEBHOOKS_ALLOW_LOCAL: 'true' });
const receiver = useHookReceiver('/hooks');
const HOOKS = 'home/v1/webhooks';
const warnings: string[] = [];

function sender(): WebhookSenderDeps {
  const log = { warn: (object: object, message: string) => void warnings.push(`${message} ${JSON.stringify(object)}`), error: (object: object, message: string) => void warnings.push(`${message} ${JSON.stringify(object)}`) };
  return { db: accounts.database.db, now: accounts.now, secrets: box, allowed: publicOrLoopback, settings: { ...WEBHOOK_SENDER_DEFAULTS, timeoutMs: 2_000 }, log };
}

async function endpoint(cookie: string): Promise<{ id: string; secret: string }> {
  const created = await accounts.call('POST', HOOKS, cookie, { url: receiver.url, event_types: ['campaign.sent'] });
  expect(created.statusCode).toBe(201);
  return { id: created.json().payload.endpoint.id, secret: created.json().payload.secret };
}

async function stored(id: string): Promise<{ secret: string; secret_version: number }> {
  const [row] = rowsOf<{ secret: string; secret_version: number }>(await accounts.database.db.execute(sql`select secret, secret_version from webhook_endpoints where id = ${id}::uuid`));
  return row!;
}

const store = (id: string, secret: string, version: number) =>
  accounts.database.db.execute(sql`update webhook_endpoints set secret = ${secret}, secret_version = ${version} where id = ${id}::uuid`);

async function latestAttempt(cookie: string, id: string) {
  return (await accounts.call('GET', `${HOOKS}/${id}/deliveries`, cookie)).json().payload.attempts[0] as { status_code: number | null; error: string | null };
}

describe('webhook signing secrets, sealed for their purpose', () => {
  it('opens only as a webhook secret: a value sealed for another purpose with the same id signs nothing', async () => {
    const customer = await accounts.signedInCustomer();
    const { id, secret } = await endpoint(customer.cookie);
    const row = await stored(id);
    expect(row.secret_version).toBe(2);
    expect(await box.open(row.secret, endpointSecretContext(id))).toBe(secret);
    await expect(box.open(row.secret, id)).rejects.toThrow();
    await expect(box.open(row.secret, `connections:${id}`)).rejects.toThrow();

    // Another kind of secret with the same id (a bare id, another table's) put in the row.
    for (const context of [id, `connections:${id}`, `sender-domain:${id}:dkim`]) {
      await store(id, await box.seal('whsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=', context), 2);
      expect((await accounts.call('POST', `${HOOKS}/${id}/test`, customer.cookie)).statusCode).toBe(202);
      await deliverDueWebhooks(sender());
      expect(receiver.posts, context).toEqual([]);
      expect(await latestAttempt(customer.cookie, id), context).toMatchObject({ status_code: null, error: 'the signing secret cannot be read on our side; we will try again' });
    }
  });

  it('signs with an old-style seal, and the delivery that reads it re-seals it for its purpose', async () => {
    const customer = await accounts.signedInCustomer();
    const { id, secret } = await endpoint(customer.cookie);
    await store(id, await box.seal(secret, id), 1);
    expect((await accounts.call('POST', `${HOOKS}/${id}/test`, customer.cookie)).statusCode).toBe(202);
    await deliverDueWebhooks(sender());
    expect(receiver.posts).toHaveLength(1);
    const [post] = receiver.posts;
    const headers = { id: String(post!.headers['webhook-id']), timestamp: String(post!.headers['webhook-timestamp']), signature: String(post!.headers['webhook-signature']) };
    expect(verifyWebhook(secret, headers, post!.body)).toBe(true);
    const row = await stored(id);
    expect(row.secret_version).toBe(2);
    expect(await box.open(row.secret, endpointSecretContext(id))).toBe(secret);
    await expect(box.open(row.secret, id)).rejects.toThrow();
  });

  it('re-seals every old-style seal when the worker starts, once however many processes do it, and leaves one it cannot open', async () => {
    const customer = await accounts.signedInCustomer();
    const first = await endpoint(customer.cookie);
    const second = await endpoint(customer.cookie);
    const broken = await endpoint(customer.cookie);
    await store(first.id, await box.seal(first.secret, first.id), 1);
    await store(second.id, await box.seal(second.secret, second.id), 1);
    const foreign = await secretBoxWith(randomBytes(32)).seal(broken.secret, broken.id);
    await store(broken.id, foreign, 1);

    const worker = startWebhookSender(sender());
    await worker.stop();
    for (const { id, secret } of [first, second]) {
      const row = await stored(id);
      expect(row.secret_version).toBe(2);
      expect(await box.open(row.secret, endpointSecretContext(id))).toBe(secret);
    }
    expect(await stored(broken.id)).toEqual({ secret: foreign, secret_version: 1 });
    expect(warnings.some((line) => line.includes(broken.id) && line.includes('cannot be opened to re-seal'))).toBe(true);
    expect(warnings.join('\n')).not.toContain(broken.secret.slice(6));

    // Two processes sweeping at once replace each seal once between them; again, nothing.
    await store(first.id, await box.seal(first.secret, first.id), 1);
    const replaced = await Promise.all([resealLegacySecrets(accounts.database.db, box, sender().log), resealLegacySecrets(accounts.database.db, box, sender().log)]);
    expect(replaced[0]! + replaced[1]!).toBe(1);
    expect(await resealLegacySecrets(accounts.database.db, box, sender().log)).toBe(0);
    expect(await box.open((await stored(first.id)).secret, endpointSecretContext(first.id))).toBe(first.secret);
  });
});
