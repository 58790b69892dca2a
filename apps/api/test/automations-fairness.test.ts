import { sql } from 'drizzle-orm';
import { FLOW_RUN_TEXTS } from '@postlark/shared/automations-messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/results';
import { runFlowsOnce } from '../src/modules/automations/flow-engine';
import { runWebhooksOnce, webhookLanes } from '../src/modules/automations/flow-webhook-lanes';
import { useAccountsApp } from './support/accounts-app';
import { emailStep, FLOWS, flowCustomer, flowEngine, personEmail } from './support/flows';
import { startTarpit, type Tarpit } from './support/tarpit';

// Issue 31, point 3: one account cannot stall another's automations. Account A has a flow whose
// only step calls a webhook on a host that never answers, fed thousands of people; account B's
// welcome email still goes out in the engine's next pass, A's calls hold at most their own lanes,
// A's host is paused once it keeps not answering, and an account's entries are capped per hour.

const accounts = useAccountsApp({ API_REQUESTS_PER_MINUTE: '1000', WEBHOOKS_ALLOW_LOCAL: 'true' });
const db = () => accounts.database.db;
const HOUR = 3_600_000;

let tarpit: Tarpit;
beforeAll(async () => {
  tarpit = await startTarpit();
});
afterAll(async () => tarpit.close());

const webhookOnly = (url: string) => ({ trigger: { type: 'event', event: 'signed_up' }, start: 'crm', steps: [{ id: 'crm', type: 'webhook', url, next: null }] });
const welcome = { trigger: { type: 'event', event: 'signed_up' }, start: 'welcome', steps: [emailStep('welcome')] };

/** Paused when its test ends: what it left waiting is no later test's work. */
const pause = async (customer: { cookie: string }, flowId: string) => expect((await accounts.call('POST', `${FLOWS}/${flowId}/pause`, customer.cookie)).statusCode).toBe(200);

/** The flow's steps by status, as stored. */
async function stepStatuses(flowId: string) {
  const rows = rowsOf<{ status: string; n: number }>(await db().execute(sql`select status, count(*)::int as n from flow_step_runs where flow_id = ${flowId}::uuid group by status`));
  return Object.fromEntries(rows.map((row) => [row.status, row.n]));
}

/** The flow's steps, all pending: their reasons and due times (each once), and their attempts. */
async function waitingAt(flowId: string) {
  const rows = rowsOf<{ status: string; reason: string; dueAt: string; attempts: number }>(
    await db().execute(sql`select status, reason, due_at as "dueAt", attempts from flow_step_runs where flow_id = ${flowId}::uuid order by attempts`),
  );
  expect(rows.every((row) => row.status === 'pending')).toBe(true);
  return {
    reasons: [...new Set(rows.map((row) => row.reason))],
    dueAt: [...new Set(rows.map((row) => new Date(row.dueAt).toISOString()))],
    attempts: rows.map((row) => row.attempts),
  };
}

/** `count` people of the account signing up through the events API (their profiles made by it). */
async function signUps(customer: Awaited<ReturnType<typeof flowCustomer>>, name: string, count: number) {
  const people = Array.from({ length: count }, () => personEmail(name));
  await customer.events(people.map((email) => ({ name: 'signed_up', email, id: `signup-${email}` })));
  return people;
}

/** As signUps, of people who subscribed first (so they may be emailed). */
async function subscribedSignUps(customer: Awaited<ReturnType<typeof flowCustomer>>, name: string, count: number) {
  const people = Array.from({ length: count }, () => personEmail(name));
  for (const email of people) await customer.subscriber(email);
  await customer.events(people.map((email) => ({ name: 'signed_up', email, id: `signup-${email}` })));
  return people;
}

