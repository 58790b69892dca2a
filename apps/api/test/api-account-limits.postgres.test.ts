import { API_KEY_MESSAGES } from '@postlark/shared/api-keys';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { type Database, openDatabase } from '../src/db/client';
import { type Jobs, startJobs } from '../src/jobs/start-jobs';
import { STRONG_PASSWORD } from './support/accounts';
import { useAccountsApp } from './support/accounts-app';
import { apiKeyFor } from './support/api-keys';

// Issue 31, point 14, across processes: two API instances on one PostgreSQL (as `npm run
// start:api` twice behind a balancer), each with its own connections. An account's calls a minute
// and its number of keys hold for both together, not for each.
//
// PostgreSQL only (a second instance needs a database that takes a second client): as a
// *.postgres.test.ts it runs in the api-postgres project (TEST_DATABASE_URL).

const PER_MINUTE = 6;
const KEYS = 3;
const accounts = useAccountsApp({ API_REQUESTS_PER_MINUTE: String(PER_MINUTE), API_KEYS_PER_ACCOUNT: String(KEYS) });

let second: { app: FastifyInstance; database: Database; jobs: Jobs } | undefined;
beforeAll(async () => {
  const url = (accounts.database as Database & { url?: string }).url;
  if (!url) throw new Error('the test database has no URL');
  const database = await openDatabase({ kind: 'postgres', url });
  const jobs = await startJobs({ config: accounts.config, database, log: pino({ level: 'silent' }), tuning: { runWorkers: false } });
  second = { app: await buildApp({ config: accounts.config, database, jobs, now: accounts.now }), database, jobs };
});
afterAll(async () => {
  await second?.app.close();
  await second?.jobs.stop();
  await second?.database.close();
});

const instances = () => [accounts.app, second!.app];
const listLists = (app: FastifyInstance, key: string) => app.inject({ method: 'GET', url: '/api/v1/lists', headers: { authorization: `Bearer ${key}` } });

describe('two API instances on one PostgreSQL', () => {
  it('share an account’s calls a minute: what one allowed, the other counts', async () => {
    const customer = await accounts.signedInCustomer();
    const keys = [await apiKeyFor(accounts, customer.cookie), await apiKeyFor(accounts, customer.cookie)];
    const answers: number[] = [];
    for (let index = 0; index < PER_MINUTE; index += 1) answers.push((await listLists(instances()[index % 2]!, keys[index % 2]!)).statusCode);
    expect(answers).toEqual(Array.from({ length: PER_MINUTE }, () => 200));
    for (const app of instances()) {
      for (const key of keys) {
        const refused = await listLists(app, key);
        expect(refused.statusCode).toBe(429);
        expect(refused.json().payload.message).toBe(API_KEY_MESSAGES.tooMany);
      }
    }
    // At once from both: still no more than the budget in a fresh minute.
    accounts.advance(60_000);
    const burst = await Promise.all(Array.from({ length: PER_MINUTE * 2 }, (_, index) => listLists(instances()[index % 2]!, keys[index % 2]!)));
    expect(burst.filter((answer) => answer.statusCode === 200)).toHaveLength(PER_MINUTE);
    expect(burst.filter((answer) => answer.statusCode === 429)).toHaveLength(PER_MINUTE);
  });

  it('keep an account at its number of keys when both make one at the same moment', async () => {
    const customer = await accounts.signedInCustomer();
    for (let index = 0; index < KEYS - 1; index += 1) await apiKeyFor(accounts, customer.cookie);
    const make = (app: FastifyInstance, name: string) =>
      app.inject({ method: 'POST', url: '/api/home/v1/api-keys', headers: { cookie: customer.cookie }, payload: { name, current_password: STRONG_PASSWORD } });
    const answers = await Promise.all(instances().map((app, index) => make(app, `Last ${index}`)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json().payload.message).toBe(API_KEY_MESSAGES.tooManyKeys(KEYS));
    const listed = (await accounts.call('GET', 'home/v1/api-keys', customer.cookie)).json().payload.api_keys;
    expect(listed).toHaveLength(KEYS);
  });
});
