import type { Locator, Page } from '@playwright/test';
import { WAITLIST_MESSAGES } from '@postlark/shared/messages';
import { ROUTES } from '@postlark/shared/routes';
import { expect, isolatedTest, test } from './support/fixtures';
import {
  dialogEmail,
  dialogMessage,
  dialogSubmit,
  expectTopCenter,
  focusIsInDialog,
  headerJoinButton,
  siteFooter,
  toast,
  waitlistDialog,
} from './support/page-helpers';

// SPEC sections 2, 4, 5 and 8: the waitlist/contact modal, the inline forms, their validation and toasts.

// The exact path the web app posts to (SPEC section 7's {host}/landing/v1/waitlist/ with the default host).
const WAITLIST_ENDPOINT = '**/api/landing/v1/waitlist/**';

async function openJoinModal(page: Page): Promise<Locator> {
  await page.goto(ROUTES.landing);
  const opener = headerJoinButton(page);
  await opener.click();
  await expect(waitlistDialog(page)).toBeVisible();
  return opener;
}

/** The hero's inline form: the first waitlist input on the landing page and its own submit button. */
function heroForm(page: Page) {
  const form = page.getByRole('main').locator('form').first();
  return { email: form.getByRole('textbox'), submit: form.getByRole('button') };
}

/** A validation message must sit under its field and be tied to it for screen readers. */
async function expectErrorUnderField(page: Page, field: Locator, message: string): Promise<void> {
  const error = page.getByText(message, { exact: true });
  await expect(error).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  const describedBy = await field.getAttribute('aria-describedby');
  expect(describedBy).toBeTruthy();
  await expect(page.locator(`[id="${describedBy}"]`)).toHaveText(message);
  const fieldBox = await field.boundingBox();
  const errorBox = await error.boundingBox();
  expect(fieldBox && errorBox).toBeTruthy();
  if (fieldBox && errorBox) expect(errorBox.y).toBeGreaterThanOrEqual(fieldBox.y + fieldBox.height - 1);
}

