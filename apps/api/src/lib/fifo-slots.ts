// At most `concurrency` holders at once, the rest in the order they asked. A slot is handed
// straight to the next waiter, so no newcomer can slip past the cap between.

export interface FifoSlots {
  acquire(): Promise<void>;
  release(): void;
}

export function fifoSlots(concurrency: number): FifoSlots {
  const waiting: (() => void)[] = [];
  let running = 0;
  return {
    async acquire() {
      if (running < concurrency) {
        running += 1;
        return;
      }
      await new Promise<void>((resolve) => waiting.push(resolve));
    },
    release() {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    },
  };
}
