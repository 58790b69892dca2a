/**
 * Spaces out work to at most `perSecond` starts a second, for everyone who awaits `turn()` in
 * this process: each caller is given the next free slot and waits for it. A rate per process: N
 * processes start N times as much, which is why sending draws from mail/relay-budget.ts instead
 * (the relay-budget bench compares the two).
 */
export function pace(perSecond: number, now: () => number = () => performance.now()) {
  const interval = 1000 / perSecond;
  let nextSlot = 0;
  return {
    async turn(): Promise<void> {
      const current = now();
      const slot = Math.max(current, nextSlot);
      nextSlot = slot + interval;
      const wait = slot - current;
      // Waits under a millisecond are not worth a timer: at high rates they come in runs.
      if (wait >= 1) await new Promise((resolve) => setTimeout(resolve, wait));
    },
  };
}
