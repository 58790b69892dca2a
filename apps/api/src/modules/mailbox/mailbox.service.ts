import type { Db } from '../../db/client';
import { findOutboxMessage, listOutboxMessages, type OutboxMessage } from './mailbox.repository';

// The dev outbox is for one developer's session: the newest few hundred are plenty to browse.
const LIST_LIMIT = 200;

export interface MailboxMessage {
  id: number;
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  created_at: string;
}

const view = (message: OutboxMessage): MailboxMessage => ({
  id: message.id,
  to: message.to,
  from: message.from,
  subject: message.subject,
  text: message.text,
  html: message.html,
  created_at: message.createdAt.toISOString(),
});

export function createMailboxService(deps: { db: Db }) {
  return {
    /** Newest first, optionally only those sent to one address. */
    async list(filter: { to?: string } = {}): Promise<MailboxMessage[]> {
      const to = filter.to?.trim();
      return (await listOutboxMessages(deps.db, { to: to || undefined, limit: LIST_LIMIT })).map(view);
    },
    async get(id: number): Promise<MailboxMessage | undefined> {
      const message = await findOutboxMessage(deps.db, id);
      return message && view(message);
    },
  };
}
