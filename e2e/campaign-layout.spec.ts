import type { Page } from '@playwright/test';
import { LAYOUT_TEXTS } from '@postlark/shared/layout-blocks';
import { campaignEditor } from './support/campaign-pages';
import { signedInCustomer } from './support/customer-area';
import { expect, test } from './support/fixtures';

// Issue 33, the editor's side: two columns written side by side, a spacer, a paragraph moved up
// by keyboard and hidden on phones, saved and read back in the format the server lays out.

async function storedHtml(page: Page, id: string): Promise<string> {
  const response = await page.request.get(`/api/campaigns/v1/campaigns/${id}`);
  expect(response.ok(), `GET campaign: ${response.status()}`).toBe(true);
  return ((await response.json()) as { payload: { campaign: { content_html: string } } }).payload.campaign.content_html;
}

test.describe('layout blocks', () => {
  test('columns, a spacer, a block moved by keyboard and hidden on phones survive a save and a reload', async ({ page, request, baseURL, inbox }) => {
    test.setTimeout(90_000);
    // Below 1100px the editor takes the page's whole width, wide enough for columns side by side.
    await page.setViewportSize({ width: 1024, height: 900 });
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'layout');
    const editor = campaignEditor(page);
    await page.goto('/dashboard/campaigns/new');
    await editor.blank.click();
    await editor.name.fill('Spring layout');
    await editor.subject.fill('Spring is here');

    await editor.content.click();
    await page.keyboard.type('Intro line');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Second line');

    // Two columns after the paragraph, the cursor in the first; then the second, clicked into.
    await editor.toolbar.getByRole('button', { name: 'Columns' }).click();
    const columnsDialog = page.getByRole('dialog', { name: 'Columns' });
    await expect(columnsDialog.getByRole('radio', { name: LAYOUT_TEXTS.columns(2) })).toBeChecked();
    await columnsDialog.getByRole('button', { name: 'Insert columns' }).click();
    await expect(columnsDialog).toBeHidden();
    await page.keyboard.type('Left column');
    const columns = editor.content.locator('[data-postlark-layout="columns"]');
    const column = columns.locator('[data-postlark-layout="column"]');
    await expect(column).toHaveCount(2);
    await column.nth(1).locator('p').click();
    await page.keyboard.type('Right column');
    await expect(column.nth(0)).toHaveText('Left column');
    await expect(column.nth(1)).toHaveText('Right column');
    // Side by side at this width.
    const [left, right] = [await column.nth(0).boundingBox(), await column.nth(1).boundingBox()];
    expect(right!.x).toBeGreaterThan(left!.x + left!.width - 1);
    expect(Math.abs(right!.y - left!.y)).toBeLessThan(2);

    // A 32 px spacer in the empty paragraph below the columns.
    await editor.content.locator('[data-postlark-layout="columns"] + p').click();
    await editor.toolbar.getByRole('button', { name: LAYOUT_TEXTS.spacer }).click();
    const spacerDialog = page.getByRole('dialog', { name: LAYOUT_TEXTS.spacer });
    await spacerDialog.getByRole('spinbutton', { name: 'Height (px)' }).fill('32');
    await spacerDialog.getByRole('button', { name: 'Insert spacer' }).click();
    const spacer = editor.content.locator('[data-postlark-layout="spacer"]');
    await expect(spacer).toHaveAttribute('data-height', '32');
    await expect(spacer).toContainText('Spacer, 32 px');
    expect((await spacer.boundingBox())!.height).toBeCloseTo(32, 0);

    // "Second line" moves above "Intro line" by keyboard, and a screen reader hears it.
    await editor.content.getByText('Second line').click();
    // The spacer was left selected as a node; the view has read the click once it shows the text cursor again.
    await expect(editor.content).not.toHaveClass(/ProseMirror-hideselection/);
    await page.keyboard.press('Alt+ArrowUp');
    await expect(page.locator('[aria-live="polite"]').filter({ hasText: 'Moved up' })).toHaveCount(1);
    await expect(editor.content.locator('> *').first()).toHaveText('Second line');
    // The cursor stayed in it: what is typed lands there.
    await page.keyboard.press('End');
    await page.keyboard.type('!');
    await expect(editor.content.locator('> p').first()).toHaveText('Second line!');

    // Hidden on phones from the Block control, marked with its badge.
    const block = editor.toolbar.getByRole('group', { name: 'Block' });
    await expect(block.getByRole('button', { name: 'Move up' })).toBeDisabled();
    await block.getByRole('combobox', { name: 'Block visibility' }).selectOption({ label: LAYOUT_TEXTS.hideOnPhone });
    const hidden = editor.content.locator('p[data-hide-on="phone"]');
    await expect(hidden).toHaveText('Second line!');
    await expect(hidden).toHaveAttribute('data-hide-label', LAYOUT_TEXTS.hideOnPhone);
    await expect(block.getByRole('combobox', { name: 'Block visibility' })).toHaveValue('phone');

    await columns.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/editor-columns-1024.png' });
    // Narrower than a phone's 480px (the editor beside the preview at 1280px, or a phone): stacked, the first on top.
    const stackedGap = async () => (await column.nth(1).boundingBox())!.y - (await column.nth(0).boundingBox())!.y;
    for (const [width, height] of [[1280, 900], [375, 800]] as const) {
      await page.setViewportSize({ width, height });
      await expect.poll(stackedGap).toBeGreaterThan(10);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await columns.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/editor-columns-${width}.png` });
    }
    await page.setViewportSize({ width: 1024, height: 900 });

    await editor.save.click();
    await expect(page).toHaveURL((url) => /^\/dashboard\/campaigns\/[0-9a-f-]{36}$/.test(url.pathname));
    const id = new URL(page.url()).pathname.split('/').pop()!;
    const layout =
      '<p data-hide-on="phone">Second line!</p><p>Intro line</p>' +
      '<div data-postlark-layout="columns"><div data-postlark-layout="column"><p>Left column</p></div><div data-postlark-layout="column"><p>Right column</p></div></div>' +
      '<div data-postlark-layout="spacer" data-height="32"></div>';
    expect(await storedHtml(page, id)).toContain(layout);

    await page.reload();
    await expect(editor.content.locator('p[data-hide-on="phone"]')).toHaveText('Second line!');
    await expect(editor.content.locator('[data-postlark-layout="columns"] > [data-postlark-layout="column"]')).toHaveText(['Left column', 'Right column']);
    await expect(editor.content.locator('[data-postlark-layout="spacer"]')).toHaveAttribute('data-height', '32');
    expect(await storedHtml(page, id)).toContain(layout);
  });
});
