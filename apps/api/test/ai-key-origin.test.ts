import { randomBytes } from 'node:crypto';
import { AI_MESSAGES } from '@postlark/shared/ai';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/results';
import { secretBoxWith } from '../src/lib/secret-box';
import { AI, outcome, useFakeProvider } from './support/ai';
import { useAccountsApp } from './support/accounts-app';

// A stored AI key goes only to the origin it was typed for. The fake provider answers on
// 127.0.0.1 and on localhost alike: two origins, one server, so a key sent to the "other" address
// would show up in its requests.

const SECRETS_KEY = randomBytes(32);
const settings: Record<string, string> = { SECRETS_KEY: SECRETS_KEY.toString('base64'), AI_GENERATIONS_PER_MINUTE: '1000' };
const fake = useFakeProvider(settings, { serverDefault: false });
const accounts = useAccountsApp(settings);
const { call } = accounts;

const otherOrigin = () => fake().url.replace('127.0.0.1', 'localhost');
const providerBody = (overrides: Record<string, unknown> = {}) => ({ base_url: fake().url, api_key: fake().apiKey, model: fake().model, ...overrides });
const stored = async (customerId: string) =>
  rowsOf<{ base_url: string; api_key: string; key_origin: string | null }>(await accounts.database.db.execute(sql`select base_url, api_key, key_origin from ai_providers where customer_id = ${customerId}::uuid`))[0]!;

describe('a stored AI key and the address it was typed for', () => {
  it('is not carried over to a new origin: saving or testing one without typing the key again is refused', async () => {
    const { cookie, customerId } = await accounts.signedInCustomer();
    expect((await call('PUT', AI.provider, cookie, providerBody())).statusCode).toBe(200);
    const before = fake().requests.length;

    const saved = await call('PUT', AI.provider, cookie, providerBody({ base_url: otherOrigin(), api_key: undefined }));
    expect(saved.statusCode).toBe(400);
    expect(saved.json().payload.errors).toEqual({ api_key: AI_MESSAGES.apiKeyForNewAddress });
    const tested = await call('POST', AI.test, cookie, providerBody({ base_url: otherOrigin(), api_key: undefined }));
    expect(tested.statusCode).toBe(400);
    expect(tested.json().payload.message).toBe(AI_MESSAGES.apiKeyForNewAddress);
    expect(fake().requests.length).toBe(before);
    expect((await stored(customerId)).base_url).toBe(fake().url);

    // Within its origin the key stays (another path, another model); typed again, it goes anywhere allowed.
    const samePlace = await call('PUT', AI.provider, cookie, providerBody({ base_url: `${fake().url}/`, api_key: undefined }));
    expect(samePlace.statusCode).toBe(200);
    expect((await call('PUT', AI.provider, cookie, providerBody({ base_url: otherOrigin() }))).statusCode).toBe(200);
    expect((await stored(customerId)).key_origin).toBe(new URL(otherOrigin()).origin);
    expect(outcome((await call('POST', AI.generate, cookie, { task: 'subjects', subject: 'Spring' })).body)).toMatchObject({ done: true });
    expect(fake().requests.at(-1)!.headers.host).toBe(new URL(otherOrigin()).host);
  });

  it('does not open once its row is pointed at another address behind the app’s back (the origin is in the seal)', async () => {
    const { cookie, customerId } = await accounts.signedInCustomer();
    await call('PUT', AI.provider, cookie, providerBody());
    const before = fake().requests.length;
    // Both the address and the column that says where the key was typed for, as a writer to the database could.
    await accounts.database.db.execute(sql`update ai_providers set base_url = ${otherOrigin()}, key_origin = ${new URL(otherOrigin()).origin} where customer_id = ${customerId}::uuid`);
    const generate = await call('POST', AI.generate, cookie, { task: 'subjects', subject: 'Spring' });
    expect(generate.statusCode).toBe(409);
    expect(generate.json().payload.message).toBe(AI_MESSAGES.keyUnreadable);
    expect(fake().requests.length).toBe(before);
  });

  it('reads a key sealed before the origin was bound (the account only) and seals it for its address at once', async () => {
    const { cookie, customerId } = await accounts.signedInCustomer();
    await call('PUT', AI.provider, cookie, providerBody());
    const legacy = await secretBoxWith(SECRETS_KEY).seal(fake().apiKey, `ai_providers:${customerId}`);
    await accounts.database.db.execute(sql`update ai_providers set api_key = ${legacy}, key_origin = null where customer_id = ${customerId}::uuid`);

    expect(outcome((await call('POST', AI.generate, cookie, { task: 'subjects', subject: 'Spring' })).body)).toMatchObject({ done: true });
    expect(fake().requests.at(-1)!.headers.authorization).toBe(`Bearer ${fake().apiKey}`);
    const row = await stored(customerId);
    expect(row.key_origin).toBe(new URL(fake().url).origin);
    expect(row.api_key).not.toBe(legacy);
    expect(await secretBoxWith(SECRETS_KEY).open(row.api_key, `ai_providers:${customerId}:${new URL(fake().url).origin}`)).toBe(fake().apiKey);
    // A new origin still needs the key typed again.
    expect((await call('PUT', AI.provider, cookie, providerBody({ base_url: otherOrigin(), api_key: undefined }))).statusCode).toBe(400);
  });
});
