import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** A permanent failure for the address: they get no more campaigns (the timeline records it). */
export async function markBounced(db: Db, subscriberId: string, now: Date): Promise<void> {
  await db.execute(sql`update subscribers set status = 'bounced', updated_at = ${now.toISOString()}::timestamptz
    where id = ${subscriberId}::uuid and status = 'active'`);
}
