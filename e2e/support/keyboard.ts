import { expect, type Locator, type Page } from '@playwright/test';

// Moving through a page by keyboard alone, as someone without a mouse does.

/** Presses Tab (or Shift+Tab) until `target` has focus; fails if it is not reached within `limit` presses. */
export async function tabTo(page: Page, target: Locator, { backwards = false, limit = 40 } = {}): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  await expect(target, `reached by ${backwards ? 'Shift+Tab' : 'Tab'} within ${limit} presses`).toBeFocused();
}

/** True while keyboard focus is inside `container`. */
export function focusIsIn(container: Locator): Promise<boolean> {
  return container.evaluate((element) => element.contains(document.activeElement));
}

/** The accessible name tools read for the focused element: its aria-label, or its text. */
export function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const focused = document.activeElement as HTMLElement | null;
    return (focused?.getAttribute('aria-label') ?? focused?.textContent ?? '').trim();
  });
}
