import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/results';
import { inRange, type PeopleRange } from './audience-insights.repository';
import type { ProductSignal } from './recommendations';

// What recommendations read: people's product signals (the items of their orders and the products
// they viewed, from the one stream) and the catalogue as it is now.

/** Signals older than this weigh under a sixteenth (four half-lives of a purchase): left out of the fit. */
export const SIGNAL_WINDOW_DAYS = 720;

export interface SignalRow {
  subscriberId: string;
  productId: string;
  kind: 'order' | 'view';
  at: Date;
}

// One row per person, product and kind with the latest time: a person's weight for a product is
// their most recent signal's (recommendations.ts), so repeats need not leave the database.
function signalQuery(customerId: string, since: Date, until: Date, who: SQL) {
  return sql`
    select s.subscriber_id::text as "subscriberId", s.product_id as "productId", s.kind, max(s.occurred_at) as at
    from (
      select e.subscriber_id, e.occurred_at, 'order' as kind, item->>'product_id' as product_id
      from person_events e
      cross join lateral jsonb_array_elements(case when jsonb_typeof(e.properties->'items') = 'array' then e.properties->'items' else '[]'::jsonb end) as item
      where e.customer_id = ${customerId}::uuid and e.name = 'order_placed' and e.occurred_at >= ${since} and e.occurred_at <= ${until} and ${who}
      union all
      select e.subscriber_id, e.occurred_at, 'view' as kind, e.properties->>'product_id' as product_id
      from person_events e
      where e.customer_id = ${customerId}::uuid and e.name = 'product_viewed' and e.occurred_at >= ${since} and e.occurred_at <= ${until} and ${who}
    ) s
    where s.product_id is not null
    group by s.subscriber_id, s.product_id, s.kind
    order by 1`;
}

const signalOf = (row: SignalRow): ProductSignal => ({ productId: row.productId, kind: row.kind, at: new Date(row.at) });

/**
 * The signals in the fit's window of a range of the account's people (by id), each person's rows
 * together: the fit reads the account a page at a time (recommendations.service.ts), never all
 * of its history at once.
 */
export async function signalsIn(db: Db, customerId: string, range: PeopleRange, now: Date): Promise<SignalRow[]> {
  const since = new Date(now.getTime() - SIGNAL_WINDOW_DAYS * 86_400_000);
  return rowsOf<SignalRow>(await db.execute(signalQuery(customerId, since, now, inRange(sql`e.subscriber_id`, range))));
}

/** These people's signals (all of their history: a purchase years ago is still bought). */
export async function signalsOf(db: Db, customerId: string, subscriberIds: readonly string[], now: Date): Promise<Map<string, ProductSignal[]>> {
  const bySubscriber = new Map<string, ProductSignal[]>(subscriberIds.map((id) => [id, []]));
  if (subscriberIds.length === 0) return bySubscriber;
  for (const row of rowsOf<SignalRow>(await db.execute(signalQuery(customerId, new Date(0), now, sql`e.subscriber_id = any(${sql.param([...subscriberIds])}::uuid[])`)))) {
    bySubscriber.get(row.subscriberId)?.push(signalOf(row));
  }
  return bySubscriber;
}
