import { sql } from 'drizzle-orm';
import type { AttributeKeyCount } from '@postlark/shared/audience';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/results';

/**
 * The attribute keys the customer's subscribers have, each with how many have it, the most common
 * first (then by key, so the order is stable), at most `limit`. One pass over the customer's rows,
 * found through the indexes that lead with customer_id; a subscriber holds at most 50 keys.
 */
export async function attributeKeyCounts(db: Db, customerId: string, limit: number): Promise<AttributeKeyCount[]> {
  const result = await db.execute(sql`
    select attribute.key, count(*)::int as subscribers
    from subscribers s cross join lateral jsonb_object_keys(s.attributes) as attribute(key)
    -- jsonb_object_keys fails on anything but an object: the guard keeps one odd row from failing the list.
    where s.customer_id = ${customerId}::uuid and jsonb_typeof(s.attributes) = 'object'
    group by attribute.key
    order by subscribers desc, attribute.key
    limit ${limit}`);
  return rowsOf<AttributeKeyCount>(result);
}
