import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while the page is built into HTML and while the browser hydrates that HTML, true after:
 * for what only exists in a browser (portals onto <body>), so the first render equals the markup,
 * and for what needs the page's handlers (see useHeldUntilHydrated).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/**
 * A button's `disabled` and `data-held` while a prerendered page waits for its code. A click
 * before the handlers are attached would be lost (a menu that does not open, a Forget Password
 * that says nothing) or worse, for a submit, the browser's own GET with the fields, a password
 * among them, in the query string. Held, the click waits; `[data-held]` keeps the button looking
 * ready (global.css). A page rendered in the browser is hydrated from its first render.
 */
export function useHeldUntilHydrated(disabled: boolean | undefined): { disabled: boolean; 'data-held': true | undefined } {
  const held = !useHydrated();
  return { disabled: Boolean(disabled) || held, 'data-held': held || undefined };
}
