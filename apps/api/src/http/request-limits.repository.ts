import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { requestLimits } from '../db/schema/request-limits';

export interface WindowCount {
  /** Calls counted in the current window, this one included. */
  hits: number;
  windowStartedAt: Date;
}

/**
 * Counts one call of `kind` for the account in one statement: the row's window goes on while it
 * started less than `windowMs` before `at`, else a new one starts with this call. Concurrent calls
 * (from any process) queue on the row's lock, so none is lost and none counted twice.
 */
export async function countCall(db: Db, customerId: string, kind: string, at: Date, windowMs: number): Promise<WindowCount> {
  const current = sql`${requestLimits.windowStartedAt} > ${at.toISOString()}::timestamptz - make_interval(secs => ${windowMs / 1000}::float8)`;
  const [row] = await db
    .insert(requestLimits)
    .values({ customerId, kind, windowStartedAt: at, hits: 1 })
    .onConflictDoUpdate({
      target: [requestLimits.customerId, requestLimits.kind],
      set: {
        hits: sql`case when ${current} then ${requestLimits.hits} + 1 else 1 end`,
        windowStartedAt: sql`case when ${current} then ${requestLimits.windowStartedAt} else excluded.window_started_at end`,
      },
    })
    .returning({ hits: requestLimits.hits, windowStartedAt: requestLimits.windowStartedAt });
  if (!row) throw new Error('request limit upsert returned no row');
  return row;
}
