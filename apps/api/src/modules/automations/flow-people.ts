import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/results';

// The person a step works on, as the steps read them.

export interface FlowPerson {
  id: string;
  customerId: string;
  email: string;
  firstName: string;
  lastName: string;
  attributes: Record<string, string | number | boolean | null>;
  timezone: string | null;
  status: string;
}

export async function personById(db: Db, subscriberId: string): Promise<FlowPerson | undefined> {
  // The one row, however the id was spelt (a UUID in capitals matches too).
  return [...(await peopleByIds(db, [subscriberId])).values()][0];
}

/** personById for many at once, by id (the erased are missing). */
export async function peopleByIds(db: Db, subscriberIds: readonly string[]): Promise<Map<string, FlowPerson>> {
  if (subscriberIds.length === 0) return new Map();
  const result = await db.execute(sql`select id, customer_id as "customerId", email, first_name as "firstName", last_name as "lastName", attributes, timezone, status
    from subscribers where id = any(${sql.param([...new Set(subscriberIds)])}::uuid[])`);
  return new Map(rowsOf<FlowPerson>(result).map((person) => [person.id, person]));
}

/** Why a person is not sent automation email, or null when they may be: only 'active' subscribers are. */
export function notMailableReason(status: string): string | null {
  switch (status) {
    case 'active':
      return null;
    case 'not_subscribed':
      return 'Not sent: this profile was made from events and has not subscribed (no consent to email).';
    case 'unsubscribed':
      return 'Not sent: the person unsubscribed.';
    case 'bounced':
      return 'Not sent: the person\'s address bounced.';
    case 'complained':
      return 'Not sent: the person complained (marked an email as spam).';
    default:
      return `Not sent: the person's status is ${status}.`;
  }
}
