import type { Page } from '@playwright/test';
import { expect } from './fixtures';

// The public API as a customer's own code calls it from a browser test (with an API key), and
// the times and browser an email history sent through it uses.

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
/** A reader's browser: a click with it is a human one. */
export const HUMAN_AGENT = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

/** /api/v1/{url} with the key; the payload of its 2xx answer. */
export async function callPublicApi(page: Page, key: string, method: 'GET' | 'POST', url: string, data?: object) {
  const response = await page.request.fetch(`/api/v1/${url}`, { method, headers: { authorization: `Bearer ${key}` }, data });
  expect(response.ok()).toBe(true);
  return (await response.json()).payload;
}
