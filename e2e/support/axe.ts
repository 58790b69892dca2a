import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type { AxeResults, Result } from 'axe-core';

// axe-core audits the page as it is now (open dialogs and menus included). Its script is served by
// the test from a same-origin path, because the pages' Content-Security-Policy (script-src 'self')
// rightly refuses an inline script tag, and the CSP check fails a test on any violation.

const AXE_SOURCE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const AXE_URL_PATH = '/__e2e-axe-core.min.js';
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const BLOCKING = new Set(['serious', 'critical']);

const routed = new WeakSet<Page>();

async function injectAxe(page: Page): Promise<void> {
  if (!routed.has(page)) {
    routed.add(page);
    await page.route(`**${AXE_URL_PATH}`, (route) => route.fulfill({ path: AXE_SOURCE_PATH, contentType: 'text/javascript' }));
  }
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.addScriptTag({ url: new URL(AXE_URL_PATH, page.url()).href });
}

/** Runs axe-core (WCAG 2 A/AA and best practice) on the whole page and returns what it found. */
export async function axeViolations(page: Page): Promise<Result[]> {
  await injectAxe(page);
  // Under reduced motion every transition still runs for a frame: colours read mid-change (a
  // form just enabled, still at its dimmed opacity) would be reported, so let them finish first.
  await expect.poll(() => page.evaluate(() => document.getAnimations().filter((animation) => animation instanceof CSSTransition).length)).toBe(0);
  const results = await page.evaluate(
    (tags) => (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }),
    TAGS,
  );
  return results.violations;
}

/** One line per failing element: rule, impact, help text and where, so a failure says what to fix. */
export function describeViolations(violations: Result[]): string[] {
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) => `${violation.id} (${violation.impact}): ${violation.help} at ${node.target.join(' ')}${node.failureSummary ? ` | ${node.failureSummary.replace(/\s+/g, ' ')}` : ''}`,
    ),
  );
}

/** Fails listing every serious or critical violation on the page; `label` names the page or state in the report. */
export async function expectNoSeriousViolations(page: Page, label: string): Promise<void> {
  const blocking = (await axeViolations(page)).filter((violation) => BLOCKING.has(violation.impact ?? ''));
  expect(describeViolations(blocking), `serious or critical accessibility violations on ${label}`).toEqual([]);
}

/**
 * Opens `path`, waits for its level-1 heading and for its data to arrive (nothing marked busy, no
 * "Loading" status), then audits it. `label` defaults to the path.
 */
export async function visitAndAudit(page: Page, path: string, label = path): Promise<void> {
  await page.goto(path);
  await expectSettled(page);
  await expectNoSeriousViolations(page, label);
}

/** The page shows its content: a level-1 heading, and nothing still loading. */
export async function expectSettled(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByText(/^Loading\b/)).toHaveCount(0);
}
