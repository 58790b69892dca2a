import { openDatabase } from '../apps/api/src/db/client';
import { pace } from '../apps/api/src/lib/pace';
import { relayBudget } from '../apps/api/src/mail/relay-budget';

// One "worker process" of the relay-budget bench: `callers` senders each awaiting a turn before
// every message, as the campaign sender's connections do, through the shared budget (MODE=budget)
// or the old per-process pace (MODE=pace), from START_AT for SECONDS. It prints what it counted.

const { DATABASE_URL, MODE, RATE, START_AT, SECONDS, CALLERS, RELAY, WARM_UP_SECONDS } = process.env;

async function main() {
  const rate = Number(RATE);
  const startAt = Number(START_AT);
  const endAt = startAt + Number(SECONDS) * 1000;
  const steadyFrom = startAt + Number(WARM_UP_SECONDS) * 1000;
  const database = await openDatabase({ kind: 'postgres', url: DATABASE_URL! });
  const budget = MODE === 'budget' ? relayBudget({ db: database.db, relay: RELAY!, ratePerSecond: rate }) : undefined;
  const gate = budget ?? pace(rate);
  let turns = 0;
  let steady = 0;
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, startAt - Date.now())));
  async function caller() {
    for (;;) {
      await gate.turn();
      const now = Date.now();
      if (now >= endAt) return;
      turns += 1;
      if (now >= steadyFrom) steady += 1;
    }
  }
  await Promise.all(Array.from({ length: Number(CALLERS) }, caller));
  await database.close();
  process.stdout.write(`${JSON.stringify({ turns, steady, statements: budget?.takes ?? 0 })}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
