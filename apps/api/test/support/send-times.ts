import { randomUUID } from 'node:crypto';
import { rawQuery } from '../../src/db/client';
import type { useAccountsApp } from './accounts-app';

// Send-time tests' common ground: the best times the insights refresh would store (issue 21),
// written directly so a test knows each person's hour.

type Accounts = ReturnType<typeof useAccountsApp>;

/** The person's best hour (UTC) as the refresh stores it in subscriber_insights.send_time. */
export async function storeBestHour(accounts: Accounts, customerId: string, subscriberId: string, hour: number) {
  await rawQuery(
    accounts.database.db,
    `insert into subscriber_insights (subscriber_id, customer_id, send_time, updated_at) values ($1::uuid, $2::uuid, $3::jsonb, now())
     on conflict (subscriber_id) do update set send_time = excluded.send_time`,
    [subscriberId, customerId, JSON.stringify({ hour_utc: hour, signals: 12, source: 'personal' })],
  );
}

/** The account's audience profile (insight_models, kind send_time) with its audience hour. */
export async function storeAudienceHour(accounts: Accounts, customerId: string, hour: number) {
  await rawQuery(
    accounts.database.db,
    `insert into insight_models (customer_id, kind, model, as_of, fitted_at, refresh_id) values ($1::uuid, 'send_time', $2::jsonb, now(), now(), $3::uuid)
     on conflict (customer_id, kind) do update set model = excluded.model`,
    [customerId, JSON.stringify({ audience_hour_utc: hour }), randomUUID()],
  );
}

/** The clock's time of day in hours (UTC), `plus` hours on, wrapped to [0, 24). */
export function hourOfDay(at: Date, plus = 0): number {
  return (at.getUTCHours() + at.getUTCMinutes() / 60 + plus) % 24;
}
