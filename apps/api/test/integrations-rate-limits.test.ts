import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/results';
import { useIntegrationsApp } from './support/integrations';

// A sync through a 429 storm: Brevo's contacts budget is tight (2 requests per 10 minutes) and spent by
// someone else on the account when the import starts, so Brevo answers 429 with x-sib-ratelimit-reset
// far past what the sync's client waits by itself (5 s). The run goes back to the queue, due when Brevo
// said; once the test's clock passes that time it goes on where it stopped, stopping again each time
// the budget runs out, until all 2,000 are in: none lost, none twice, no errors.

const WINDOW_SECONDS = 600;
const { fakes, accounts, now, advance, sync, connect, linkAudience } = useIntegrationsApp({
  brevoRateLimits: { contacts: { limit: 2, windowSeconds: WINDOW_SECONDS }, others: { limit: 10_000, windowSeconds: 3600 } },
});

interface RunRow {
  id: string;
  status: string;
  due_at: string | Date;
  processed: number;
  added: number;
  errors: unknown[];
  error_count: number;
}

async function importRuns(connectionId: string): Promise<RunRow[]> {
  return rowsOf<RunRow>(
    await accounts.database.db.execute(sql`
      select id, status, due_at, processed, added, errors, error_count from connection_runs
      where connection_id = ${connectionId}::uuid and kind = 'import' order by created_at`),
  );
}

async function storedPeople(listId: string): Promise<Array<{ email: string; status: string }>> {
  return rowsOf(
    await accounts.database.db.execute(sql`
      select s.email, s.status from subscribers s join list_memberships m on m.subscriber_id = s.id where m.list_id = ${listId}::uuid`),
  );
}

/** Another app on the same Brevo account spends the contacts budget until Brevo answers 429; answers its reset (seconds). */
async function spendContactsBudget(): Promise<number> {
  const brevo = fakes().brevo;
  let storm: Response;
  do {
    storm = await fetch(`${brevo.url}/contacts/lists?limit=1&offset=0`, { headers: { 'api-key': brevo.apiKey } });
    await storm.arrayBuffer();
  } while (storm.status !== 429);
  expect(storm.headers.get('x-sib-ratelimit-remaining')).toBe('0');
  const resetSeconds = Number(storm.headers.get('x-sib-ratelimit-reset'));
  // Longer than the sync's client waits by itself (syncDepsFor: maxWaitMs 5 s).
  expect(resetSeconds * 1000).toBeGreaterThan(5_000);
  return resetSeconds;
}

describe('A sync through a rate-limit storm', () => {
  it('imports 2,000 Brevo contacts through 429s longer than the client waits: back to the queue when Brevo said, nothing lost or doubled', async () => {
    const brevo = fakes().brevo;
    const { cookie } = await accounts.signedInCustomer();
    const connection = await connect('brevo', cookie, brevo.apiKey);
    const seeded = brevo.seedAudience({ count: 2_000, listName: 'Stormy readers', campaigns: 0, months: 1 });
    const link = await linkAudience(cookie, connection.id, String(seeded.list.id));

    // Another app on the same Brevo account spends the contacts budget: the storm is on.
    const resetSeconds = await spendContactsBudget();

    const contactsReads = () => brevo.requests.filter((request) => request.path.startsWith(`/v3/contacts/lists/${seeded.list.id}/contacts`)).length;
    const readsBefore = contactsReads();
    await sync();
    // Brevo answered 429 (no page read); the run waits, due when Brevo said, having lost nothing.
    expect(contactsReads()).toBe(readsBefore + 1);
    const [waiting] = await importRuns(connection.id);
    expect(waiting).toMatchObject({ status: 'queued', processed: 0, error_count: 0, errors: [] });
    expect(new Date(waiting!.due_at).getTime()).toBe(now().getTime() + resetSeconds * 1000);
    expect(await storedPeople(link.list_id)).toEqual([]);

    // Before that time nothing is tried again.
    advance(resetSeconds * 1000 - 1_000);
    const tried = brevo.requests.length;
    await sync();
    expect(brevo.requests.length).toBe(tried);

    // After it, the import goes on, and stops again each time the budget runs out, due at its reset.
    let stops = 0;
    for (;;) {
      advance(1_000);
      await sync();
      const [run] = await importRuns(connection.id);
      if (run!.status === 'done') break;
      stops += 1;
      expect(stops).toBeLessThan(10);
      expect(run).toMatchObject({ status: 'queued', error_count: 0 });
      expect(run!.processed).toBeGreaterThan(0);
      expect(run!.processed).toBeLessThan(2_000);
      const due = new Date(run!.due_at).getTime();
      expect(due).toBeGreaterThan(now().getTime() + 5_000);
      // The people read so far are stored, each once.
      const sofar = await storedPeople(link.list_id);
      expect(sofar).toHaveLength(run!.processed);
      advance(due - now().getTime() - 1_000);
      if (stops === 1) {
        // Mid-import, the other app spends the fresh budget first: Brevo answers 429 at the run's cursor,
        // and the run waits again, due when Brevo said, with what it had kept.
        advance(1_000);
        const reset = await spendContactsBudget();
        await sync();
        const [again] = await importRuns(connection.id);
        expect(again).toMatchObject({ status: 'queued', processed: run!.processed, error_count: 0 });
        expect(new Date(again!.due_at).getTime()).toBe(now().getTime() + reset * 1000);
        expect(await storedPeople(link.list_id)).toHaveLength(run!.processed);
        advance(reset * 1000 - 1_000);
      }
    }
    expect(stops).toBeGreaterThan(0);

    const runs = await importRuns(connection.id);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: 'done', processed: 2_000, added: 2_000, error_count: 0, errors: [] });
    const people = await storedPeople(link.list_id);
    expect(people).toHaveLength(2_000);
    expect(new Set(people.map((person) => person.email))).toEqual(new Set(seeded.contacts.map((contact) => contact.email)));
    expect(people.every((person) => person.status === 'active')).toBe(true);
  });
});
