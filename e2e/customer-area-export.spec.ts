import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { DATA_EXPORT_MESSAGES } from '@postlark/shared/data-export';
import { ROUTES } from '@postlark/shared/routes';
import { strFromU8, unzipSync } from 'fflate';
import { signIn } from './support/account-pages';
import { dashboardShell, expectOnLogin, profilePage, signedInCustomer } from './support/customer-area';
import { expect, relayTest } from './support/fixtures';
import { toast } from './support/page-helpers';

// Issue 4, point 12: Export data builds one Zip of CSV files in the background; the customer is
// told in the notification panel and by email (a real SMTP server on loopback), and the download
// works for them alone.

/** The CSV files of a downloaded Zip, as text without the byte-order mark. */
async function csvFilesOf(download: Download): Promise<Record<string, string>> {
  const bytes = await readFile(await download.path());
  const entries = unzipSync(new Uint8Array(bytes));
  return Object.fromEntries(Object.entries(entries).map(([name, content]) => [name, strFromU8(content).replace(/^\uFEFF/, '')]));
}

/** Opens a link that answers with a file: the page does not navigate, the browser downloads. */
async function downloadFrom(page: Page, link: string): Promise<Download> {
  const download = page.waitForEvent('download');
  // Chromium aborts the navigation once it turns into a download; that is the expected outcome.
  await page.goto(link).catch(() => undefined);
  return download;
}

relayTest.describe('customer area: data export', () => {
  relayTest('Export data builds a Zip of CSV files, tells the customer, and downloads for them alone', async ({ page, browser, request, baseURL, inbox }) => {
    const customer = await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'export', { first_name: 'Edith' });
    const mailsBefore = await inbox.count(customer.email);
    await page.goto(`${ROUTES.profile}?tab=data`);
    const panel = profilePage(page).panel;
    const history = panel.getByRole('listitem');
    await expect(panel.getByText('You have not exported your data yet.')).toBeVisible();

    await panel.getByRole('checkbox', { name: 'Emails' }).check();
    await panel.getByRole('checkbox', { name: 'Reports' }).uncheck();
    await panel.getByRole('combobox', { name: 'Period' }).selectOption({ label: 'Last 7 days' });
    await panel.getByRole('button', { name: 'Export data' }).click();
    await expect(toast(page, DATA_EXPORT_MESSAGES.started)).toBeVisible();

    // The list refreshes itself while the export is being built.
    await expect(history).toHaveCount(1);
    await expect(history).toContainText('Account, Emails, Audiences · Last 7 days');
    await expect(history.getByText('Ready', { exact: true })).toBeVisible({ timeout: 15_000 });
    // Once a month: the button waits, and says until when.
    await expect(panel.getByRole('button', { name: 'Export data' })).toBeDisabled();
    await expect(panel.getByRole('button', { name: 'Export data' })).toHaveAccessibleDescription(/^You can export your data once every 30 days\. Your next export is possible from /);

    const fromList = await csvFilesOf(await downloadFrom(page, (await history.getByRole('link', { name: /^Download Zip/ }).getAttribute('href'))!));
    expect(Object.keys(fromList).sort()).toEqual(['account.csv', 'audiences.csv', 'emails.csv', 'marketing-preferences.csv', 'notifications.csv']);
    expect(fromList['account.csv']).toContain(`,${customer.email},Edith,`);
    expect(fromList['emails.csv']).toBe('campaign_id,subject,from_name,from_email,status,created_at,sent_at,recipients\r\n');
    expect(fromList['audiences.csv']!.split('\r\n')[0]).toBe('email,first_name,last_name,status,lists,attributes,timezone,source,subscribed_at,updated_at');

    // The notification panel has it, with its download link, without a reload: opening the menu reads the list again.
    const shell = dashboardShell(page);
    await shell.avatar.click();
    await shell.notificationItem.click();
    await expect(shell.panel.getByRole('heading', { name: /^Your data export is ready/ })).toHaveCount(1);
    await expect(shell.panel.getByRole('link', { name: 'Download: Your data export is ready' })).toHaveAttribute('href', /\/exports\/[0-9a-f-]+\/download$/);

    // The email's link: signed out, it asks for a sign-in and comes back to the tab; signed in, it downloads.
    const mail = await inbox.message(customer.email, mailsBefore);
    expect(mail.subject).toBe('Your Postlark data export is ready');
    const link = new RegExp(`${baseURL}/api/home/v1/user/[0-9a-f-]+/exports/[0-9a-f-]+/download`).exec(mail.text)?.[0];
    expect(link).toBeDefined();

    const signedOut = await browser.newContext({ baseURL: baseURL! });
    const stranger = await browser.newContext({ baseURL: baseURL! });
    try {
      const elsewhere = await signedOut.newPage();
      await elsewhere.goto(link!);
      await expectOnLogin(elsewhere);
      await signIn(elsewhere, customer.email, customer.password);
      await expect(elsewhere).toHaveURL((url) => url.pathname === ROUTES.profile && url.searchParams.get('tab') === 'data');
      const fromMail = await csvFilesOf(await downloadFrom(elsewhere, link!));
      expect(fromMail['account.csv']).toBe(fromList['account.csv']);

      // Forwarded to another customer, the link downloads nothing.
      const strangerPage = await stranger.newPage();
      await signedInCustomer(strangerPage, { request, baseURL: baseURL!, inbox }, 'export-stranger');
      expect((await strangerPage.request.get(link!)).status()).toBe(404);
      // Opened in their browser, it leads to their own tab, which says why.
      await strangerPage.goto(link!);
      await expect(strangerPage).toHaveURL((url) => url.pathname === ROUTES.profile && url.searchParams.get('download') === 'missing');
      await expect(profilePage(strangerPage).panel.getByRole('alert').filter({ hasText: DATA_EXPORT_MESSAGES.notFound })).toBeVisible();
      await expect(profilePage(strangerPage).panel.getByText('You have not exported your data yet.')).toBeVisible();
    } finally {
      await signedOut.close();
      await stranger.close();
    }
  });
});
