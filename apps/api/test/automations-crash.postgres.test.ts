import type { ChildProcess } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { rawQuery } from '../src/db/client';
import { APP_URL } from './support/accounts';
import { useAccountsApp } from './support/accounts-app';
import { apiKeyFor, callWithKey } from './support/api-keys';
import { CONTACT, FROM_EMAIL } from './support/campaigns';
import { eventually } from './support/eventually';
import { type FaultySmtpSink, startFaultySmtpSink } from './support/faulty-smtp-sink';
import { emailStep, FLOWS } from './support/flows';
import { confirmSender } from './support/senders';
import { killAfterAccepted, sessionsEnded, startWorkerProcess, stopProcess } from './support/worker-process';

// Issue 19: a flow of two emails for 1,500 people, run by `npm run start:worker` processes
// against a relay that refuses and drops some messages, the worker killed with SIGKILL in the
// middle and started again. Afterwards every person has each email exactly once, except the
// steps the killed worker held while their email was with the relay (one per lane at most: marked
// unknown, never repeated); nobody unsubscribed got anything; no step is left pending or running.
//
// PostgreSQL only, like campaign-crash.postgres.test.ts: the worker is a second process.

const PEOPLE = 1_500;
const UNSUBSCRIBED = 100; // of them, sent the event too: refused at entry
const KILL_AFTER = 1_000; // emails the relay accepted when the first worker is killed
const LEASE_SECONDS = 3;
const LANES = 4; // FLOW_CONCURRENCY: steps a worker works on at once

