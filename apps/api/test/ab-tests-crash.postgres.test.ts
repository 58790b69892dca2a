import type { ChildProcess } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { rawQuery } from '../src/db/client';
import { useAccountsApp } from './support/accounts-app';
import { bulkAudience, FROM_EMAIL } from './support/campaigns';
import { eventually } from './support/eventually';
import { type FaultySmtpSink, startFaultySmtpSink } from './support/faulty-smtp-sink';
import { killAfterAccepted, sessionsEnded, startSendingWorker, stopProcess } from './support/worker-process';

// Issue 20, point 3: a crash between an A/B test's decision and the winner's send loses nothing
// and sends nothing twice. `npm run start:worker` sends a 3,000-recipient subject test's test
// share; opens arrive; a second worker decides (B), releases the held rest in the same
// transaction and is killed with SIGKILL while sending B to them; a third finishes. Every
// recipient then has exactly one message (but for the rows the kill left unknown, at most one
// batch), the rest all B, and the decision was taken once.
//
// PostgreSQL only (a second process on the test's database), like campaign-crash.postgres.test.ts.

const AUDIENCE = 3_000;
const TESTED = 600; // 20%, 300 per variant
const BATCH_SIZE = 500; // start-campaign-sending.ts
const KILL_AFTER_REST = 700; // messages of the rest accepted when the second worker is killed

interface LedgerRow {
  email: string;
  status: string;
  variant: number;
  ab_rest: boolean;
  message_id: string;
}

