import type { BrowserContext } from '@playwright/test';
import { cspCheckedTest, expect, watchNewContexts } from './csp';

// The public pages arrive prerendered and React hydrates them (issue 23). When the browser's first
// render differs from the HTML, React 19 throws the markup away and reports it: "Hydration failed"
// (error #418 in the production build the tests use) or another recoverable error, through
// console.error or window.reportError. Any of these fails the test.

const HYDRATION_ERROR = /hydrat|server rendered HTML|react\.dev\/errors\/(418|419|421|422|423|425)\b|Minified React error #(418|419|421|422|423|425)\b/i;

const watched = new WeakSet<BrowserContext>();

function watchContext(context: BrowserContext, errors: string[]) {
  if (watched.has(context)) return;
  watched.add(context);
  context.on('console', (message) => {
    if (message.type() === 'error' && HYDRATION_ERROR.test(message.text())) errors.push(`${message.page()?.url() ?? ''}: ${message.text()}`);
  });
  context.on('weberror', (error) => {
    if (HYDRATION_ERROR.test(error.error().message)) errors.push(`${error.page()?.url() ?? ''}: ${error.error().message}`);
  });
}

/** cspCheckedTest, and the test fails on any hydration error of the pages it opened. */
export const hydrationCheckedTest = cspCheckedTest.extend<{ hydrationErrors: string[] }>({
  hydrationErrors: [
    async ({ browser }, use) => {
      const errors: string[] = [];
      const restore = watchNewContexts(browser, (context) => watchContext(context, errors));
      try {
        await use(errors);
      } finally {
        restore();
      }
      expect(errors, 'hydration errors: the prerendered HTML and the app disagree').toEqual([]);
    },
    { auto: true },
  ],
  context: async ({ context, hydrationErrors }, use) => {
    watchContext(context, hydrationErrors);
    await use(context);
  },
});
