import { test as base, type Browser, type BrowserContext, expect } from '@playwright/test';

export { expect };

// Every page a browser test opens runs under the server's Content-Security-Policy; a violation
// means a page of ours needs something the policy forbids (or an injection got in): the test fails.

const CSP_CONSOLE = /Content[ -]Security[ -]Policy|securitypolicyviolation/i;

/** Runs inside each page and frame before its own scripts: the event the browser fires on a violation, to the console. */
function reportViolations() {
  document.addEventListener('securitypolicyviolation', (event) => {
    console.error(`securitypolicyviolation: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at ${event.documentURI}`);
  });
}

const watched = new WeakSet<BrowserContext>();

/** Collects every CSP violation of the context's pages: the browser's own console line and the event. */
async function watchContext(context: BrowserContext, violations: string[]) {
  if (watched.has(context)) return;
  watched.add(context);
  await context.addInitScript(reportViolations);
  context.on('console', (message) => {
    if (CSP_CONSOLE.test(message.text())) violations.push(`${message.page()?.url() ?? ''}: ${message.text()}`);
  });
}

/** Calls `watch` on every context the test opens with browser.newContext(), until the returned restore is called. */
export function watchNewContexts(browser: Browser, watch: (context: BrowserContext) => Promise<void> | void): () => void {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...options) => {
    const context = await newContext(...options);
    await watch(context);
    return context;
  };
  return () => {
    browser.newContext = newContext;
  };
}

/**
 * The base of every fixture set in fixtures.ts: the test's own context and any a test opens with
 * browser.newContext() are watched, and the test fails on any violation.
 */
export const cspCheckedTest = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ browser }, use) => {
      const violations: string[] = [];
      const restore = watchNewContexts(browser, (context) => watchContext(context, violations));
      try {
        await use(violations);
      } finally {
        restore();
      }
      expect(violations, 'Content-Security-Policy violations on the pages this test opened').toEqual([]);
    },
    { auto: true },
  ],
  context: async ({ context, cspViolations }, use) => {
    await watchContext(context, cspViolations);
    await use(context);
  },
});
