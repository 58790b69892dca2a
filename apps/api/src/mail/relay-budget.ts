import type { Db } from '../db/client';
import { type BucketShape, ensureBucket, slowBucket, takeTokens } from './relay-budget.repository';

// One sending budget per relay (docs: README, "Relays and streams"), shared by every worker
// process and by campaigns and automations together: a token bucket in the relay_budgets row.
// A process takes tokens in chunks of a quarter second's worth and hands them out to its own
// callers one by one, so the database is asked a few times a second, not once per message. A
// process's chunk is spent within a second or dropped, so what all of them send over any window
// stays within the rate times the window plus one second's burst and one chunk per process.

/** What the senders wait on before each message, and tell when the relay answers "slower". */
export interface SendGate {
  turn(): Promise<void>;
  /** A throttling answer (421, 454, 4.7.x rate replies): the relay's rate is halved for a few minutes. */
  slowDown(): Promise<void>;
}

export interface RelayBudget extends SendGate {
  relay: string;
  /**
   * Takes up to `wanted` tokens (at most the capacity) in one conditional statement: how many were
   * granted, and in how many ms `wanted` more will have refilled at the current rate.
   */
  take(wanted: number): Promise<{ granted: number; dueInMs: number }>;
  /** Statements this budget sent to the database so far (the bench prints them). */
  readonly takes: number;
}

export interface RelayBudgetOptions {
  db: Db;
  relay: string;
  /** Messages a second through this relay, for the whole platform (CAMPAIGN_SEND_RATE). */
  ratePerSecond: number;
  /** The clock the bucket refills by; by default the database's, which every process shares. */
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
  /** How long a throttling answer halves the rate (3 minutes). */
  slowSeconds?: number;
  /** Told when the database could not be asked (a turn waits and asks again; a slow-down is lost). */
  onError?: (error: unknown) => void;
}

const SLOW_SECONDS = 180;
// A chunk is used within this long or given back to nobody (it lapses): tokens saved up by an idle
// process must not be spent later on top of what the bucket gives everyone else.
const CHUNK_LIFE_MS = 1_000;
const CHUNK_SECONDS = 0.25;
const MAX_WAIT_MS = 1_000;

/** The budget's name for a relay: the URL's user, host and port, never its password. */
export function relayKey(url: string | undefined): string {
  if (!url) return 'dev-outbox';
  const parsed = new URL(url);
  const port = parsed.port || (parsed.protocol === 'smtps:' ? '465' : '587');
  const user = parsed.username ? `${decodeURIComponent(parsed.username)}@` : '';
  return `${parsed.protocol}//${user}${parsed.hostname}:${port}`;
}

export function relayBudget(options: RelayBudgetOptions): RelayBudget {
  const { db, relay, ratePerSecond } = options;
  const capacity = Math.max(1, ratePerSecond);
  const chunk = Math.max(1, Math.min(capacity, Math.ceil(ratePerSecond * CHUNK_SECONDS)));
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const shape = (): BucketShape => ({ relay, ratePerSecond, capacity, ...(options.now && { at: options.now() }) });
  let ensured: Promise<void> | undefined;
  let takes = 0;
  let local = 0;
  let localUntil = 0;
  let filling: Promise<void> | undefined;
  let askAfter = 0;
  // The chunk's life and the next ask follow the budget's clock when it is given (tests), else this process's.
  const clock = options.now ? () => options.now!().getTime() : () => performance.now();

  async function take(wanted: number) {
    const asked = Math.max(0, Math.min(Math.floor(wanted), Math.floor(capacity)));
    ensured ??= ensureBucket(db, shape()).catch((error: unknown) => {
      ensured = undefined;
      throw error;
    });
    await ensured;
    takes += 1;
    const taken = await takeTokens(db, shape(), asked);
    if (!taken) {
      // The row went away (someone cleared the table): made again on the next take.
      ensured = undefined;
      return { granted: 0, dueInMs: 0 };
    }
    const missing = Math.max(0, asked - taken.left);
    return { granted: taken.granted, dueInMs: taken.granted >= asked ? 0 : Math.ceil((missing / taken.ratePerSecond) * 1000) };
  }

  async function fill() {
    // After a short grant, the next ask waits until a whole chunk can have refilled: a process that
    // spends fast would otherwise ask again at once for the few tokens that came in meanwhile.
    const early = askAfter - clock();
    if (early >= 1) await sleep(Math.min(MAX_WAIT_MS, early));
    let answer: { granted: number; dueInMs: number };
    try {
      answer = await take(chunk);
    } catch (error) {
      // A turn never fails: a sender whose turn threw would leave its claimed rows to the lease.
      // Nothing goes out unbudgeted; the database is asked again shortly.
      options.onError?.(error);
      await sleep(MAX_WAIT_MS);
      return;
    }
    const { granted, dueInMs } = answer;
    // Nor sooner than the grant's worth of time at the rate: one process that spends fast cannot
    // take every token the moment it refills while the others wait out their chunk.
    askAfter = clock() + Math.min(MAX_WAIT_MS, Math.max(dueInMs, (granted / ratePerSecond) * 1000));
    if (granted > 0) {
      local = granted;
      localUntil = clock() + CHUNK_LIFE_MS;
      return;
    }
    // Nothing left: the next ask waits (above) until a whole chunk has refilled, so competing
    // processes do not ask once a token.
  }

  return {
    relay,
    get takes() {
      return takes;
    },
    take,
    async turn() {
      for (;;) {
        if (local > 0 && clock() < localUntil) {
          local -= 1;
          return;
        }
        local = 0;
        // One request at a time per process: the others wait for its chunk.
        filling ??= fill().finally(() => {
          filling = undefined;
        });
        await filling;
      }
    },
    async slowDown() {
      local = 0;
      // Told, never thrown: a sender reporting a throttle must not fail its batch over it.
      await slowBucket(db, shape(), options.slowSeconds ?? SLOW_SECONDS).catch((error: unknown) => options.onError?.(error));
    },
  };
}