describe('a flow whose worker is killed mid-step (PostgreSQL only: needs TEST_DATABASE_URL)', () => {
  const accounts = useAccountsApp({ API_REQUESTS_PER_MINUTE: '1000' }, {}, { startAt: new Date() }); // the spawned worker runs on the real clock
  const { call } = accounts;
  const query = <Row>(text: string, params: unknown[] = []) => rawQuery<Row>(accounts.database.db, text, params);

  const databaseUrl = () => {
    const url = (accounts.database as { url?: string }).url;
    if (!url) throw new Error('the test database has no URL');
    return url;
  };
  const startWorker = (sink: FaultySmtpSink, output: string[], name: string) =>
    startWorkerProcess(databaseUrl(), name, { SMTP_URL: sink.url, APP_URL, FLOW_LEASE_SECONDS: String(LEASE_SECONDS), FLOW_CONCURRENCY: String(LANES), CAMPAIGN_RETRY_BASE_SECONDS: '1', LOG_LEVEL: 'warn' }, output);

  it(
    'sends each person each email exactly once across a SIGKILL and a faulty relay, leaving unknown only the steps held (one per lane)',
    async () => {
      const sink = await startFaultySmtpSink({ greeting421: { every: 5, max: 4 }, rcpt451Every: 97, data451Every: 89, data421Every: 211, dataDropEvery: 331 });
      const output: string[] = [];
      const workers: ChildProcess[] = [];
      try {
        const customer = await accounts.signedInCustomer();
        await call('PUT', `home/v1/user/${customer.customerId}/contact`, customer.cookie, CONTACT);
        await confirmSender(accounts, customer.cookie, FROM_EMAIL);
        const key = await apiKeyFor(accounts, customer.cookie);
        await query(
          `insert into subscribers (customer_id, email, first_name, last_name, status, created_at, updated_at, consent_source, consent_at, confirmed_at)
           select $1::uuid, 'person' || i || '@flowcrash.example', 'Person' || i, 'Lark', case when i <= ${UNSUBSCRIBED} then 'unsubscribed' else 'active' end,
             now(), now(), 'import', now(), now()
           from generate_series(1, ${PEOPLE}) as i`,
          [customer.customerId],
        );
        const created = await call('POST', FLOWS, customer.cookie, {
          name: 'Trial welcome',
          definition: { trigger: { type: 'event', event: 'trial_started' }, start: 'welcome', steps: [emailStep('welcome', 'tips'), emailStep('tips')] },
        });
        expect(created.statusCode, created.body).toBe(201);
        const flowId = created.json().payload.flow.id as string;
        expect((await call('POST', `${FLOWS}/${flowId}/activate`, customer.cookie)).statusCode).toBe(200);
        const events = Array.from({ length: PEOPLE }, (_, index) => ({ name: 'trial_started', email: `person${index + 1}@flowcrash.example`, id: `trial-${index + 1}` }));
        const ingested = await callWithKey(accounts, key, 'POST', 'events', { events });
        expect(ingested.json().payload).toMatchObject({ accepted: PEOPLE, duplicates: 0 });

        const first = startWorker(sink, output, 'flow-crash-first');
        workers.push(first);
        await killAfterAccepted(sink, first, KILL_AFTER, 90_000, output);
        expect(first.signalCode).toBe('SIGKILL');
        await sessionsEnded(query, 'flow-crash-first');
        const acceptedAtKill = sink.accepted.length;
        const [left] = await query<{ running: number; sending: number }>(
          `select (select count(*)::int from flow_step_runs where flow_id = $1::uuid and status = 'running') as running,
             (select count(*)::int from campaign_messages m join flow_step_campaigns c on c.campaign_id = m.campaign_id where c.flow_id = $1::uuid and m.status = 'sending') as sending`,
          [flowId],
        );

        const second = startWorker(sink, output, 'flow-crash-second');
        workers.push(second);
        await eventually(
          async () => {
            const [state] = await query<{ open: number; active: number; pending: number }>(
              `select (select count(*)::int from flow_step_runs where flow_id = $1::uuid and status in ('pending', 'waiting', 'running')) as open,
                 (select count(*)::int from flow_runs where flow_id = $1::uuid and status = 'active') as active,
                 (select count(*)::int from flow_entries where flow_id = $1::uuid and status = 'pending') as pending`,
              [flowId],
            );
            if (second.exitCode !== null) throw new Error(`the second worker exited:\n${output.join('')}`);
            return state && state.open + state.active + state.pending === 0 ? state : undefined;
          },
          { timeoutMs: 120_000, what: 'every run of the flow ending' },
        );
        await stopProcess(second, 'SIGTERM');

        const steps = await query<{ status: string; count: number }>(`select status, count(*)::int as count from flow_step_runs where flow_id = $1::uuid group by status`, [flowId]);
        const stepCount = (status: string) => steps.find((row) => row.status === status)?.count ?? 0;
        const ledger = await query<{ message_id: string; email: string; status: string; attempts: number }>(
          `select m.message_id, m.email, m.status, m.attempts from campaign_messages m join flow_step_campaigns c on c.campaign_id = m.campaign_id where c.flow_id = $1::uuid`,
          [flowId],
        );
        const [entries] = await query<{ entered: number; refused: number }>(
          `select count(*) filter (where status = 'entered')::int as entered, count(*) filter (where status = 'refused')::int as refused from flow_entries where flow_id = $1::uuid`,
          [flowId],
        );
        const runs = await query<{ status: string; count: number }>(`select status, count(*)::int as count from flow_runs where flow_id = $1::uuid group by status`, [flowId]);
        const ledgerCount = (status: string) => ledger.filter((row) => row.status === status).length;
        console.log(
          `flow crash test: ${PEOPLE} events, entries ${entries!.entered} entered and ${entries!.refused} refused (unsubscribed); runs ${JSON.stringify(Object.fromEntries(runs.map((row) => [row.status, row.count])))}; ` +
            `step executions done ${stepCount('done')}, unknown ${stepCount('unknown')}, failed ${stepCount('failed')}, skipped ${stepCount('skipped')}; ` +
            `left by the kill: ${left!.running} steps running, ${left!.sending} emails in sending; ` +
            `ledger sent ${ledgerCount('sent')}, unknown ${ledgerCount('unknown')}, retried ${ledger.filter((row) => row.attempts > 1).length}; ` +
            `relay accepted ${sink.accepted.length} (${acceptedAtKill} when the first worker was killed); faults ${JSON.stringify(sink.faults)}`,
        );

        const active = PEOPLE - UNSUBSCRIBED;
        expect(entries).toEqual({ entered: active, refused: UNSUBSCRIBED });
        expect(runs).toEqual([{ status: 'completed', count: active }]);
        // Two steps per run, each run once; unknown at most the emails the killed worker's lanes held (one each).
        expect(stepCount('done') + stepCount('unknown')).toBe(2 * active);
        expect(stepCount('unknown')).toBeLessThanOrEqual(LANES);
        expect(stepCount('unknown')).toBe(left!.sending);
        expect(stepCount('failed') + stepCount('skipped')).toBe(0);
        expect(ledgerCount('sent')).toBe(stepCount('done'));
        expect(ledgerCount('unknown')).toBe(stepCount('unknown'));
        expect(sink.faults.rcpt451 + sink.faults.data451 + sink.faults.data421 + sink.faults.dataDropped).toBeGreaterThan(0);

        // What the relay accepted, by Message-ID: nothing twice, nothing the ledger does not know.
        const times = new Map<string, number>();
        for (const message of sink.accepted) times.set(message.messageId, (times.get(message.messageId) ?? 0) + 1);
        const byId = new Map(ledger.map((row) => [row.message_id, row]));
        for (const [messageId, count] of times) {
          expect(byId.get(messageId), `accepted ${messageId} with no ledger row`).toBeDefined();
          expect(count, `accepted ${messageId} ${count} times`).toBe(1);
        }
        for (const row of ledger) if (row.status === 'sent') expect(times.get(row.message_id), `sent ${row.email}`).toBe(1);
        // Each active person got both emails (but for the unknown one); the unsubscribed got nothing.
        const received = new Map<string, number>();
        for (const message of sink.accepted) for (const to of message.to) received.set(to, (received.get(to) ?? 0) + 1);
        for (let index = 1; index <= PEOPLE; index += 1) {
          const email = `person${index}@flowcrash.example`;
          if (index <= UNSUBSCRIBED) expect(received.get(email) ?? 0, email).toBe(0);
          else expect(received.get(email) ?? 0, email).toBeGreaterThanOrEqual(ledger.some((row) => row.email === email && row.status === 'unknown') ? 1 : 2);
        }
        // What the customer sees: the unknown step, with its reason.
        const stats = (await call('GET', `${FLOWS}/${flowId}/stats`, customer.cookie)).json().payload.stats;
        expect(stats.steps.reduce((sum: number, step: { unknown: number }) => sum + step.unknown, 0)).toBe(stepCount('unknown'));
        expect(stats.steps.reduce((sum: number, step: { emails_sent: number }) => sum + step.emails_sent, 0)).toBe(ledgerCount('sent'));
      } finally {
        sink.onAccepted = undefined;
        for (const worker of workers) await stopProcess(worker, 'SIGKILL');
        await sink.stop();
      }
    },
    300_000,
  );
});
