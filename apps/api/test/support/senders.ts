import { expect } from 'vitest';
import { linkIn } from './accounts';
import type { useAccountsApp } from './accounts-app';

// Sender identities through the real calls and the real mail: add an address, read the link
// the test SMTP server received, and confirm it as the link's page does.

type Accounts = ReturnType<typeof useAccountsApp>;

export const SENDERS = 'campaigns/v1/senders';
export const SENDER_DOMAINS = 'campaigns/v1/sender-domains';

/**
 * The token of the first confirmation link mailed to `email` after its first `before` messages
 * (other mail to the address, such as test sends still arriving from the queue, is passed over).
 */
export async function confirmationToken(accounts: Accounts, email: string, before: number): Promise<string> {
  for (let index = before; ; index += 1) {
    const mail = await accounts.smtp.waitForMessage(email, { after: index });
    if (mail.text?.includes('/confirm-sender?')) return linkIn(mail.text, '/confirm-sender').searchParams.get('token') ?? '';
  }
}

/** Adds `email` as the signed-in customer's sender and opens its confirmation link. */
export async function confirmSender(accounts: Accounts, cookie: string, email: string): Promise<void> {
  const before = accounts.smtp.messagesTo(email).length;
  const added = await accounts.call('POST', SENDERS, cookie, { email });
  expect(added.statusCode, added.body).toBe(201);
  const token = await confirmationToken(accounts, email, before);
  const confirmed = await accounts.call('POST', `${SENDERS}/confirm`, undefined, { token });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
}
