import sharp from 'sharp';
import { campaignPath, flowPath, reportPath, ROUTES } from '@postlark/shared/routes';
import { expectNoSeriousViolations, expectSettled, visitAndAudit } from './support/axe';
import { campaignEditor } from './support/campaign-pages';
import { expect, test } from './support/fixtures';
import { seededAccount } from './support/seeded-account';

// Issue 23, point 2: the campaign pages, the editor (new and saved), senders, automations and a
// flow's builder, A/B tests, reports and a sent campaign's report, and insights pass axe-core;
// issue 33: the Media page with an image, and each tab of the editor's Insert image dialog.

test.describe('accessibility: campaigns, automations and reports', () => {
  test('campaigns, the editor, senders, automations, A/B tests, reports and insights pass axe', async ({ page, request, baseURL, inbox }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    const seeded = await seededAccount(page, { request, baseURL: baseURL!, inbox }, { sendCampaign: true });
    for (const path of [ROUTES.campaigns, ROUTES.brand, ROUTES.senders, ROUTES.automations, flowPath(seeded.flowId), ROUTES.abTests, ROUTES.reports, reportPath(seeded.sentCampaignId), ROUTES.insights]) {
      await visitAndAudit(page, path);
    }

    await page.goto(ROUTES.media);
    const picture = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#336699' } }).jpeg().toBuffer();
    await page.getByLabel('Drop images here, or choose files').setInputFiles({ name: 'harbour.jpg', mimeType: 'image/jpeg', buffer: picture });
    await expect(page.getByRole('list', { name: 'Images' }).getByRole('listitem')).toHaveCount(1);
    await expectSettled(page);
    await expectNoSeriousViolations(page, 'the Media page with an image');

    await page.goto(ROUTES.newCampaign);
    const editor = campaignEditor(page);
    await expectSettled(page);
    await expectNoSeriousViolations(page, 'the new-campaign template choice');
    await editor.blank.click();
    await expect(editor.name).toBeVisible();
    await expectNoSeriousViolations(page, 'the editor of a new campaign');
    await editor.toolbar.getByRole('button', { name: 'Image' }).click();
    const imageDialog = page.getByRole('dialog', { name: 'Insert image' });
    for (const tab of ['Your images', 'Upload', 'Products', 'By address']) {
      await imageDialog.getByRole('tab', { name: tab }).click();
      await expectSettled(page);
      await expectNoSeriousViolations(page, `the Insert image dialog's ${tab} tab`);
    }
    await page.keyboard.press('Escape');
    await expect(imageDialog).toBeHidden();

    await page.goto(campaignPath(seeded.draftCampaignId));
    await expect(editor.name).toHaveValue('December draft');
    await expectSettled(page);
    await expectNoSeriousViolations(page, 'the editor of a saved campaign');
    await editor.test.click();
    await expect(editor.testDialog.root).toBeVisible();
    await expectNoSeriousViolations(page, 'the send-test dialog');
  });
});
