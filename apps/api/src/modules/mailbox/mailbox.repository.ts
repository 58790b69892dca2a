import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { devOutbox } from '../../db/schema/mail';

export type OutboxMessage = typeof devOutbox.$inferSelect;
export type NewOutboxMessage = Pick<OutboxMessage, 'to' | 'from' | 'subject' | 'html' | 'text'>;

export async function insertOutboxMessage(db: Db, message: NewOutboxMessage): Promise<OutboxMessage> {
  const [stored] = await db.insert(devOutbox).values(message).returning();
  if (!stored) throw new Error('dev outbox: insert returned no row');
  return stored;
}

/** Newest first; `to` matched without regard to case, as addresses are. */
export async function listOutboxMessages(db: Db, filter: { to?: string; limit: number }): Promise<OutboxMessage[]> {
  return db
    .select()
    .from(devOutbox)
    .where(filter.to === undefined ? undefined : eq(sql`lower(${devOutbox.to})`, filter.to.toLowerCase()))
    .orderBy(desc(devOutbox.createdAt), desc(devOutbox.id))
    .limit(filter.limit);
}

export async function findOutboxMessage(db: Db, id: number): Promise<OutboxMessage | undefined> {
  const [message] = await db.select().from(devOutbox).where(eq(devOutbox.id, id));
  return message;
}
