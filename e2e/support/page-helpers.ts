import { expect, type Locator, type Page } from '@playwright/test';
import { SITE } from '@postlark/shared/site';

// Locators for the parts every spec file touches, found the way a visitor or a screen reader would.

export const JOIN_WAITLIST = 'Join Waitlist';

export function siteHeader(page: Page): Locator {
  return page.getByRole('banner');
}

export function headerJoinButton(page: Page): Locator {
  return siteHeader(page).getByRole('button', { name: JOIN_WAITLIST });
}

export function logoLink(scope: Page | Locator): Locator {
  return scope.getByRole('link', { name: `${SITE.name} home` });
}

export function siteFooter(page: Page): Locator {
  return page.getByRole('contentinfo');
}

/** The open waitlist/contact modal; while closed it is not rendered, so it does not match. */
export function waitlistDialog(page: Page): Locator {
  return page.getByRole('dialog');
}

export function dialogEmail(page: Page): Locator {
  return waitlistDialog(page).getByRole('textbox', { name: 'Email' });
}

export function dialogMessage(page: Page): Locator {
  return waitlistDialog(page).getByRole('textbox', { name: /message/i });
}

/** The one submit button of the modal's form, whatever the mode calls it. */
export function dialogSubmit(page: Page): Locator {
  return waitlistDialog(page).locator('form').getByRole('button');
}

/** A toast with this text. Field errors are also live regions, so the text picks the toast out. */
export function toast(page: Page, message: string): Locator {
  return page.locator('.Toastify').getByRole('alert').filter({ hasText: message });
}

/** SPEC section 8: toasts appear top-center. Checked by where the visitor sees it, not by class names. */
export async function expectTopCenter(page: Page, element: Locator): Promise<void> {
  await expect(element).toBeVisible();
  // react-toastify slides the toast in; measure once it has settled.
  await expect
    .poll(async () => {
      const box = await element.boundingBox();
      const viewport = page.viewportSize();
      if (!box || !viewport) return Number.POSITIVE_INFINITY;
      return Math.abs(box.x + box.width / 2 - viewport.width / 2);
    })
    .toBeLessThan(4);
  const box = await element.boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport).toBeTruthy();
  if (box && viewport) expect(box.y + box.height).toBeLessThan(viewport.height / 3);
}

/** The element's top edge in page coordinates, for comparing the order of sections. */
export function pageTop(locator: Locator): Promise<number> {
  return locator.evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
}

/** True while keyboard focus is inside the open modal dialog. */
export function focusIsInDialog(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const dialog = document.querySelector('[role="dialog"]');
    return dialog !== null && dialog.contains(document.activeElement);
  });
}
