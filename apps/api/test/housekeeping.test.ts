import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { rawQuery } from '../src/db/client';
import { authTokens, sessions, signInFailures } from '../src/db/schema/accounts';
import { webhookDeliveries } from '../src/db/schema/campaigns';
import { deliveryReports } from '../src/db/schema/delivery-reports';
import { accountUsage } from '../src/db/schema/senders';
import { importChunks, imports } from '../src/db/schema/imports';
import { startHousekeeping } from '../src/jobs/housekeeping';
import { useAccountsApp } from './support/accounts-app';

// Issue 18, finding 16 (c): the hourly pass purges what has served its time (ended sessions, spent
// links past a grace period, forgotten sign-in failures, webhook ids past the replay window, the
// file bytes of failed imports, quota usage past its window) and keeps what is still in use.

const accounts = useAccountsApp();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const ago = (milliseconds: number) => new Date(accounts.now().getTime() - milliseconds);
const hash = () => randomBytes(16).toString('hex');

async function housekeep() {
  await startHousekeeping({ db: accounts.database.db, now: accounts.now, log: pino({ level: 'silent' }) }).stop();
}

async function remaining(table: string, column: string, values: readonly string[]): Promise<string[]> {
  const rows = await rawQuery<{ value: string }>(accounts.database.db, `select ${column}::text as value from ${table} where ${column}::text = any($1::text[])`, [values]);
  return rows.map((row) => row.value).sort();
}

describe('housekeeping', () => {
  it('purges old sessions, links, sign-in failures, webhook ids and failed imports’ files, and keeps fresh ones', async () => {
    const db = accounts.database.db;
    const customer = await accounts.signedInCustomer();
    const customerId = customer.customerId;

    // Sessions: past their 30 days, idle past their timeout, and one in use.
    const expired = hash();
    const idle = hash();
    const live = hash();
    await db.insert(sessions).values([
      { customerId, tokenHash: expired, createdAt: ago(31 * DAY), expiresAt: ago(DAY), lastSeenAt: ago(DAY + HOUR), idleSeconds: 7 * 86_400 },
      { customerId, tokenHash: idle, createdAt: ago(10 * DAY), expiresAt: ago(-20 * DAY), lastSeenAt: ago(8 * DAY), idleSeconds: 7 * 86_400 },
      { customerId, tokenHash: live, createdAt: ago(10 * DAY), expiresAt: ago(-20 * DAY), lastSeenAt: ago(HOUR), idleSeconds: 7 * 86_400 },
    ]);

    // Links: used, superseded and expired two days ago go; one used an hour ago and one still valid stay.
    const token = (tokenHash: string, times: { createdAt: Date; expiresAt: Date; usedAt?: Date; supersededAt?: Date }) => ({
      email: 'links@example.com',
      purpose: 'password-reset',
      tokenHash,
      ...times,
    });
    const [usedLong, supersededLong, expiredLong, usedRecently, valid] = [hash(), hash(), hash(), hash(), hash()];
    await db.insert(authTokens).values([
      token(usedLong, { createdAt: ago(2 * DAY + HOUR), expiresAt: ago(2 * DAY), usedAt: ago(2 * DAY + 30 * 60_000) }),
      token(supersededLong, { createdAt: ago(3 * DAY), expiresAt: ago(-DAY), supersededAt: ago(2 * DAY) }),
      token(expiredLong, { createdAt: ago(3 * DAY), expiresAt: ago(2 * DAY) }),
      token(usedRecently, { createdAt: ago(2 * HOUR), expiresAt: ago(-HOUR), usedAt: ago(HOUR) }),
      token(valid, { createdAt: ago(10 * 60_000), expiresAt: ago(-50 * 60_000) }),
    ]);

    // Sign-in failures: forgotten after an hour, unless still waiting.
    await db.insert(signInFailures).values([
      { key: 'account:forgotten@example.com', failures: 3, lastFailureAt: ago(2 * HOUR), blockedUntil: null },
      { key: 'account:recent@example.com', failures: 3, lastFailureAt: ago(10 * 60_000), blockedUntil: null },
      { key: 'client:waiting', failures: 30, lastFailureAt: ago(2 * HOUR), blockedUntil: ago(-10 * 60_000) },
    ]);

    // Webhook ids: a replay is refused by its signature's age past the window, so older ids can go.
    await db.insert(webhookDeliveries).values([
      { id: 'evt-old', receivedAt: ago(HOUR) },
      { id: 'evt-fresh', receivedAt: ago(60_000) },
    ]);

    // Imports: the file of one that failed two days ago goes (its report stays); a recent failure keeps its file for the retries.
    const failedImport = (finishedAt: Date) => ({
      customerId,
      fileName: 'people.csv',
      hasHeader: true,
      columns: [],
      listIds: [],
      status: 'failed' as const,
      createdAt: finishedAt,
      startedAt: finishedAt,
      finishedAt,
    });
    const [oldFailure] = await db.insert(imports).values(failedImport(ago(2 * DAY))).returning({ id: imports.id });
    const [newFailure] = await db.insert(imports).values(failedImport(ago(HOUR))).returning({ id: imports.id });
    await db.insert(importChunks).values([
      { importId: oldFailure!.id, seq: 0, data: Buffer.from('email\r\nold@example.com\r\n') },
      { importId: newFailure!.id, seq: 0, data: Buffer.from('email\r\nnew@example.com\r\n') },
    ]);

    // Quota usage: what left the longest window (a day) counts for nothing and goes.
    const [oldUse] = await db.insert(accountUsage).values({ customerId, kind: 'campaign-messages', amount: 10, at: ago(DAY + HOUR) }).returning({ id: accountUsage.id });
    const [recentUse] = await db.insert(accountUsage).values({ customerId, kind: 'test-sends', amount: 1, at: ago(HOUR / 2) }).returning({ id: accountUsage.id });

    // Delivery reports: kept 30 days (their bounces stay).
    await db.insert(deliveryReports).values([
      { key: 'inbound:old', customerId, source: 'inbound', outcome: 'soft', receivedAt: ago(31 * DAY) },
      { key: 'inbound:fresh', customerId, source: 'inbound', outcome: 'soft', receivedAt: ago(29 * DAY) },
    ]);

    await housekeep();

    expect(await remaining('delivery_reports', 'key', ['inbound:old', 'inbound:fresh'])).toEqual(['inbound:fresh']);
    expect(await remaining('sessions', 'token_hash', [expired, idle, live])).toEqual([live]);
    expect((await accounts.call('GET', 'authentication/v1/session', customer.cookie)).statusCode).toBe(200);
    expect(await remaining('auth_tokens', 'token_hash', [usedLong, supersededLong, expiredLong, usedRecently, valid])).toEqual([usedRecently, valid].sort());
    expect(await remaining('sign_in_failures', 'key', ['account:forgotten@example.com', 'account:recent@example.com', 'client:waiting'])).toEqual([
      'account:recent@example.com',
      'client:waiting',
    ]);
    expect(await remaining('webhook_deliveries', 'id', ['evt-old', 'evt-fresh'])).toEqual(['evt-fresh']);
    expect(await remaining('import_chunks', 'import_id', [oldFailure!.id, newFailure!.id])).toEqual([newFailure!.id]);
    expect(await remaining('account_usage', 'id', [String(oldUse!.id), String(recentUse!.id)])).toEqual([String(recentUse!.id)]);
    expect(await remaining('imports', 'id', [oldFailure!.id, newFailure!.id])).toEqual([oldFailure!.id, newFailure!.id].sort());
  });
});