test.describe('waitlist modal', () => {
  test('opens from the header and closes by the × button', async ({ page }) => {
    const opener = await openJoinModal(page);
    await waitlistDialog(page).getByRole('button', { name: 'Close' }).click();
    await expect(waitlistDialog(page)).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('closes by a click on the overlay', async ({ page }) => {
    const opener = await openJoinModal(page);
    // The corner of the viewport is backdrop, well outside the centred dialog box.
    await page.mouse.click(5, 5);
    await expect(waitlistDialog(page)).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('a click inside the dialog box does not close it', async ({ page }) => {
    await openJoinModal(page);
    await waitlistDialog(page).getByRole('heading').click();
    await expect(waitlistDialog(page)).toBeVisible();
  });

  test('closes by Escape', async ({ page }) => {
    const opener = await openJoinModal(page);
    await page.keyboard.press('Escape');
    await expect(waitlistDialog(page)).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('keeps keyboard focus inside while open and gives it back on close', async ({ page }) => {
    const opener = await openJoinModal(page);
    expect(await focusIsInDialog(page)).toBe(true);
    for (let press = 1; press <= 10; press += 1) {
      await page.keyboard.press('Tab');
      expect(await focusIsInDialog(page), `focus after Tab #${press}`).toBe(true);
    }
    for (let press = 1; press <= 4; press += 1) {
      await page.keyboard.press('Shift+Tab');
      expect(await focusIsInDialog(page), `focus after Shift+Tab #${press}`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(waitlistDialog(page)).toBeHidden();
    await expect(opener).toBeFocused();
  });
});

isolatedTest.describe('joining the waitlist', () => {
  isolatedTest('through the modal: toast top-center, inputs cleared, row stored', async ({ page, storedSubmissions }) => {
    const email = 'modal-join@example.com';
    await openJoinModal(page);
    await dialogEmail(page).fill(email);
    await dialogSubmit(page).click();

    const success = toast(page, WAITLIST_MESSAGES.added);
    await expectTopCenter(page, success);
    await expect(dialogEmail(page)).toHaveValue('');
    await expect(dialogMessage(page)).toHaveValue('');

    const rows = await storedSubmissions();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'Waitlist', email, message: '' });
  });

  isolatedTest("from the hero's inline form", async ({ page, storedSubmissions }) => {
    const email = 'hero-join@example.com';
    await page.goto(ROUTES.landing);
    const hero = heroForm(page);
    await hero.email.fill(email);
    await hero.submit.click();

    await expectTopCenter(page, toast(page, WAITLIST_MESSAGES.added));
    await expect(hero.email).toHaveValue('');

    const rows = await storedSubmissions();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'Waitlist', email, message: '' });
  });
});

isolatedTest.describe('waitlist validation', () => {
  isolatedTest('the modal shows both messages under the field and stores nothing', async ({ page, storedSubmissions }) => {
    await openJoinModal(page);
    const email = dialogEmail(page);

    await dialogSubmit(page).click();
    await expectErrorUnderField(page, email, WAITLIST_MESSAGES.emailRequired);

    await email.fill('not-an-email');
    await dialogSubmit(page).click();
    await expectErrorUnderField(page, email, WAITLIST_MESSAGES.emailInvalid);
    await expect(page.getByText(WAITLIST_MESSAGES.emailRequired, { exact: true })).toHaveCount(0);
    // The modal stays open with what the visitor typed, so they can correct it.
    await expect(waitlistDialog(page)).toBeVisible();
    await expect(email).toHaveValue('not-an-email');
    await expect(toast(page, WAITLIST_MESSAGES.added)).toHaveCount(0);

    expect(await storedSubmissions()).toEqual([]);
  });

  isolatedTest('the hero form shows both messages under the field and stores nothing', async ({ page, storedSubmissions }) => {
    await page.goto(ROUTES.landing);
    const hero = heroForm(page);

    await hero.submit.click();
    await expectErrorUnderField(page, hero.email, WAITLIST_MESSAGES.emailRequired);

    await hero.email.fill('not-an-email');
    await hero.submit.click();
    await expectErrorUnderField(page, hero.email, WAITLIST_MESSAGES.emailInvalid);
    await expect(toast(page, WAITLIST_MESSAGES.added)).toHaveCount(0);

    expect(await storedSubmissions()).toEqual([]);
  });
});

isolatedTest.describe('contact us', () => {
  isolatedTest('the footer link opens the modal in contact mode and the message is stored', async ({ page, storedSubmissions }) => {
    const email = 'reader@example.com';
    // Several lines and characters that need escaping somewhere along the way, to prove the text is kept exactly.
    const message = 'Hello Postlark,\nDo you support "double opt-in" & <custom> domains? Ça marche — 100%!';
    await page.goto(ROUTES.landing);
    const opener = siteFooter(page).getByRole('button', { name: 'Contact us' });
    await opener.click();

    const dialog = waitlistDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Contact us' })).toBeVisible();
    await dialogEmail(page).fill(email);
    await dialogMessage(page).fill(message);
    await dialogSubmit(page).click();

    await expectTopCenter(page, toast(page, WAITLIST_MESSAGES.added));
    await expect(dialogEmail(page)).toHaveValue('');
    await expect(dialogMessage(page)).toHaveValue('');

    const rows = await storedSubmissions();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'Contact', email, message });
  });
});

test.describe('waitlist failures', () => {
  test('a second click while the validation code downloads posts once', async ({ page }) => {
    let posts = 0;
    await page.route(WAITLIST_ENDPOINT, async (route) => {
      posts += 1;
      await route.fulfill({ status: 201, json: {} });
    });
    await page.goto(ROUTES.landing);
    await page.waitForLoadState('networkidle');
    // The validation chunk is fetched on the first keystroke: hold every script asked for from now on.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/*.js', async (route) => {
      await held;
      await route.continue();
    });
    const hero = heroForm(page);
    await hero.email.fill('double-click@example.com');
    await hero.submit.click();
    await hero.submit.click();
    release();

    await expectTopCenter(page, toast(page, WAITLIST_MESSAGES.added));
    expect(posts).toBe(1);
  });

  test('validation code that does not arrive shows the error toast and keeps the address', async ({ page }) => {
    let posts = 0;
    await page.route(WAITLIST_ENDPOINT, async (route) => {
      posts += 1;
      await route.abort();
    });
    await page.goto(ROUTES.landing);
    // Every script the page needs is in, react-toastify's too (fetched after the first paint: on a
    // loaded machine later than the network first goes idle, so its container is waited for); the
    // validation chunk, asked for on the first keystroke, then fails.
    await page.waitForLoadState('networkidle');
    await expect(page.locator('.Toastify')).toBeAttached();
    await page.route('**/*.js', (route) => route.abort());
    const hero = heroForm(page);
    await hero.email.fill('no-chunk@example.com');
    await hero.submit.click();

    await expectTopCenter(page, toast(page, WAITLIST_MESSAGES.failed));
    await expect(hero.email).toHaveValue('no-chunk@example.com');
    expect(posts).toBe(0);
  });

  test('a network failure shows the error toast', async ({ page }) => {
    let attempts = 0;
    await page.route(WAITLIST_ENDPOINT, async (route) => {
      attempts += 1;
      await route.abort();
    });
    await openJoinModal(page);
    await dialogEmail(page).fill('offline@example.com');
    await dialogSubmit(page).click();

    await expectTopCenter(page, toast(page, WAITLIST_MESSAGES.failed));
    await expect(toast(page, WAITLIST_MESSAGES.added)).toHaveCount(0);
    expect(attempts).toBe(1);
  });

  test('a server error (500) shows the error toast', async ({ page }) => {
    let attempts = 0;
    await page.route(WAITLIST_ENDPOINT, async (route) => {
      attempts += 1;
      await route.fulfill({ status: 500, json: { payload: { message: 'Internal Server Error' } } });
    });
    await page.goto(ROUTES.landing);
    const hero = heroForm(page);
    await hero.email.fill('server-error@example.com');
    await hero.submit.click();

    await expectTopCenter(page, toast(page, WAITLIST_MESSAGES.failed));
    await expect(toast(page, WAITLIST_MESSAGES.added)).toHaveCount(0);
    expect(attempts).toBe(1);
  });
});
