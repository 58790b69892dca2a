import { type SQL, sql } from 'drizzle-orm';

// Who the customer can email, as one rule every count and badge reads (Home, the subscribers
// table, a subscriber's page, who a campaign's segment reaches): an active subscriber, unless
// every list they joined still waits for them to confirm (double opt-in). Such a person has not
// agreed to anything yet, so they are "awaiting confirmation": neither emailable nor shown active.

/** `subscriberId` (a column or reference) names someone whose only memberships wait for their confirmation. */
export function awaitingConfirmationSql(subscriberId: SQL): SQL {
  return sql`(exists (select 1 from list_memberships aw where aw.subscriber_id = ${subscriberId} and aw.status = 'unconfirmed')
    and not exists (select 1 from list_memberships aw where aw.subscriber_id = ${subscriberId} and aw.status = 'confirmed'))`;
}
