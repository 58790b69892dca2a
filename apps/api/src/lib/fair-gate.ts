import { fifoSlots } from './fifo-slots';

// Work that costs a process much CPU (decoding an image), for many accounts. Each account holds
// at most one claim at a time, taken before its request's body is read and given back after the
// answer, so one account cannot buffer many uploads at once; a second request while it holds one
// is refused, not queued. The CPU part runs at most `concurrency` at a time in the order asked,
// and since an account has one claim, it waits behind everyone else's one turn, never ahead
// (one tenant's work delays another's by at most a pass). A slow upload holds its account's
// claim, never a CPU turn.

export interface FairGate {
  /** The account's one claim, or null while it holds it; call the answer to give it back. */
  claim(account: string): (() => void) | null;
  /** Runs `work` in its turn among everyone's. */
  turn<T>(work: () => Promise<T>): Promise<T>;
}

export function fairGate(concurrency: number): FairGate {
  const accounts = new Set<string>();
  const slots = fifoSlots(concurrency);

  return {
    claim(account) {
      if (accounts.has(account)) return null;
      accounts.add(account);
      let held = true;
      return () => {
        if (held) accounts.delete(account);
        held = false;
      };
    },
    async turn(work) {
      await slots.acquire();
      try {
        return await work();
      } finally {
        slots.release();
      }
    },
  };
}