describe('an A/B test whose worker is killed between the decision and the winner’s send (PostgreSQL only: needs TEST_DATABASE_URL)', () => {
  const accounts = useAccountsApp({}, {}, { startAt: new Date() }); // the spawned workers run on the real clock
  const { call } = accounts;
  const query = <Row>(text: string, params: unknown[] = []) => rawQuery<Row>(accounts.database.db, text, params);

  const startWorker = (sink: FaultySmtpSink, output: string[], name: string): ChildProcess => startSendingWorker(accounts.database, sink.url, output, name, 3);

  const statuses = async (campaignId: string) =>
    Object.fromEntries(
      (await query<{ status: string; n: number }>(`select status, count(*)::int as n from campaign_messages where campaign_id = $1::uuid group by status`, [campaignId])).map((row) => [row.status, row.n]),
    ) as Record<string, number>;

  it(
    'decides once and sends every held recipient the winner exactly once across a SIGKILL',
    async () => {
      // A relay without faults: what is under test is the crash.
      const NEVER = Number.MAX_SAFE_INTEGER;
      const sink = await startFaultySmtpSink({ greeting421: { every: NEVER, max: 0 }, rcpt451Every: NEVER, data451Every: NEVER, data421Every: NEVER, dataDropEvery: NEVER });
      const output: string[] = [];
      const workers: ChildProcess[] = [];
      try {
        const { customer, list } = await bulkAudience(accounts, AUDIENCE, 'abcrash.example');
        const created = await call('POST', 'campaigns/v1/campaigns', customer.cookie, {
          name: 'Crash A/B',
          subject: 'Subject A',
          from_name: 'Lark Letters',
          from_email: FROM_EMAIL,
          content_html: '<p>Hi {{ first_name }}</p>',
          audience: { list_ids: [list] },
          ab_test: { dimension: 'subject', test_share: 20, variants: [{}, { subject: 'Subject B' }] },
        });
        const campaign = created.json().payload.campaign;
        expect((await call('POST', `campaigns/v1/campaigns/${campaign.id}/send`, customer.cookie)).statusCode).toBe(200);

        // The first worker sends the test share and holds the rest.
        const first = startWorker(sink, output, 'ab-crash-first');
        workers.push(first);
        await eventually(
          async () => {
            const counts = await statuses(campaign.id);
            return counts.sent === TESTED && counts.held === AUDIENCE - TESTED ? counts : undefined;
          },
          { timeoutMs: 60_000, what: `the test share sent:\n${output.join('')}` },
        );
        await stopProcess(first, 'SIGTERM');
        expect(sink.accepted).toHaveLength(TESTED);

        // Opens arrive: half of B's readers, a tenth of A's. Then the look is due.
        await query(
          `insert into campaign_opens (campaign_id, message_row_id, subscriber_id, at, machine)
           select campaign_id, id, subscriber_id, now(), false from (
             select m.*, row_number() over (partition by variant order by id) as k from campaign_messages m
             where campaign_id = $1::uuid and status = 'sent') tested
           where (variant = 1 and k <= 150) or (variant = 0 and k <= 30)`,
          [campaign.id],
        );
        await query(`update ab_tests set next_look_at = now() where campaign_id = $1::uuid`, [campaign.id]);

        // The second worker decides, releases the rest and is killed while sending them B.
        const second = startWorker(sink, output, 'ab-crash-second');
        workers.push(second);
        await killAfterAccepted(sink, second, TESTED + KILL_AFTER_REST, 60_000, output);
        expect(second.signalCode).toBe('SIGKILL');
        await sessionsEnded(query, 'ab-crash-second');
        const [decided] = await query<{ status: string; winner: number; looks: unknown[] }>(`select status, winner, looks from ab_tests where campaign_id = $1::uuid`, [campaign.id]);
        expect(decided).toMatchObject({ status: 'winner', winner: 1 });
        const afterKill = await statuses(campaign.id);
        expect(afterKill.held ?? 0).toBe(0);
        // At most the dead worker's batch in flight (two lanes of half a batch); the workers' log says why if not.
        expect(afterKill.sending ?? 0, `rows left sending: ${JSON.stringify(afterKill)}\n${output.join('')}`).toBeLessThanOrEqual(BATCH_SIZE);

        // The third worker finishes: the dead one's rows become unknown once their lease is over.
        const third = startWorker(sink, output, 'ab-crash-third');
        workers.push(third);
        await eventually(
          async () => {
            const [state] = await query<{ status: string }>(`select status from campaigns where id = $1::uuid`, [campaign.id]);
            if (third.exitCode !== null) throw new Error(`the third worker exited:\n${output.join('')}`);
            return state?.status === 'sent' ? state : undefined;
          },
          { timeoutMs: 90_000, what: 'the campaign reading sent' },
        );
        await stopProcess(third, 'SIGTERM');

        const ledger = await query<LedgerRow>(`select email, status, variant, ab_rest, message_id from campaign_messages where campaign_id = $1::uuid order by id`, [campaign.id]);
        expect(ledger).toHaveLength(AUDIENCE);
        const rest = ledger.filter((row) => row.ab_rest);
        expect(rest).toHaveLength(AUDIENCE - TESTED);
        // The rest all got the winner; the test share kept its variants, half each.
        expect(rest.every((row) => row.variant === 1)).toBe(true);
        expect(ledger.filter((row) => !row.ab_rest && row.variant === 1)).toHaveLength(TESTED / 2);
        expect(ledger.every((row) => row.status === 'sent' || row.status === 'unknown')).toBe(true);
        const unknown = ledger.filter((row) => row.status === 'unknown');
        expect(unknown.length).toBeLessThanOrEqual(BATCH_SIZE);

        // Nothing twice: one acceptance per sent row, at most one per unknown row, none unknown to the ledger.
        const times = new Map<string, number>();
        for (const message of sink.accepted) times.set(message.messageId, (times.get(message.messageId) ?? 0) + 1);
        const ids = new Set(ledger.map((row) => row.message_id));
        expect([...times.keys()].filter((id) => !ids.has(id))).toEqual([]);
        for (const row of ledger) {
          if (row.status === 'sent') expect(times.get(row.message_id), `sent row ${row.email}`).toBe(1);
          else expect(times.get(row.message_id) ?? 0, `unknown row ${row.email}`).toBeLessThanOrEqual(1);
        }
        expect(sink.accepted.length).toBe(times.size);
        console.log(`A/B crash test: ${ledger.filter((row) => row.status === 'sent').length} sent, ${unknown.length} unknown (left in sending by the kill), relay accepted ${sink.accepted.length}`);

        // The decision was taken once: its look is the last, and the report says B.
        const [after] = await query<{ looks: unknown[]; decided_at: Date }>(`select looks, decided_at from ab_tests where campaign_id = $1::uuid`, [campaign.id]);
        expect(after!.looks).toEqual(decided!.looks);
        const shown = (await call('GET', `campaigns/v1/campaigns/${campaign.id}`, customer.cookie)).json().payload.campaign;
        expect(shown.ab_test_state).toMatchObject({ status: 'winner', winner: 1 });
        expect(shown.messages).toMatchObject({ held: 0, pending: 0, sending: 0, sent: AUDIENCE - unknown.length, unknown: unknown.length });
      } finally {
        sink.onAccepted = undefined;
        for (const worker of workers) await stopProcess(worker, 'SIGKILL');
        await sink.stop();
      }
    },
    180_000,
  );
});
