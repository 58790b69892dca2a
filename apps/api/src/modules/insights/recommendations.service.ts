import type { RecommendedProduct } from '@postlark/shared/recommendations';
import type { Db } from '../../db/client';

/** A person's recommendations, best first (at most `limit`). Stub: the body follows. */
export async function recommendationsFor(db: Db, customerId: string, subscriberId: string, limit: number, now: Date): Promise<RecommendedProduct[]> {
  return (await recommendationsForMany(db, customerId, [subscriberId], limit, now)).get(subscriberId) ?? [];
}

/** Many people's recommendations in a few queries (a sending batch): every id given has an entry. */
export async function recommendationsForMany(db: Db, customerId: string, subscriberIds: readonly string[], limit: number, now: Date): Promise<Map<string, RecommendedProduct[]>> {
  void db;
  void customerId;
  void limit;
  void now;
  return new Map(subscriberIds.map((id) => [id, []]));
}
