import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { textArray } from '../../db/array-param';
import { rowsOf } from '../../db/results';

// The opt-outs a link owes its platform (connection_opt_outs): stored with the page that found
// them, sent after the run's last page a batch at a time, each batch gone once the platform took it.

export async function addOptOuts(db: Db, linkId: string, emails: readonly string[], now: Date): Promise<void> {
  if (emails.length === 0) return;
  await db.execute(sql`
    insert into connection_opt_outs (link_id, email, created_at)
    select ${linkId}::uuid, e.email, ${now.toISOString()}::timestamptz from unnest(${textArray([...new Set(emails)])}) as e(email)
    on conflict do nothing`);
}

/** The next batch to send, in a fixed order. */
export async function nextOptOuts(db: Db, linkId: string, limit: number): Promise<string[]> {
  const result = await db.execute(sql`select email from connection_opt_outs where link_id = ${linkId}::uuid order by email limit ${limit}`);
  return rowsOf<{ email: string }>(result).map((row) => row.email);
}

export async function dropOptOuts(db: Db, linkId: string, emails: readonly string[]): Promise<void> {
  if (emails.length === 0) return;
  await db.execute(sql`delete from connection_opt_outs where link_id = ${linkId}::uuid and email = any(${textArray(emails)})`);
}
