import { createServer } from 'node:net';
import { Writable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { AI_MESSAGES } from '@postlark/shared/ai';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/results';
import { secretBoxWith } from '../src/lib/secret-box';
import { AI, outcome, useFakeProvider } from './support/ai';
import { useAccountsApp } from './support/accounts-app';

// An account's own AI provider (Integrations tab): saved with its key sealed and never shown back,
// "Test connection", and generations on it, on a server without a default provider.

const SECRETS_KEY = randomBytes(32);
// Everything the app logs, at its most talkative: no API key may be in it.
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString());
    done();
  },
});
const settings: Record<string, string> = { SECRETS_KEY: SECRETS_KEY.toString('base64'), AI_GENERATIONS_PER_MINUTE: '4', LOG_LEVEL: 'trace' };
const fake = useFakeProvider(settings, { serverDefault: false });
const accounts = useAccountsApp(settings, {}, { logStream });
const { call } = accounts;

/** What a key is sealed with: the account, and the origin of the address it was typed for. */
const sealedFor = (customerId: string) => `ai_providers:${customerId}:${new URL(fake().url).origin}`;
const providerBody = (overrides: Record<string, unknown> = {}) => ({ base_url: fake().url, api_key: fake().apiKey, model: fake().model, ...overrides });

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('the AI provider of an account', () => {

  it('is none at first, on a server without a default: generating says how to connect one', async () => {
    const { cookie } = await accounts.signedInCustomer();
    expect((await call('GET', AI.provider)).statusCode).toBe(401);
    const view = await call('GET', AI.provider, cookie);
    expect(view.json().payload).toEqual({ provider: null, server_default: false, free_attempts_left: 3 });
    const refused = await call('POST', AI.generate, cookie, { task: 'subjects', subject: 'Spring sale' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().payload.message).toBe(AI_MESSAGES.noProvider);
    expect(fake().requests).toHaveLength(0);
  });

  it('is saved with its key sealed at rest, and the key is never answered', async () => {
    const { cookie, customerId } = await accounts.signedInCustomer();
    const saved = await call('PUT', AI.provider, cookie, providerBody());
    expect(saved.statusCode).toBe(200);
    expect(saved.json().payload).toMatchObject({ message: AI_MESSAGES.saved, provider: { base_url: fake().url, model: 'fake-model' }, server_default: false });
    expect(saved.body).not.toContain(fake().apiKey);
    const read = await call('GET', AI.provider, cookie);
    expect(read.json().payload.provider).toEqual({ base_url: fake().url, model: 'fake-model', updated_at: accounts.now().toISOString() });
    expect(read.body).not.toContain(fake().apiKey);

    const [row] = rowsOf<{ api_key: string }>(await accounts.database.db.execute(sql`select * from ai_providers where customer_id = ${customerId}::uuid`));
    expect(JSON.stringify(row)).not.toContain(fake().apiKey);
    expect(await secretBoxWith(SECRETS_KEY).open(row!.api_key, sealedFor(customerId))).toBe(fake().apiKey);
  });

  it('keeps the stored key when a change leaves it out, but needs one the first time', async () => {
    const { cookie } = await accounts.signedInCustomer();
    const first = await call('PUT', AI.provider, cookie, providerBody({ api_key: undefined }));
    expect(first.statusCode).toBe(400);
    expect(first.json().payload.errors).toEqual({ api_key: AI_MESSAGES.apiKeyRequired });
    await call('PUT', AI.provider, cookie, providerBody());
    const changed = await call('PUT', AI.provider, cookie, providerBody({ api_key: undefined, model: 'other-model' }));
    expect(changed.json().payload.provider.model).toBe('other-model');
    // The stored key still works: the fake knows no other-model, so it says so (not the key).
    const tested = await call('POST', AI.test, cookie);
    expect(tested.json().payload.message).toBe(AI_MESSAGES.modelNotFound);
    await call('PUT', AI.provider, cookie, providerBody({ api_key: undefined }));
    expect((await call('POST', AI.test, cookie)).json().payload).toEqual({ ok: true, model: 'fake-model', message: AI_MESSAGES.testOk('fake-model') });
  });

  it('refuses addresses that are not web addresses, carry credentials, or point inside a private network', async () => {
    const { cookie } = await accounts.signedInCustomer();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ base_url: 'ftp://example.com/v1' }, 'base_url', AI_MESSAGES.baseUrlInvalid],
      [{ base_url: 'https://user:pass@example.com/v1' }, 'base_url', AI_MESSAGES.baseUrlCredentials],
      [{ base_url: 'http://10.1.2.3:11434/v1' }, 'base_url', AI_MESSAGES.baseUrlPrivate],
      [{ base_url: 'http://169.254.169.254/v1' }, 'base_url', AI_MESSAGES.baseUrlPrivate],
      [{ model: ' ' }, 'model', AI_MESSAGES.modelRequired],
      [{ api_key: 'k'.repeat(501) }, 'api_key', AI_MESSAGES.tooLong(500)],
    ];
    for (const [overrides, field, message] of cases) {
      const response = await call('PUT', AI.provider, cookie, providerBody(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json().payload.errors[field]).toBe(message);
      const tested = await call('POST', AI.test, cookie, providerBody(overrides));
      expect(tested.statusCode).toBe(400);
      expect(tested.json().payload.message).toBe(message);
    }
    expect((await call('GET', AI.provider, cookie)).json().payload.provider).toBeNull();
  });

  it('sends a key over plain http only to this machine: any other http address is refused, saved or already stored', async () => {
    const { cookie, customerId } = await accounts.signedInCustomer();
    const before = fake().requests.length;
    for (const base_url of ['http://api.example.com/v1', 'http://93.184.216.34:11434/v1']) {
      const saved = await call('PUT', AI.provider, cookie, providerBody({ base_url }));
      expect(saved.statusCode, base_url).toBe(400);
      expect(saved.json().payload.errors).toEqual({ base_url: AI_MESSAGES.baseUrlHttps });
      const tested = await call('POST', AI.test, cookie, providerBody({ base_url }));
      expect(tested.statusCode).toBe(400);
      expect(tested.json().payload.message).toBe(AI_MESSAGES.baseUrlHttps);
    }
    expect((await call('GET', AI.provider, cookie)).json().payload.provider).toBeNull();
    // The fake on 127.0.0.1 over http is this machine (AI_ALLOW_LOCAL is on here).
    expect((await call('PUT', AI.provider, cookie, providerBody())).statusCode).toBe(200);
    // A row stored before the rule: it is not used until the address is changed.
    await accounts.database.db.execute(sql`update ai_providers set base_url = 'http://api.example.com/v1' where customer_id = ${customerId}::uuid`);
    const generate = await call('POST', AI.generate, cookie, { task: 'subjects', subject: 'Spring sale' });
    expect(generate.statusCode).toBe(409);
    expect(generate.json().payload.message).toBe(AI_MESSAGES.baseUrlHttps);
    expect((await call('POST', AI.test, cookie)).json().payload.message).toBe(AI_MESSAGES.baseUrlHttps);
    expect(fake().requests.length).toBe(before);
  });

  it('tests the connection as the form is: ok, a refused key, an address that does not answer', async () => {
    const { cookie } = await accounts.signedInCustomer();
    const ok = await call('POST', AI.test, cookie, providerBody());
    expect(ok.statusCode).toBe(200);
    expect(ok.json().payload).toEqual({ ok: true, model: 'fake-model', message: AI_MESSAGES.testOk('fake-model') });
    const request = fake().requests.at(-1)!;
    expect(request.headers.authorization).toBe(`Bearer ${fake().apiKey}`);
    expect(request.body).toMatchObject({ model: 'fake-model', stream: false });

    const badKey = await call('POST', AI.test, cookie, providerBody({ api_key: 'sk-wrong' }));
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json().payload.message).toBe(AI_MESSAGES.badKey);

    const down = await call('POST', AI.test, cookie, providerBody({ base_url: `http://127.0.0.1:${await closedPort()}/v1` }));
    expect(down.statusCode).toBe(400);
    expect(down.json().payload.message).toBe(AI_MESSAGES.unreachable);

    const nothingSaved = await call('POST', AI.test, cookie);
    expect(nothingSaved.statusCode).toBe(409);
    expect(nothingSaved.json().payload.message).toBe(AI_MESSAGES.noProvider);
  });

  it('generates on the account’s own provider without counting free attempts, and is removed', async () => {
    const { cookie } = await accounts.signedInCustomer();
    await call('PUT', AI.provider, cookie, providerBody());
    for (let i = 0; i < 4; i += 1) {
      const response = await call('POST', AI.generate, cookie, { task: 'subjects', subject: 'Spring sale' });
      expect(outcome(response.body)).toMatchObject({ done: true, free_attempts_left: 3 });
    }
    // AI_GENERATIONS_PER_MINUTE is 4 here: a loop cannot run up the customer's bill.
    const fifth = await call('POST', AI.generate, cookie, { task: 'subjects', subject: 'Spring sale' });
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().payload.message).toBe(AI_MESSAGES.tooManyRequests);
    accounts.advance(60_000);
    expect(outcome((await call('POST', AI.generate, cookie, { task: 'subjects', subject: 'Spring sale' })).body)).toMatchObject({ done: true });

    const removed = await call('DELETE', AI.provider, cookie);
    expect(removed.json().payload).toEqual({ message: AI_MESSAGES.deleted, provider: null, server_default: false, free_attempts_left: 3 });
    expect((await call('POST', AI.generate, cookie, { task: 'subjects', subject: 'Spring sale' })).statusCode).toBe(409);
  });

  it('tells a provider that refuses the key while generating', async () => {
    const { cookie, customerId } = await accounts.signedInCustomer();
    await call('PUT', AI.provider, cookie, providerBody());
    // The key changed at the provider's end since it was saved.
    await accounts.database.db.execute(sql`update ai_providers set api_key = ${await secretBoxWith(SECRETS_KEY).seal('sk-revoked', sealedFor(customerId))} where customer_id = ${customerId}::uuid`);
    const response = await call('POST', AI.generate, cookie, { task: 'rewrite', selection: 'Hello there', style: 'friendlier' });
    expect(response.headers['content-type']).toContain('text/event-stream');
    expect(outcome(response.body)).toEqual({ error: AI_MESSAGES.badKey });
  });

  it('asks for the key again when it was sealed under another secrets key, instead of failing', async () => {
    const { cookie, customerId } = await accounts.signedInCustomer();
    await call('PUT', AI.provider, cookie, providerBody());
    // As after the server's SECRETS_KEY was replaced: the stored key no longer opens.
    await accounts.database.db.execute(sql`update ai_providers set api_key = ${await secretBoxWith(randomBytes(32)).seal(fake().apiKey, sealedFor(customerId))} where customer_id = ${customerId}::uuid`);
    const before = fake().requests.length;
    const generate = await call('POST', AI.generate, cookie, { task: 'subjects', subject: 'Spring sale' });
    expect(generate.statusCode).toBe(409);
    expect(generate.json().payload.message).toBe(AI_MESSAGES.keyUnreadable);
    const tested = await call('POST', AI.test, cookie, providerBody({ api_key: undefined }));
    expect(tested.json().payload.message).toBe(AI_MESSAGES.keyUnreadable);
    expect(fake().requests.length).toBe(before);
    // Entering the key again mends it.
    await call('PUT', AI.provider, cookie, providerBody());
    expect(outcome((await call('POST', AI.generate, cookie, { task: 'subjects', subject: 'Spring sale' })).body)).toMatchObject({ done: true });
  });

  it('takes changes and generations from our own pages only', async () => {
    const { cookie } = await accounts.signedInCustomer();
    const before = fake().requests.length;
    const put = await accounts.app.inject({ method: 'PUT', url: `/api/${AI.provider}`, headers: { cookie, origin: 'https://evil.example' }, payload: providerBody() });
    expect(put.statusCode).toBe(403);
    const generate = await accounts.app.inject({ method: 'POST', url: `/api/${AI.generate}`, headers: { cookie, 'sec-fetch-site': 'cross-site' }, payload: { task: 'subjects', subject: 'Spring' } });
    expect(generate.statusCode).toBe(403);
    expect((await call('GET', AI.provider, cookie)).json().payload.provider).toBeNull();
    expect(fake().requests.length).toBe(before);
  });

  it('never writes a key in the log (runs last: the log of every test above)', () => {
    expect(logLines.length).toBeGreaterThan(10);
    for (const key of [fake().apiKey, 'sk-wrong', 'sk-revoked']) expect(logLines.join('')).not.toContain(key);
  });
});
