import { expect, type APIRequestContext } from '@playwright/test';
import type { TestSmtpServer } from '../../apps/api/test/support/smtp-server';

// Where a test reads the mail its server sent: the loopback SMTP relay the test started (SMTP_URL),
// or the server's own dev outbox (no SMTP_URL), through the same small interface.

export interface MailMessage {
  to: string;
  /** The From header as sent. */
  from: string;
  subject: string;
  text: string;
  html: string;
}

export interface Inbox {
  /** How many messages the address has received so far. */
  count(address: string): Promise<number>;
  /** Waits for the (after+1)-th message to the address, counting oldest first: `after: 1` is the second. */
  message(address: string, after?: number): Promise<MailMessage>;
}

// Mail goes through the server's queue; a delivery takes well under a second even on a busy machine.
const MAIL_TIMEOUT_MS = 15_000;

/** Mail as the loopback relay received it: who the envelope really names, not the To header. */
export function relayInbox(relay: TestSmtpServer): Inbox {
  return {
    async count(address) {
      return relay.messagesTo(address).length;
    },
    async message(address, after = 0) {
      const received = await relay.waitForMessage(address, { after, timeoutMs: MAIL_TIMEOUT_MS });
      return { to: received.envelope.to.join(', '), from: received.from, subject: received.subject, text: received.text, html: received.html };
    },
  };
}

interface OutboxEntry extends MailMessage {
  id: number;
  created_at: string;
}

/** Mail kept by the dev outbox, read from `GET /dev/mailbox/messages.json?to=` (newest first there). */
export function outboxInbox(request: APIRequestContext): Inbox {
  const oldestFirst = async (address: string): Promise<OutboxEntry[]> => {
    const response = await request.get(`/dev/mailbox/messages.json?to=${encodeURIComponent(address)}`);
    expect(response.status(), 'the dev outbox answers (is SMTP_URL unset?)').toBe(200);
    return ((await response.json()) as OutboxEntry[]).reverse();
  };
  return {
    async count(address) {
      return (await oldestFirst(address)).length;
    },
    async message(address, after = 0) {
      let found: OutboxEntry | undefined;
      await expect
        .poll(
          async () => {
            found = (await oldestFirst(address))[after];
            return found !== undefined;
          },
          { message: `message #${after + 1} to ${address} in the dev outbox`, timeout: MAIL_TIMEOUT_MS },
        )
        .toBe(true);
      if (!found) throw new Error(`no message #${after + 1} to ${address}`);
      return found;
    },
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The link in a message's text that opens `path` on this site, with its query (token and email). */
export function linkIn(message: MailMessage, baseURL: string, path: string): string {
  const match = new RegExp(`${escapeRegExp(baseURL)}${escapeRegExp(path)}\\?[^\\s"<>]+`).exec(message.text);
  if (!match) throw new Error(`no ${baseURL}${path} link in "${message.subject}":\n${message.text}`);
  return match[0];
}

/** The token and email a mailed link carries. */
export function linkParams(link: string): { token: string; email: string } {
  const params = new URL(link).searchParams;
  return { token: params.get('token') ?? '', email: params.get('email') ?? '' };
}
