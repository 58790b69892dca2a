import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/results';

// The sign-ins browsers started (oauth_states): one row per state sent to the platform, bound to
// its session, deleted when the callback takes it.

/** Sign-ins one session may have open at once: starting another forgets the oldest. */
const OPEN_PER_SESSION = 5;

export async function saveOAuthState(db: Db, row: { nonceHash: string; customerId: string; sessionHash: string; expiresAt: Date; now: Date }): Promise<void> {
  const at = row.now.toISOString();
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from oauth_states where expires_at <= ${at}::timestamptz`);
    await tx.execute(sql`
      insert into oauth_states (nonce_hash, customer_id, session_hash, expires_at, created_at)
      values (${row.nonceHash}, ${row.customerId}::uuid, ${row.sessionHash}, ${row.expiresAt.toISOString()}::timestamptz, ${at}::timestamptz)`);
    await tx.execute(sql`
      delete from oauth_states where session_hash = ${row.sessionHash} and nonce_hash not in (
        select nonce_hash from oauth_states where session_hash = ${row.sessionHash} order by created_at desc, nonce_hash limit ${OPEN_PER_SESSION})`);
  });
}

/** Takes the state, once: answers whether it was open and this session's (a state taken is gone; another session's stays its own). */
export async function takeOAuthState(db: Db, row: { nonceHash: string; customerId: string; sessionHash: string; now: Date }): Promise<boolean> {
  const result = await db.execute(sql`
    delete from oauth_states
    where nonce_hash = ${row.nonceHash} and customer_id = ${row.customerId}::uuid and session_hash = ${row.sessionHash} and expires_at > ${row.now.toISOString()}::timestamptz
    returning nonce_hash`);
  return rowsOf(result).length > 0;
}
