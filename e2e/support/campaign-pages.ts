import { expect, type Page } from '@playwright/test';
import { CAMPAIGN_MESSAGES } from '@postlark/shared/campaigns';
import type { Inbox } from './mail';
import { toast } from './page-helpers';

// The campaign pages (the list and the editor), found by the names they give their parts.

export function campaignsPage(page: Page) {
  const table = page.getByRole('table', { name: 'Campaigns' });
  return {
    heading: page.getByRole('heading', { level: 1, name: 'Campaigns' }),
    create: page.getByRole('link', { name: 'New campaign', exact: true }),
    table,
    row: (name: string) => table.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) }),
  };
}

export function campaignEditor(page: Page) {
  const testDialog = page.getByRole('dialog', { name: 'Send a test' });
  const sendDialog = page.getByRole('dialog', { name: 'Send campaign now?' });
  return {
    blank: page.getByRole('button', { name: 'Start from scratch' }),
    template: (name: string) => page.getByRole('button', { name: `Use the ${name} template` }),
    name: page.getByRole('textbox', { name: 'Campaign name' }),
    subject: page.getByRole('textbox', { name: 'Subject line' }),
    preheader: page.getByRole('textbox', { name: 'Preview text' }),
    fromName: page.getByRole('textbox', { name: 'From name' }),
    // A choice of the customer's confirmed senders.
    fromEmail: page.getByRole('combobox', { name: 'From email' }),
    content: page.getByRole('textbox', { name: 'Content', exact: true }),
    plainText: page.getByRole('textbox', { name: 'Plain-text version' }),
    list: (name: string) => page.getByRole('group', { name: 'Lists' }).getByRole('checkbox', { name: new RegExp(`^${name}`) }),
    problems: page.getByRole('list', { name: 'Merge tag problems' }),
    mergeTag: page.getByRole('button', { name: 'Insert merge tag' }),
    toolbar: page.getByRole('toolbar', { name: 'Formatting' }),
    preview: page.frameLocator('iframe[title^="Email preview"]'),
    save: page.getByRole('button', { name: 'Save', exact: true }),
    test: page.getByRole('button', { name: 'Send test' }),
    sendNow: page.getByRole('button', { name: 'Send now' }),
    progress: page.getByRole('progressbar', { name: /^Sending progress/ }),
    testDialog: {
      root: testDialog,
      to: testDialog.getByRole('textbox', { name: 'Send to' }),
      send: testDialog.getByRole('button', { name: 'Send test' }),
    },
    sendDialog: {
      root: sendDialog,
      send: sendDialog.getByRole('button', { name: 'Send now' }),
    },
  };
}

/** The open campaign sent as a test to `to` from the editor (Send test), and the message that arrived. */
export async function sendTestFromEditor(page: Page, inbox: Inbox, to: string) {
  const editor = campaignEditor(page);
  const before = await inbox.count(to);
  await editor.test.click();
  await editor.testDialog.to.fill(to);
  await editor.testDialog.send.click();
  await expect(toast(page, CAMPAIGN_MESSAGES.testSent(1))).toBeVisible();
  return inbox.message(to, before);
}
