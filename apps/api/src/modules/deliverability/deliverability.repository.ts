import { sql } from 'drizzle-orm';
import type { DeliverabilityDayCounts, MailboxProvider } from '@postlark/shared/deliverability';
import type { DomainRecordChecks } from '@postlark/shared/senders';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/results';

// What the Deliverability page reads: the per-day counters, the sending domains, the latest
// refusals of the sender. Each is one small read of the account's own rows.

/** The account's authenticated sending domains (lower-case) and since when. */
export async function authenticatedDomains(db: Db, customerId: string): Promise<Map<string, Date>> {
  const rows = rowsOf<{ domain: string; at: string | Date }>(
    await db.execute(sql`select lower(domain) as domain, authenticated_at as at from sender_domains where customer_id = ${customerId}::uuid and authenticated_at is not null`),
  );
  return new Map(rows.map((row) => [row.domain, new Date(row.at)]));
}

/** The counters of the days from `first` (a UTC date) on, oldest first. */
export async function dayCounts(db: Db, customerId: string, first: string): Promise<DeliverabilityDayCounts[]> {
  const rows = rowsOf<DeliverabilityDayCounts>(
    await db.execute(sql`select day::text as date, provider, sent, hard, soft, complaints, refusals from sending_days
      where customer_id = ${customerId}::uuid and day >= ${first}::date order by day, provider`),
  );
  return rows.map((row) => ({ ...row, sent: Number(row.sent), hard: Number(row.hard), soft: Number(row.soft), complaints: Number(row.complaints), refusals: Number(row.refusals) }));
}

export interface DomainState {
  domain: string;
  authenticatedAt: Date | null;
  checks: DomainRecordChecks | null;
}

export async function sendingDomains(db: Db, customerId: string): Promise<DomainState[]> {
  const rows = rowsOf<{ domain: string; authenticatedAt: string | Date | null; checks: DomainRecordChecks | null }>(
    await db.execute(sql`select domain, authenticated_at as "authenticatedAt", checks from sender_domains where customer_id = ${customerId}::uuid order by domain`),
  );
  return rows.map((row) => ({ ...row, authenticatedAt: row.authenticatedAt === null ? null : new Date(row.authenticatedAt) }));
}

export interface SenderRefusal {
  at: Date;
  provider: MailboxProvider;
  status: string | null;
  diagnostic: string;
  source: string;
  campaignId: string | null;
}

/** The newest reports that refused the sender or the content (policy, reputation, authentication). */
export async function latestRefusals(db: Db, customerId: string, limit: number): Promise<SenderRefusal[]> {
  const rows = rowsOf<Omit<SenderRefusal, 'at'> & { at: string | Date }>(
    await db.execute(sql`select received_at as at, mailbox_provider(email) as provider, status, diagnostic, source, campaign_id as "campaignId"
      from delivery_reports where customer_id = ${customerId}::uuid and outcome = 'sender' order by received_at desc limit ${limit}`),
  );
  return rows.map((row) => ({ ...row, at: new Date(row.at) }));
}

/** Messages claimed under the warm-up within the last 24 hours. */
export async function warmUpUsed(db: Db, customerId: string, now: Date): Promise<number> {
  const rows = rowsOf<{ used: number }>(
    await db.execute(sql`select coalesce(sum(amount), 0)::int as used from account_usage where customer_id = ${customerId}::uuid and kind = 'warm-up-messages'
      and at > ${new Date(now.getTime() - 86_400_000).toISOString()}::timestamptz`),
  );
  return Number(rows[0]?.used ?? 0);
}
