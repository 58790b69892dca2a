import { expect, type Page } from '@playwright/test';
import type { Inbox } from './mail';

// Sender identities (issue 18) as a customer gets one: the address is added, the confirmation
// email arrives, and whoever reads that mailbox opens its link and presses Confirm.

/** The confirmation link in a sender confirmation email, as a path on the site under test. */
export function confirmationPath(text: string): string {
  const link = /https?:\/\/[^\s"<>]+\/confirm-sender\?token=[^\s"<>]+/.exec(text)?.[0];
  expect(link, `a sender confirmation link in: ${text}`).toBeTruthy();
  const url = new URL(link!.replaceAll('&amp;', '&'));
  return `${url.pathname}${url.search}`;
}

/** Opens the link in its own tab, as the mailbox's owner would, and confirms. */
export async function openConfirmationLink(page: Page, path: string) {
  const tab = await page.context().newPage();
  try {
    await tab.goto(path);
    await tab.getByRole('button', { name: 'Confirm this address' }).click();
    await expect(tab.getByRole('heading', { name: 'Address confirmed' })).toBeVisible();
  } finally {
    await tab.close();
  }
}

/** Adds `email` as the signed-in customer's sender (through the API) and confirms it through its mail. */
export async function confirmSender(page: Page, inbox: Inbox, email: string) {
  const before = await inbox.count(email);
  const added = await page.request.post('/api/campaigns/v1/senders', { data: { email } });
  expect(added.status(), await added.text()).toBe(201);
  await openConfirmationLink(page, confirmationPath((await inbox.message(email, before)).text));
}
