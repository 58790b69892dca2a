import { AI_MESSAGES } from '@postlark/shared/ai';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/results';
import { AI, outcome, streamEvents, useFakeProvider } from './support/ai';
import { useAccountsApp } from './support/accounts-app';
import { eventually } from './support/eventually';

// What one account can cost on the server's default provider: a free attempt is given back only
// when the provider failed before any text was sent, every generation started counts against a
// daily budget (AI_DAILY_GENERATIONS, 4 here), given back or not, a generation ends at its
// deadline however steadily the provider dribbles (AI_GENERATION_DEADLINE_SECONDS, 3 s here; the
// idle timer is 1 s), and an account has at most 2 running at once.

const settings: Record<string, string> = { AI_GENERATIONS_PER_MINUTE: '1000', AI_DAILY_GENERATIONS: '4', AI_GENERATION_DEADLINE_SECONDS: '3' };
const fake = useFakeProvider(settings, { serverDefault: true });
const accounts = useAccountsApp(settings);
const { call } = accounts;

const attemptsLeft = async (cookie: string) => (await call('GET', AI.provider, cookie)).json().payload.free_attempts_left as number;
const subjects = (cookie: string) => call('POST', AI.generate, cookie, { task: 'subjects', subject: 'Spring' });

describe('the server’s default provider, per account', () => {
  it('gives a free attempt back when the provider failed before any text, not once text was sent', async () => {
    const { cookie } = await accounts.signedInCustomer();
    fake().script({ kind: 'error', status: 400, message: 'context length exceeded' });
    expect(outcome((await subjects(cookie)).body)).toEqual({ error: AI_MESSAGES.providerError });
    expect(await attemptsLeft(cookie)).toBe(3);
    // Streamed, then not five usable lines: the customer read it, so it counts.
    fake().script({ kind: 'answer', text: 'Here is the answer you asked for, in full.' });
    const events = streamEvents((await subjects(cookie)).body);
    expect(events.filter((event) => 'delta' in event).length).toBeGreaterThan(0);
    expect(events.at(-1)).toEqual({ error: AI_MESSAGES.garbage });
    expect(await attemptsLeft(cookie)).toBe(2);
  });

  it('stops an account at its daily budget with a 429, even when every attempt was given back, until the next day', async () => {
    const { cookie, customerId } = await accounts.signedInCustomer();
    // Four generations the provider refuses: each attempt comes back, each one counts for the day.
    for (let i = 0; i < 4; i += 1) {
      fake().script({ kind: 'error', status: 400, message: 'no' });
      expect(outcome((await subjects(cookie)).body)).toEqual({ error: AI_MESSAGES.providerError });
    }
    expect(await attemptsLeft(cookie)).toBe(3);
    const before = fake().requests.length;
    const refused = await subjects(cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().payload.message).toBe(AI_MESSAGES.dailyLimitReached);
    // 10:00 UTC: 14 hours until the budget starts again.
    expect(refused.headers['retry-after']).toBe(String(14 * 60 * 60));
    expect(fake().requests.length).toBe(before);
    expect(await attemptsLeft(cookie)).toBe(3);
    const [row] = rowsOf<{ day: unknown; used: number }>(await accounts.database.db.execute(sql`select day::text as day, used from ai_daily_generations where customer_id = ${customerId}::uuid`));
    expect(row).toEqual({ day: accounts.now().toISOString().slice(0, 10), used: 4 });

    // Another account is not held up by this one's budget.
    const other = await accounts.signedInCustomer();
    expect(outcome((await subjects(other.cookie)).body)).toMatchObject({ done: true, free_attempts_left: 2 });

    accounts.advance(14 * 60 * 60 * 1000);
    expect(outcome((await subjects(cookie)).body)).toMatchObject({ done: true, free_attempts_left: 2 });
  });

  it('ends a generation at its deadline while the provider dribbles text for ever, and closes the call', async () => {
    const { cookie } = await accounts.signedInCustomer();
    fake().script({ kind: 'dribble', intervalMs: 50 });
    const events = streamEvents((await subjects(cookie)).body);
    expect(events.filter((event) => 'delta' in event).length).toBeGreaterThan(1);
    expect(events.at(-1)).toEqual({ error: AI_MESSAGES.timeout });
    const providerCall = fake().requests.at(-1)!;
    expect(await eventually(() => (providerCall.aborted ? true : undefined), { what: 'the provider call closed' })).toBe(true);
  });

  it('runs at most 2 generations of one account at once: a third is a 429 until one ends', async () => {
    const { cookie } = await accounts.signedInCustomer();
    const before = fake().requests.length;
    fake().script({ kind: 'dribble' }, { kind: 'dribble' });
    const running = [subjects(cookie), subjects(cookie)];
    await eventually(() => (fake().requests.length === before + 2 ? true : undefined), { what: 'both generations at the provider' });
    const third = await subjects(cookie);
    expect(third.statusCode).toBe(429);
    expect(third.json().payload.message).toBe(AI_MESSAGES.tooManyAtOnce);
    expect(fake().requests.length).toBe(before + 2);
    // Another account is not held up by this one's.
    const other = await accounts.signedInCustomer();
    expect(outcome((await subjects(other.cookie)).body)).toMatchObject({ done: true });
    // Both end at their deadline; then the account may start again.
    for (const response of await Promise.all(running)) expect(outcome(response.body)).toEqual({ error: AI_MESSAGES.timeout });
    expect(outcome((await subjects(cookie)).body)).toMatchObject({ done: true });
  });
});
