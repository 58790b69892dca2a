import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { bucketRow } from '../src/mail/relay-budget.repository';
import { relayBudget, relayKey } from '../src/mail/relay-budget';
import { openTestDatabase } from './test-database';

// The relay budget as two worker processes see it: two budgets on one database (on PostgreSQL
// with its own connections each, so their statements really meet), drawing on a clock the test
// moves. Counts of granted tokens are compared with what the rate allows for the clock's time.

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

let relays = 0;
function twoProcesses(ratePerSecond: number, startAt = new Date('2026-06-01T10:00:00Z')) {
  relays += 1;
  const relay = `smtp://test-${relays}@relay.example:587`;
  let clock = startAt.getTime();
  const options = { db: database.db, relay, ratePerSecond, now: () => new Date(clock) };
  return {
    relay,
    first: relayBudget(options),
    second: relayBudget(options),
    advance(ms: number) {
      clock += ms;
    },
    elapsedSince: (start: number) => (clock - start) / 1000,
    get clock() {
      return clock;
    },
  };
}

describe('the relay budget', () => {
  it('names a relay by its user, host and port, never its password', () => {
    expect(relayKey('smtp://ada%40lark.example:s3cret@relay.example:2525')).toBe('smtp://ada@lark.example@relay.example:2525');
    expect(relayKey('smtps://key:secret@smtp.postmarkapp.com')).toBe('smtps://key@smtp.postmarkapp.com:465');
    expect(relayKey('smtp://relay.example')).toBe('smtp://relay.example:587');
    expect(relayKey(undefined)).toBe('dev-outbox');
  });

  it('grants two processes together no more than the rate over a window, and the whole rate', async () => {
    const rate = 20;
    const budgets = twoProcesses(rate);
    const start = budgets.clock;
    const granted = { first: 0, second: 0 };
    // 30 s in steps of 50 ms; in every step both processes ask for a quarter second's worth at once.
    for (let step = 0; step < 600; step += 1) {
      budgets.advance(50);
      const [first, second] = await Promise.all([budgets.first.take(5), budgets.second.take(5)]);
      granted.first += first.granted;
      granted.second += second.granted;
    }
    const total = granted.first + granted.second;
    const allowed = rate + rate * budgets.elapsedSince(start); // one second's burst (it starts full) plus the rate
    expect(total).toBeLessThanOrEqual(allowed);
    // Each per-process pace of the rate would have let 2 × 20 × 30 = 1,200 through.
    expect(total).toBeGreaterThanOrEqual(allowed - 2);
    expect(granted.first).toBeGreaterThan(0);
    expect(granted.second).toBeGreaterThan(0);
  });

  it('never grants more than the bucket holds to takes arriving at the same instant', async () => {
    const budgets = twoProcesses(10);
    await budgets.first.take(0);
    const answers = await Promise.all(Array.from({ length: 12 }, (_unused, index) => (index % 2 === 0 ? budgets.first : budgets.second).take(3)));
    expect(answers.reduce((sum, answer) => sum + answer.granted, 0)).toBe(10);
    // Those left without are told when three more will have come in: 0.3 s at 10 a second.
    const without = answers.filter((answer) => answer.granted === 0);
    expect(without.length).toBeGreaterThanOrEqual(7);
    expect(new Set(without.map((answer) => answer.dueInMs))).toEqual(new Set([300]));
    budgets.advance(300);
    expect((await budgets.second.take(3)).granted).toBe(3);
  });

  it('makes each turn of two processes wait for the rate on the shared clock', async () => {
    const rate = 10;
    let clock = new Date('2026-06-01T10:00:00Z').getTime();
    relays += 1;
    const options = {
      db: database.db,
      relay: `smtp://turns-${relays}@relay.example:587`,
      ratePerSecond: rate,
      now: () => new Date(clock),
      // The waits pass on the test's clock.
      sleep: async (ms: number) => {
        clock += ms;
      },
    };
    const processes = [relayBudget(options), relayBudget(options)];
    const start = clock;
    const messages = 100;
    await Promise.all(
      processes.map(async (budget) => {
        for (let sent = 0; sent < messages; sent += 1) await budget.turn();
      }),
    );
    // 200 messages at 10 a second: 10 from the full bucket, and each process may hold one chunk
    // (a quarter second's worth, 3) it took early; the rest needed the clock to move.
    expect((clock - start) / 1000).toBeGreaterThanOrEqual((2 * messages - rate - 2 * 3) / rate);
    // A few statements a second, not one a message.
    expect(processes[0]!.takes + processes[1]!.takes).toBeLessThan(2 * messages);
  });

  it('halves the rate after a throttling answer, for a few minutes, then recovers', async () => {
    const rate = 20;
    const budgets = twoProcesses(rate);
    await budgets.first.take(20);
    await budgets.second.slowDown();
    const row = await bucketRow(database.db, budgets.relay);
    expect(row?.tokens).toBe(0);
    expect(row?.slowUntil?.getTime()).toBe(budgets.clock + 180_000);

    const grantedOver = async (seconds: number) => {
      let granted = 0;
      for (let step = 0; step < seconds * 4; step += 1) {
        budgets.advance(250);
        granted += (await budgets.first.take(5)).granted + (await budgets.second.take(5)).granted;
      }
      return granted;
    };
    // Slowed: 10 a second for the two of them together.
    const slowed = await grantedOver(60);
    expect(slowed).toBeLessThanOrEqual(600);
    expect(slowed).toBeGreaterThanOrEqual(598);
    budgets.advance(120_000);
    await grantedOver(1); // the bucket refilled during the wait (at most its capacity)
    const recovered = await grantedOver(10);
    expect(recovered).toBeGreaterThanOrEqual(198);
    expect(recovered).toBeLessThanOrEqual(200);
  });
});
