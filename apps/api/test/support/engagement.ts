import { engagementBandOf } from '@postlark/shared/insights';
import { subscriberInsights } from '../../src/db/schema/insights';
import type { useAccountsApp } from './accounts-app';

type Accounts = ReturnType<typeof useAccountsApp>;

/** Sets a person's stored engagement score (as the insights refresh would), its band by the shared thresholds. */
export async function setEngagement(accounts: Accounts, customerId: string, subscriberId: string, score: number): Promise<void> {
  const engagement = { score, band: engagementBandOf(score), reasons: [] };
  await accounts.database.db
    .insert(subscriberInsights)
    .values({ subscriberId, customerId, engagement, updatedAt: accounts.now() })
    .onConflictDoUpdate({ target: subscriberInsights.subscriberId, set: { engagement, updatedAt: accounts.now() } });
}
