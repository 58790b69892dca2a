import { SECTION_MESSAGES, SECTION_TEXTS } from '@postlark/shared/saved-sections';
import { campaignEditor } from './support/campaign-pages';
import { signedInCustomer } from './support/customer-area';
import { expect, test } from './support/fixtures';
import { toast } from './support/page-helpers';

// Issue 33, point 5: a saved section is written once from the editor's toolbar; its block shows
// its current content, and Edit section changes it for the draft's preview (and every draft).

test.describe('saved sections', () => {
  test('a section saved from the toolbar is shown in the draft and its preview, and an edit of it changes both', async ({ page, request, baseURL, inbox }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'sections');
    const editor = campaignEditor(page);

    await page.goto('/dashboard/campaigns/new');
    await editor.blank.click();
    await editor.content.click();
    await page.keyboard.type('Hello readers');
    await page.keyboard.press('Enter');

    await editor.toolbar.getByRole('button', { name: SECTION_TEXTS.insert }).click();
    const dialog = page.getByRole('dialog', { name: SECTION_TEXTS.insertTitle });
    await expect(dialog).toContainText(SECTION_TEXTS.none);
    await dialog.getByRole('textbox', { name: SECTION_TEXTS.nameLabel }).fill('Sign-off');
    await dialog.getByRole('textbox', { name: SECTION_TEXTS.contentLabel }).click();
    await page.keyboard.type('Warm wishes, the Lark team');
    await dialog.getByRole('button', { name: SECTION_TEXTS.save }).click();
    await expect(toast(page, SECTION_MESSAGES.created)).toBeVisible();
    await expect(dialog).toBeHidden();

    await expect(editor.content).toContainText('Sign-off');
    await expect(editor.content).toContainText('Warm wishes, the Lark team');
    await expect(editor.preview.getByText('Warm wishes, the Lark team')).toBeVisible();

    await editor.content.getByRole('button', { name: `${SECTION_TEXTS.edit} Sign-off` }).click();
    const edit = page.getByRole('dialog', { name: SECTION_TEXTS.editTitle });
    await edit.getByRole('textbox', { name: SECTION_TEXTS.contentLabel }).click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Cheers, Lark');
    await edit.getByRole('button', { name: SECTION_TEXTS.save }).click();
    await expect(toast(page, SECTION_MESSAGES.saved)).toBeVisible();
    await expect(editor.content).toContainText('Cheers, Lark');
    await expect(editor.preview.getByText('Cheers, Lark')).toBeVisible();
    await expect(editor.preview.getByText('Warm wishes')).toHaveCount(0);
  });
});
