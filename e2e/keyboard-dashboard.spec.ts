import { ROUTES } from '@postlark/shared/routes';
import { dashboardShell, signedInCustomer } from './support/customer-area';
import { expect, test } from './support/fixtures';
import { focusIsIn, tabTo } from './support/keyboard';

// Issue 23, point 2: the dashboard's shell by keyboard alone — the sidebar and its toggle, the
// avatar menu and the notification panel inside it.

test.describe('keyboard: the dashboard shell', () => {
  test('the sidebar: Tab reaches its items, Enter and Space open groups and follow links, the toggle collapses it', async ({ page, request, baseURL, inbox }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'keys-sidebar');
    const shell = dashboardShell(page);
    const campaigns = shell.sidebar.getByRole('button', { name: 'Campaigns' });
    const subscribers = shell.sidebar.getByRole('button', { name: 'Subscribers' });

    await page.locator('body').focus();
    await tabTo(page, shell.sidebar.getByRole('link', { name: 'Home', exact: true }));
    await page.keyboard.press('Tab');
    await expect(campaigns).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(campaigns).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    const brevo = shell.sidebar.getByRole('list', { name: 'Campaigns' }).getByRole('link', { name: 'Brevo' });
    await tabTo(page, brevo);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL((url) => url.pathname === ROUTES.campaigns && url.searchParams.get('platform') === 'brevo');

    await tabTo(page, subscribers);
    await page.keyboard.press('Space');
    await expect(subscribers).toHaveAttribute('aria-expanded', 'true');
    const lists = shell.sidebar.getByRole('list', { name: 'Subscribers' }).getByRole('link', { name: 'Lists' });
    await tabTo(page, lists);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL((url) => url.pathname === ROUTES.lists);
    await expect(lists).toHaveAttribute('aria-current', 'page');

    // The toggle, reached by Tab past the sidebar: Space collapses the sidebar, Enter widens it.
    await tabTo(page, shell.toggle);
    await page.keyboard.press('Space');
    await expect(shell.toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(shell.toggle).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(shell.toggle).toHaveAttribute('aria-expanded', 'true');
  });

  test('the avatar menu and the notification panel: opened, moved through and closed by keyboard', async ({ page, request, baseURL, inbox }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'keys-menu');
    const shell = dashboardShell(page);
    const menu = page.locator(`#${await shell.avatar.getAttribute('aria-controls')}`);
    const profile = menu.getByRole('link', { name: 'Profile' });
    const billing = menu.getByRole('link', { name: 'Account & billing' });

    await page.locator('body').focus();
    await tabTo(page, shell.avatar);
    await page.keyboard.press('Enter');
    await expect(shell.avatar).toHaveAttribute('aria-expanded', 'true');
    await expect(shell.notificationItem).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(profile).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(billing).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(profile).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(billing).toBeFocused();
    // Tab stays in the open menu: past its last link it comes back to the first item.
    for (let presses = 0; presses < 8; presses += 1) {
      await page.keyboard.press('Tab');
      expect(await focusIsIn(menu), `focus in the menu after ${presses + 1} more Tabs`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(shell.avatar).toBeFocused();

    // The notification panel opens from the menu by keyboard, with focus on its Back button.
    await page.keyboard.press('Space');
    await expect(shell.notificationItem).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(shell.panel).toBeVisible();
    const back = shell.panel.getByRole('button', { name: 'Back' });
    await expect(back).toBeFocused();
    for (let presses = 0; presses < 12; presses += 1) {
      await page.keyboard.press('Tab');
      expect(await focusIsIn(shell.panel), `focus in the panel after ${presses + 1} Tabs`).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect(await focusIsIn(shell.panel)).toBe(true);
    // Dismissing by keyboard takes the focused button away; focus stays in the panel.
    const dismiss = shell.panel.getByRole('button', { name: /^Dismiss: / }).first();
    await dismiss.focus();
    await page.keyboard.press('Enter');
    await expect(shell.panel.getByRole('button', { name: /^Dismiss: / })).toHaveCount(3);
    await expect(back).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(shell.panel).toBeHidden();
    await expect(shell.notificationItem).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(shell.avatar).toBeFocused();
  });
});
