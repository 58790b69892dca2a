import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while the page is built into HTML and while the browser hydrates that HTML, true after:
 * for what only exists in a browser (portals onto <body>), so the first render equals the markup,
 * and for what needs the page's handlers (a submit before them would be the browser's own GET,
 * the fields, a password among them, in the query string).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
