import { OWN_TEMPLATE_MESSAGES, OWN_TEMPLATE_TEXTS } from '@postlark/shared/own-templates';
import { campaignEditor } from './support/campaign-pages';
import { signedInCustomer } from './support/customer-area';
import { expect, test } from './support/fixtures';
import { toast } from './support/page-helpers';

// Issue 33, point 5: "Save as template" keeps the campaign's subject and content as one of the
// account's templates, which the picker shows under Your templates, drawn as its message, to
// start a new campaign from, and deletes once asked.

test.describe('the account’s own templates', () => {
  test('a campaign saved as a template appears in the picker, starts a new campaign and is deleted after a confirm', async ({ page, request, baseURL, inbox }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'own-templates');
    const editor = campaignEditor(page);

    await page.goto('/dashboard/campaigns/new');
    await editor.template('Newsletter').click();
    await editor.subject.fill('Our spring letter');
    await editor.content.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('Signed, the Lark team');

    await page.getByRole('button', { name: OWN_TEMPLATE_TEXTS.saveAction }).click();
    const dialog = page.getByRole('dialog', { name: OWN_TEMPLATE_TEXTS.saveTitle });
    await dialog.getByRole('textbox', { name: OWN_TEMPLATE_TEXTS.nameLabel }).fill('  ');
    await dialog.getByRole('button', { name: OWN_TEMPLATE_TEXTS.saveAction }).click();
    await expect(dialog.getByText(OWN_TEMPLATE_MESSAGES.nameRequired)).toBeVisible();
    await dialog.getByRole('textbox', { name: OWN_TEMPLATE_TEXTS.nameLabel }).fill('Spring letter');
    await dialog.getByRole('button', { name: OWN_TEMPLATE_TEXTS.saveAction }).click();
    await expect(toast(page, OWN_TEMPLATE_MESSAGES.saved)).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.goto('/dashboard/campaigns/new');
    const yours = page.getByRole('region', { name: OWN_TEMPLATE_TEXTS.yours });
    const card = yours.getByRole('listitem').filter({ has: page.getByRole('button', { name: 'Use the Spring letter template' }) });
    // Drawn as the message it makes, like the built-in ones.
    await expect(card.locator('iframe')).toHaveAttribute('srcdoc', /Signed, the Lark team/);
    await card.getByRole('button', { name: 'Use the Spring letter template' }).click();
    await expect(editor.subject).toHaveValue('Our spring letter');
    await expect(editor.content).toContainText('Signed, the Lark team');
    await expect(editor.content).toContainText('This week at a glance');

    await page.goto('/dashboard/campaigns/new');
    await yours.getByRole('button', { name: `${OWN_TEMPLATE_TEXTS.deleteAction} the Spring letter template` }).click();
    const confirm = page.getByRole('dialog', { name: OWN_TEMPLATE_TEXTS.deleteTitle });
    await expect(confirm).toContainText(OWN_TEMPLATE_MESSAGES.deleteConfirm('Spring letter'));
    await confirm.getByRole('button', { name: OWN_TEMPLATE_TEXTS.deleteAction }).click();
    await expect(toast(page, OWN_TEMPLATE_MESSAGES.deleted)).toBeVisible();
    await expect(yours).toBeHidden();
    await expect(editor.template('Newsletter')).toBeVisible();
  });
});
