import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

// Round robin per customer in the platforms' loops (platform_turns): each claim draws the customer
// a new turn from one sequence, and the loops take the customer whose turn is oldest (or who never
// had one) first, so a customer with a hundred runs or campaigns waiting gets one turn in a round
// like a customer with one.

export type PlatformLoop = 'sync' | 'delivery';

/** The customer's turn in the loop is now: they go to the back of the round. */
export async function takeTurn(db: Db, customerId: string, loop: PlatformLoop): Promise<void> {
  await db.execute(sql`
    insert into platform_turns (customer_id, loop, turn) values (${customerId}::uuid, ${loop}, nextval('platform_turns_seq'))
    on conflict (customer_id, loop) do update set turn = excluded.turn`);
}
