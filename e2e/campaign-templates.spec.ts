import { randomUUID } from 'node:crypto';
import { CAMPAIGN_MESSAGES } from '@postlark/shared/campaigns';
import { EMAIL_BUTTON_STYLE } from '@postlark/shared/email-button';
import { campaignEditor } from './support/campaign-pages';
import { signedInCustomer } from './support/customer-area';
import { expect, test } from './support/fixtures';
import { toast } from './support/page-helpers';
import { confirmSender } from './support/senders';

// Issue 38, point 1: a starting template's call to action is a button everywhere the customer
// and their readers see it: drawn in the editor, in the preview, and inline-styled in the mail.

const BUTTONS = [
  { template: 'Newsletter', button: 'Read the full story' },
  { template: 'Announcement', button: 'Try it now' },
];
// The button's colour, as a browser computes #4f46e5.
const BUTTON_BACKGROUND = 'rgb(79, 70, 229)';

test.describe('starting templates', () => {
  test('each template button is drawn as a button in the editor and the preview, and arrives inline-styled', async ({ page, request, baseURL, inbox }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    const customer = await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'templates');
    await confirmSender(page, inbox, `news-${randomUUID().slice(0, 8)}@lark.example`);
    const editor = campaignEditor(page);

    for (const { template, button } of BUTTONS) {
      await page.goto('/dashboard/campaigns/new');
      await editor.template(template).click();
      const inEditor = editor.content.getByRole('link', { name: button });
      await expect(inEditor).toHaveCSS('background-color', BUTTON_BACKGROUND);
      await expect(inEditor).toHaveCSS('color', 'rgb(255, 255, 255)');
      await expect(editor.preview.getByRole('link', { name: button })).toHaveCSS('background-color', BUTTON_BACKGROUND);

      await editor.fromName.fill('Lark Letters');
      const before = await inbox.count(customer.email);
      await editor.test.click();
      await editor.testDialog.to.fill(customer.email);
      await editor.testDialog.send.click();
      await expect(toast(page, CAMPAIGN_MESSAGES.testSent(1))).toBeVisible();
      const mail = await inbox.message(customer.email, before);
      const anchor = new RegExp(`<a [^>]*>${button}</a>`).exec(mail.html)?.[0];
      expect(anchor, `the ${template} button in the mail`).toBeTruthy();
      expect(anchor).toContain(`style="${EMAIL_BUTTON_STYLE}"`);
    }
  });
});
