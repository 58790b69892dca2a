// A refresh's figures as the JSON its stores read (jsonb_to_recordset in storePurchases and
// storeAudienceInsights): made in the refresh's worker thread (insights-worker.ts), so the main
// thread passes one string per batch to the database instead of rebuilding every person's
// figures on its own heap and writing them out again.
import type { EngagementInsights, PurchaseInsights, SendTimeInsights } from '@postlark/shared/insights';

/** A batch of stored figures: how many people, and the JSON array of their rows. */
export interface StoreBatch {
  people: number;
  json: string;
}

/** Rows (subscriber_id, purchases) for storePurchases. */
export function purchasesBatch(people: readonly { subscriberId: string; purchases: PurchaseInsights }[]): StoreBatch {
  return { people: people.length, json: JSON.stringify(people.map((person) => ({ subscriber_id: person.subscriberId, purchases: person.purchases }))) };
}

/** Rows (subscriber_id, send_time, engagement) for storeAudienceInsights. */
export function audienceBatch(ids: readonly string[], sendTimes: readonly SendTimeInsights[], engagement: readonly EngagementInsights[]): StoreBatch {
  return { people: ids.length, json: JSON.stringify(ids.map((id, i) => ({ subscriber_id: id, send_time: sendTimes[i], engagement: engagement[i] }))) };
}
