import { type RefObject, useLayoutEffect } from 'react';

/**
 * A prerendered field (scripts/prerender.ts) takes keystrokes before React has taken the page
 * over. Hydration leaves that text in the field, but the form's state starts empty: the first
 * submit would send nothing and the next render would wipe the field. Right after the first
 * commit, the state takes what the field holds. `keep` must be stable (a state setter).
 */
export function useTypedBeforeHydration(ref: RefObject<HTMLInputElement | null>, keep: (value: string) => void): void {
  useLayoutEffect(() => {
    const typed = ref.current?.value;
    if (typed) keep(typed);
  }, [ref, keep]);
}