describe('two accounts on one flow engine', () => {
  it('sends B’s welcome email in the next pass while A’s thousands of webhook steps wait on a host that never answers', async () => {
    const a = await flowCustomer(accounts);
    const b = await flowCustomer(accounts);
    const crm = await a.activeFlow('Sync to our CRM', webhookOnly(tarpit.url));
    const greeting = await b.activeFlow('Welcome', welcome);
    await signUps(a, 'flood', 2_000);
    const engine = await flowEngine(accounts, { batchSize: 100, concurrency: 2, webhookConcurrency: 8, webhooksPerAccount: 2, webhookTimeoutMs: 600_000 });
    const lanes = webhookLanes(engine.deps);
    try {
      // A's first people are in; its calls go out and hang at the tarpit.
      await runFlowsOnce(engine.deps);
      expect(await lanes.fill()).toBe(2);
      expect(await lanes.fill()).toBe(0);

      const newcomer = personEmail('newcomer');
      await b.subscriber(newcomer, { first_name: 'Nia' });
      await b.events([{ name: 'signed_up', email: newcomer, id: `signup-${newcomer}` }]);
      await runFlowsOnce(engine.deps);

      const [mail] = accounts.smtp.messagesTo(newcomer);
      expect(mail?.subject).toBe('Step welcome for Nia');
      expect(await stepStatuses(greeting)).toEqual({ done: 1 });
      // A's calls under way are two, whatever its backlog; the rest of its steps wait their turn.
      const held = await stepStatuses(crm);
      expect(held.running).toBe(2);
      expect(held.pending).toBeGreaterThan(100);
    } finally {
      await pause(a, crm);
      await tarpit.close();
      tarpit = await startTarpit();
      await lanes.idle();
      await engine.close();
    }
    // Two thousand sign-ups and two accounts made through the routes: minutes on a loaded machine, not a timing.
  }, 120_000);

  it('pauses a host of A’s that stops answering: its other steps wait without a call, and one trial goes when the pause ends', async () => {
    const a = await flowCustomer(accounts);
    const crm = await a.activeFlow('Sync to our CRM', webhookOnly(tarpit.url));
    await signUps(a, 'paused', 6);
    // Retries 10 s apart, so no retry falls due at the end of a pause.
    const engine = await flowEngine(accounts, { webhooksPerAccount: 1, webhookTimeoutMs: 500, retryBaseMs: 10_000, breakerFailures: 3, breakerOpenMs: 60_000 });
    const passes = async () => {
      for (let pass = 0; pass < 20; pass += 1) if ((await runWebhooksOnce(engine.deps)) === 0) return;
    };
    try {
      await runFlowsOnce(engine.deps);
      await passes();
      // Three calls timed out (their attempts say so; the tarpit saw each that connected in
      // time); the fourth found the host paused, and every step waiting at it (those three
      // retries too) was put off to the pause's end in one statement, uncounted.
      expect(tarpit.connections).toBeLessThanOrEqual(3);
      const pausedUntil = new Date(accounts.now().getTime() + 60_000);
      expect(await waitingAt(crm)).toEqual({
        reasons: [FLOW_RUN_TEXTS.webhookHostPaused(tarpit.host, 3, pausedUntil)],
        dueAt: [pausedUntil.toISOString()],
        attempts: [0, 0, 0, 1, 1, 1],
      });

      // The pause ends: one trial call, which fails, and the host pauses twice as long.
      accounts.advance(60_000);
      await passes();
      expect(tarpit.connections).toBeLessThanOrEqual(4);
      const longer = new Date(accounts.now().getTime() + 120_000);
      expect(await waitingAt(crm)).toEqual({
        reasons: [FLOW_RUN_TEXTS.webhookHostPaused(tarpit.host, 4, longer)],
        dueAt: [longer.toISOString()],
        attempts: [0, 0, 0, 1, 1, 2],
      });
    } finally {
      await pause(a, crm);
      await engine.close();
    }
  });

  it('enters at most FLOW_ENTRIES_PER_HOUR people an hour for an account; the rest wait in the inbox and enter when the hour frees, and another account is not held back', async () => {
    const a = await flowCustomer(accounts);
    const b = await flowCustomer(accounts);
    const busy = await a.activeFlow('Welcome', welcome);
    const quiet = await b.activeFlow('Welcome', welcome);
    const people = await subscribedSignUps(a, 'capped', 5);
    const [other] = await subscribedSignUps(b, 'uncapped', 1);
    const engine = await flowEngine(accounts, { entriesPerHour: 3 });
    try {
      await engine.drain();
      expect(people.filter((email) => accounts.smtp.messagesTo(email).length === 1)).toHaveLength(3);
      expect((await a.stats(busy)).entries).toEqual({ pending: 2, refused: 0 });
      expect(accounts.smtp.messagesTo(other!)).toHaveLength(1);
      expect((await b.stats(quiet)).entries).toEqual({ pending: 0, refused: 0 });

      accounts.advance(HOUR + 1_000);
      await engine.drain();
      expect(people.filter((email) => accounts.smtp.messagesTo(email).length === 1)).toHaveLength(5);
      expect((await a.stats(busy)).entries).toEqual({ pending: 0, refused: 0 });
    } finally {
      await engine.close();
    }
  });
});
