import { ROUTES, subscriberPath } from '@postlark/shared/routes';
import { subscribersPage } from './support/audience-pages';
import { campaignEditor } from './support/campaign-pages';
import { signedInCustomer } from './support/customer-area';
import { expect, test } from './support/fixtures';
import { focusedName, focusIsIn, tabTo } from './support/keyboard';

// Issue 23, point 2: dialogs and the campaign editor's toolbar by keyboard alone.

test.describe('keyboard: dialogs and the editor toolbar', () => {
  test('a dialog takes focus, keeps Tab inside, and Escape gives focus back to its opener', async ({ page, request, baseURL, inbox }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'keys-dialogs');
    await page.goto(ROUTES.subscribers);
    const subscribers = subscribersPage(page);
    await tabTo(page, subscribers.add);
    await page.keyboard.press('Enter');
    const dialog = subscribers.dialog.root;
    await expect(dialog).toBeVisible();
    await expect(subscribers.dialog.email).toBeFocused();
    for (let presses = 0; presses < 15; presses += 1) {
      await page.keyboard.press('Tab');
      expect(await focusIsIn(dialog), `focus in the dialog after ${presses + 1} Tabs`).toBe(true);
    }
    for (let presses = 0; presses < 3; presses += 1) {
      await page.keyboard.press('Shift+Tab');
      expect(await focusIsIn(dialog), `focus in the dialog after ${presses + 1} Shift+Tabs`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(subscribers.add).toBeFocused();

    // A subscriber added by keyboard, then the confirm dialog of its deletion: Escape cancels it.
    await tabTo(page, subscribers.add);
    await page.keyboard.press('Space');
    await subscribers.dialog.email.fill('keys@example.com');
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    const id = (await (await page.request.get('/api/audience/v1/subscribers?q=keys%40example.com')).json()).payload.subscribers[0].id as string;
    await page.goto(subscriberPath(id));
    const remove = page.getByRole('button', { name: 'Delete subscriber' });
    await tabTo(page, remove);
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Delete this subscriber?' });
    await expect(confirm).toBeVisible();
    expect(await focusIsIn(confirm)).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await focusIsIn(confirm)).toBe(true);
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(remove).toBeFocused();
  });

  test("the editor's toolbar: reached by Tab, every control named, buttons work from the keyboard", async ({ page, request, baseURL, inbox }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'keys-toolbar');
    await page.goto(ROUTES.newCampaign);
    const editor = campaignEditor(page);
    await editor.blank.click();
    await editor.content.click();
    await page.keyboard.type('Hello readers');
    await page.keyboard.press('ControlOrMeta+A');

    // Backwards from the text into the toolbar, then along it: each control has a name.
    const bold = editor.toolbar.getByRole('button', { name: 'Bold' });
    await tabTo(page, bold, { backwards: true });
    const names: string[] = [];
    for (let presses = 0; presses < 6; presses += 1) {
      names.push(await focusedName(page));
      await page.keyboard.press('Tab');
    }
    expect(names.every((name) => name.length > 0), `named: ${names.join(', ')}`).toBe(true);

    await bold.focus();
    await page.keyboard.press('Enter');
    await expect(bold).toHaveAttribute('aria-pressed', 'true');
    await expect(editor.content.locator('strong')).toHaveText('Hello readers');
    // The button hands focus back to the text a frame later (TipTap's focus()): wait for that, or it
    // would take focus from the next control the test moves to.
    await expect(editor.content).toBeFocused();
    // The arrows move along the toolbar too.
    await bold.focus();
    await page.keyboard.press('ArrowRight');
    await expect(editor.toolbar.getByRole('button', { name: 'Italic' })).toBeFocused();
    await page.keyboard.press('Space');
    await expect(editor.content.locator('em')).toHaveText('Hello readers');
    await expect(editor.content).toBeFocused();

    // The merge-tag menu: Enter opens it on its first item, the arrows move, Escape closes it.
    await editor.mergeTag.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: 'Merge tags' });
    await expect(menu.getByRole('menuitem').first()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem').nth(1)).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(editor.mergeTag).toBeFocused();

    // Link opens its dialog by keyboard; Escape returns to the toolbar.
    const link = editor.toolbar.getByRole('button', { name: 'Link' });
    await link.focus();
    await page.keyboard.press('Enter');
    const linkDialog = page.getByRole('dialog');
    await expect(linkDialog).toBeVisible();
    expect(await focusIsIn(linkDialog)).toBe(true);
    await page.keyboard.press('Escape');
    await expect(linkDialog).toBeHidden();
  });
});
