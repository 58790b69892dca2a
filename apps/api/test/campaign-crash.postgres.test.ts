import type { ChildProcess } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { rawQuery } from '../src/db/client';
import { useAccountsApp } from './support/accounts-app';
import { bulkAudience, FROM_EMAIL } from './support/campaigns';
import { eventually } from './support/eventually';
import { type FaultySmtpSink, startFaultySmtpSink } from './support/faulty-smtp-sink';
import { killAfterAccepted, sessionsEnded, startSendingWorker, stopProcess } from './support/worker-process';

// Issue 6, point 10: a 10,000-recipient campaign sent by `npm run start:worker` processes to a
// relay that refuses and drops some messages, the worker killed with SIGKILL in the middle and
// started again. Afterwards every eligible recipient has exactly one message, except rows the
// crash left unknown (at most one batch), and nobody suppressed has any.
//
// PostgreSQL only: the worker is a second process on the test's database, and the embedded PGlite
// serves one process. As a *.postgres.test.ts it runs only in the api-postgres project
// (TEST_DATABASE_URL, as CI sets it; see vitest.config.ts).

const AUDIENCE = 10_000;
const BATCH_SIZE = 500; // start-campaign-sending.ts
const KILL_AFTER = 3_000; // messages accepted by the relay when the first worker is killed
const LEASE_SECONDS = 3;

interface LedgerRow {
  id: string;
  subscriber_id: string;
  email: string;
  status: 'pending' | 'sending' | 'sent' | 'failed' | 'unknown' | 'skipped';
  message_id: string;
  attempts: number;
}

