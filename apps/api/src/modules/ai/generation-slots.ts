// How many generations each account has running at once, in this process's memory: a generation
// is one long request, so a count per process is what each process can hold for the others. With
// several API processes each allows its own `most` (the limit is per process, not shared).

export interface GenerationSlots {
  /** Takes one of the account's slots: the function that gives it back (once), or null when all are taken. */
  take(customerId: string): (() => void) | null;
}

export function generationSlots(most: number): GenerationSlots {
  const running = new Map<string, number>();
  return {
    take(customerId) {
      const now = running.get(customerId) ?? 0;
      if (now >= most) return null;
      running.set(customerId, now + 1);
      let given = false;
      return () => {
        if (given) return;
        given = true;
        const left = (running.get(customerId) ?? 1) - 1;
        if (left > 0) running.set(customerId, left);
        else running.delete(customerId);
      };
    },
  };
}
