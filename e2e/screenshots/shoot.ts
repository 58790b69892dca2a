import type { Page } from '@playwright/test';

// What every screenshot capture shares: the two widths it draws at, and how a page is saved.

export const OUT = new URL('./out/', import.meta.url).pathname;
export const WIDTHS = { desktop: { width: 1440, height: 900 }, phone: { width: 375, height: 812 } } as const;

/** The whole page into out/<name>.png, once its fonts are in. */
export async function shoot(page: Page, name: string) {
  // A click scrolls the page; from the top, the sticky shell is drawn where it belongs.
  await page.evaluate(async () => {
    await document.fonts.ready;
    window.scrollTo(0, 0);
  });
  await page.screenshot({ path: `${OUT}${name}.png`, fullPage: true });
}