describe('a campaign whose sending worker is killed mid-send (PostgreSQL only: needs TEST_DATABASE_URL)', () => {
  const accounts = useAccountsApp({}, {}, { startAt: new Date() }); // the spawned worker runs on the real clock
  const call = accounts.call;
  const query = <Row>(text: string, params: unknown[] = []) => rawQuery<Row>(accounts.database.db, text, params);

  /** `name` becomes the worker's application_name, so the test can see its database sessions. */
  const startWorker = (sink: FaultySmtpSink, output: string[], name: string): ChildProcess => startSendingWorker(accounts.database, sink.url, output, name, LEASE_SECONDS);

  /** A customer with a postal address, a confirmed sender and a list of 10,000 active, confirmed subscribers, made in bulk. */
  const audience = () => bulkAudience(accounts, AUDIENCE, 'crash.example');

  /**
   * 250 subscribers the campaign must not go to from the start (no ledger row is made for them):
   * every 40th address, unsubscribed, bounced, complained, or gone from the list.
   */
  async function suppressBeforeStart(customerId: string, list: string): Promise<string[]> {
    const rows = await query<{ id: string; email: string; n: number }>(
      `select id, email, substring(email from 'reader(\\d+)@')::int as n from subscribers
       where customer_id = $1::uuid and substring(email from 'reader(\\d+)@')::int % 40 = 0 order by n`,
      [customerId],
    );
    const ids = (kind: number) => rows.filter((row) => (row.n / 40) % 5 === kind).map((row) => row.id);
    await query(`update subscribers set status = 'unsubscribed' where id = any($1::uuid[])`, [[...ids(0), ...ids(1)]]);
    await query(`update subscribers set status = 'bounced' where id = any($1::uuid[])`, [ids(2)]);
    await query(`update subscribers set status = 'complained' where id = any($1::uuid[])`, [ids(3)]);
    await query(`update list_memberships set status = 'unsubscribed' where list_id = $1::uuid and subscriber_id = any($2::uuid[])`, [list, ids(4)]);
    return rows.map((row) => row.email);
  }

  /**
   * 250 more whose rows exist but are still pending while no worker runs (so the change is not
   * racing a send): erased (the address hash on the suppression list), unsubscribed, bounced, or
   * gone from the list. The engine's send-time check must skip them.
   */
  async function suppressWhileStopped(campaignId: string, list: string): Promise<string[]> {
    const rows = await query<{ subscriber_id: string; email: string }>(
      `select subscriber_id, email from campaign_messages where campaign_id = $1::uuid and status = 'pending' order by id desc limit 250`,
      [campaignId],
    );
    expect(rows).toHaveLength(250);
    const ids = rows.map((row) => row.subscriber_id);
    const [erased, unsubscribed, bounced, left] = [ids.slice(0, 100), ids.slice(100, 175), ids.slice(175, 225), ids.slice(225)];
    // As eraseTarget does it: the subscriber goes, a SHA-256 of the address stays suppressed.
    await query(
      `with erased as (delete from subscribers where id = any($1::uuid[]) returning customer_id, email)
       insert into suppressions (customer_id, email_hash, reason, created_at)
       select customer_id, encode(sha256(convert_to(email, 'UTF8')), 'hex'), 'erased', now() from erased`,
      [erased],
    );
    await query(`update subscribers set status = 'unsubscribed' where id = any($1::uuid[])`, [unsubscribed]);
    await query(`update subscribers set status = 'bounced' where id = any($1::uuid[])`, [bounced]);
    await query(`update list_memberships set status = 'unsubscribed' where list_id = $1::uuid and subscriber_id = any($2::uuid[])`, [list, left]);
    return rows.map((row) => row.email);
  }

  it(
    'sends every eligible recipient exactly one message across a SIGKILL and a faulty relay, and nothing to the suppressed',
    async () => {
      const sink = await startFaultySmtpSink({
        greeting421: { every: 4, max: 12 },
        rcpt451Every: 97,
        data451Every: 89,
        data421Every: 211,
        dataDropEvery: 331,
      });
      const output: string[] = [];
      const workers: ChildProcess[] = [];
      try {
        const { customer, list } = await audience();
        const suppressed = await suppressBeforeStart(customer.customerId, list);
        const campaign = (
          await call('POST', 'campaigns/v1/campaigns', customer.cookie, {
            name: 'Crash test',
            subject: 'Hello {{ first_name }}',
            preheader: 'A letter for you',
            from_name: 'Lark Letters',
            from_email: FROM_EMAIL,
            reply_to: 'hello@lark.example',
            content_html: '<h1>Hi {{ first_name }}</h1><p>This month at Lark Letters: a story, a recipe and a crossword.</p>',
            audience: { list_ids: [list] },
          })
        ).json().payload.campaign;
        expect((await call('POST', `campaigns/v1/campaigns/${campaign.id}/send`, customer.cookie)).statusCode).toBe(200);

        // The first worker, killed outright once the relay has taken KILL_AFTER messages.
        const first = startWorker(sink, output, 'crash-first-worker');
        workers.push(first);
        await killAfterAccepted(sink, first, KILL_AFTER, 60_000, output);
        expect(first.signalCode).toBe('SIGKILL');
        // A COMMIT the worker wrote just before the kill is still applied by the server after the
        // process is gone: count what it left only once its database sessions have ended.
        await sessionsEnded(query, 'crash-first-worker');
        const acceptedAtKill = sink.accepted.length;
        const leftSending =
          (await query<{ count: number }>(`select count(*)::int as count from campaign_messages where campaign_id = $1::uuid and status = 'sending'`, [campaign.id]))[0]?.count ?? 0;
        expect(leftSending).toBeLessThanOrEqual(BATCH_SIZE);
        suppressed.push(...(await suppressWhileStopped(campaign.id, list)));

        // Started again: it marks the dead worker's rows unknown once their lease is over, and
        // sends the rest. The campaign reads sent only when no row is pending or sending.
        const second = startWorker(sink, output, 'crash-second-worker');
        workers.push(second);
        await eventually(
          async () => {
            const [state] = await query<{ status: string; open: number }>(
              `select c.status, (select count(*)::int from campaign_messages m where m.campaign_id = c.id and m.status in ('pending', 'sending')) as open
               from campaigns c where c.id = $1::uuid`,
              [campaign.id],
            );
            if (state?.status === 'sent') {
              expect(state.open).toBe(0);
              return state;
            }
            if (second.exitCode !== null) throw new Error(`the second worker exited:\n${output.join('')}`);
            return undefined;
          },
          { timeoutMs: 90_000, what: 'the campaign reading sent' },
        );
        await stopProcess(second, 'SIGTERM');

        const ledger = await query<LedgerRow>(
          `select id, subscriber_id, email, status, message_id, attempts from campaign_messages where campaign_id = $1::uuid order by id`,
          [campaign.id],
        );
        const count = (status: LedgerRow['status']) => ledger.filter((row) => row.status === status).length;
        const counts = {
          sent: count('sent'),
          unknown: count('unknown'),
          skipped: count('skipped'),
          failed: count('failed'),
          pending: count('pending'),
          sending: count('sending'),
          retried: ledger.filter((row) => row.attempts > 1).length,
        };
        console.log(
          `campaign crash test: ledger rows ${ledger.length} (+${AUDIENCE - ledger.length} never made: ineligible when the campaign started); ` +
            `sent ${counts.sent}, unknown ${counts.unknown}, skipped ${counts.skipped}, failed ${counts.failed}, retried ${counts.retried} (rows with more than one attempt); ` +
            `left in sending by the kill ${leftSending}; relay accepted ${sink.accepted.length} messages (${acceptedAtKill} when the first worker was killed); ` +
            `faults ${JSON.stringify(sink.faults)}`,
        );

        // The ledger: a row for each of the 10,000 but the 250 ineligible from the start, each settled.
        expect(ledger.length + 250).toBe(AUDIENCE);
        expect(counts.pending + counts.sending).toBe(0);
        expect(counts.sent + counts.unknown + counts.skipped + counts.failed).toBe(ledger.length);
        // Every failure the relay made was temporary and met each recipient once: all retried, none lost.
        expect(counts.failed).toBe(0);
        expect(counts.skipped).toBe(250);
        // Exactly the rows the killed worker had claimed and not settled: at most its one batch.
        expect(counts.unknown).toBe(leftSending);
        expect(counts.unknown).toBeLessThanOrEqual(BATCH_SIZE);
        expect(counts.retried).toBeGreaterThan(0);
        expect(sink.faults.rcpt451 + sink.faults.data451 + sink.faults.data421 + sink.faults.dataDropped).toBeGreaterThan(0);

        // What the relay accepted, by Message-ID.
        const acceptedById = new Map<string, string[][]>();
        for (const message of sink.accepted) acceptedById.set(message.messageId, [...(acceptedById.get(message.messageId) ?? []), message.to]);
        const rowsById = new Map(ledger.map((row) => [row.message_id, row]));
        // Nothing the ledger does not know of, and each to its own recipient only.
        for (const [messageId, deliveries] of acceptedById) {
          const row = rowsById.get(messageId);
          expect(row, `an accepted message ${messageId} with no ledger row`).toBeDefined();
          for (const to of deliveries) expect(to).toEqual([row!.email]);
        }
        // Sent rows: exactly one acceptance each. Unknown rows: none or one; they are never sent
        // again, and the relay here never loses a 250 it gave, so even they cannot have two (a
        // duplicate would need a relay that accepted a message and whose reply was lost).
        // Skipped and failed rows: none.
        for (const row of ledger) {
          const times = acceptedById.get(row.message_id)?.length ?? 0;
          if (row.status === 'sent') expect(times, `sent row ${row.email}`).toBe(1);
          else if (row.status === 'unknown') expect(times, `unknown row ${row.email}`).toBeLessThanOrEqual(1);
          else expect(times, `${row.status} row ${row.email}`).toBe(0);
        }
        expect(sink.accepted.length).toBe(acceptedById.size);

        // Nobody suppressed (before the start or while the worker was down) got anything.
        expect(suppressed).toHaveLength(500);
        const receivers = new Set(sink.accepted.flatMap((message) => message.to));
        expect(suppressed.filter((email) => receivers.has(email.toLowerCase()))).toEqual([]);
        // Every eligible recipient has their message, but for those left unknown.
        const unknownEmails = new Set(ledger.filter((row) => row.status === 'unknown').map((row) => row.email));
        const suppressedSet = new Set(suppressed);
        const eligible = (await query<{ email: string }>(`select email from subscribers where email like '%@crash.example'`)).map((row) => row.email).filter((email) => !suppressedSet.has(email));
        expect(eligible).toHaveLength(AUDIENCE - 500);
        expect(eligible.filter((email) => !receivers.has(email) && !unknownEmails.has(email))).toEqual([]);

        // What the customer sees.
        const shown = (await call('GET', `campaigns/v1/campaigns/${campaign.id}`, customer.cookie)).json().payload.campaign;
        expect(shown.status).toBe('sent');
        expect(shown.messages).toEqual({ pending: 0, sending: 0, sent: counts.sent, failed: 0, unknown: counts.unknown, skipped: 250, held: 0 });
      } finally {
        sink.onAccepted = undefined;
        for (const worker of workers) await stopProcess(worker, 'SIGKILL');
        await sink.stop();
      }
    },
    180_000,
  );
});

