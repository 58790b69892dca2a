// Work that costs a process much CPU (decoding an image), run at most `concurrency` at a time in
// the order asked, and at most one at a time per account: an account that asks in a loop waits
// behind everyone else's one turn, never ahead of it (one tenant's work delays another's by at
// most a pass). A second call while the account's first runs or waits is refused, not queued, so
// no account can fill the queue.

export interface FairGate {
  /** Runs `work` in its turn; null, without running it, when `account` already has work here. */
  run<T>(account: string, work: () => Promise<T>): Promise<{ value: T } | null>;
}

export function fairGate(concurrency: number): FairGate {
  const accounts = new Set<string>();
  const waiting: (() => void)[] = [];
  let running = 0;

  async function turn(): Promise<void> {
    if (running < concurrency) {
      running += 1;
      return;
    }
    // The slot passes straight from the one that finishes to the first waiting (see release).
    await new Promise<void>((resolve) => waiting.push(resolve));
  }

  function release(): void {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }

  return {
    async run(account, work) {
      if (accounts.has(account)) return null;
      accounts.add(account);
      try {
        await turn();
        try {
          return { value: await work() };
        } finally {
          release();
        }
      } finally {
        accounts.delete(account);
      }
    },
  };
}
