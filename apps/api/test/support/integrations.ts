import { randomBytes } from 'node:crypto';
import type { PlatformId } from '@postlark/shared/integrations';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import type { AppConfig } from '../../src/config/env';
import type { Db } from '../../src/db/client';
import { rowsOf } from '../../src/db/results';
import { secretBoxFrom } from '../../src/lib/secret-box';
import { platformSettingsFrom } from '../../src/modules/integrations/platform-clients';
import { PLATFORM_HTTP_DEFAULTS } from '../../src/modules/integrations/platform-http';
import { SYNC_DEFAULTS, type SyncDeps } from '../../src/modules/integrations/sync-deps';
import { runDeliveryPass } from '../../src/modules/integrations/platform-delivery-pass';
import { runSyncPass } from '../../src/modules/integrations/sync-engine';
import { type FakeBeehiiv, startFakeBeehiiv } from './fakes/beehiiv';
import { type FakeBrevo, type FakeBrevoOptions, startFakeBrevo } from './fakes/brevo';
import { type FakeHubSpot, startFakeHubSpot } from './fakes/hubspot';
import { type FakeMailchimp, startFakeMailchimp } from './fakes/mailchimp';
import { useAccountsApp } from './accounts-app';

export const INTEGRATIONS = 'home/v1/integrations';

export interface PlatformFakes {
  mailchimp: FakeMailchimp;
  brevo: FakeBrevo;
  beehiiv: FakeBeehiiv;
  hubspot: FakeHubSpot;
}

/**
 * Starts the four platforms' fakes before the app (register this first) and points the settings at
 * them; the fakes share the test's clock. Rate limits stay on as the platforms have them, unless a
 * test file turns them down (or sets Brevo's budgets).
 */
export function usePlatformFakes(settings: Record<string, string>, now: () => Date, options: { brevoRateLimits?: FakeBrevoOptions['rateLimits'] } = {}) {
  let fakes: PlatformFakes | undefined;
  settings.SECRETS_KEY ??= randomBytes(32).toString('base64');
  beforeAll(async () => {
    const [mailchimp, brevo, beehiiv, hubspot] = await Promise.all([
      startFakeMailchimp({ now }),
      startFakeBrevo({ now, ...(options.brevoRateLimits !== undefined && { rateLimits: options.brevoRateLimits }) }),
      startFakeBeehiiv({ now }),
      startFakeHubSpot({ now }),
    ]);
    fakes = { mailchimp, brevo, beehiiv, hubspot };
    Object.assign(settings, {
      MAILCHIMP_API_URL: mailchimp.url,
      MAILCHIMP_LOGIN_URL: mailchimp.url,
      MAILCHIMP_CLIENT_ID: mailchimp.clientId,
      MAILCHIMP_CLIENT_SECRET: mailchimp.clientSecret,
      BREVO_API_URL: brevo.url,
      BEEHIIV_API_URL: beehiiv.url,
      HUBSPOT_API_URL: hubspot.url,
    });
  });
  afterAll(async () => {
    if (fakes) await Promise.all(Object.values(fakes).map((fake) => fake.close()));
  });
  return () => {
    if (!fakes) throw new Error('usePlatformFakes: used before beforeAll ran');
    return fakes;
  };
}

/** The sync worker's dependencies for a test app: its database, clock and settings, with waits cut short. */
export function syncDepsFor(config: AppConfig, db: Db, now: () => Date): SyncDeps {
  const platforms = platformSettingsFrom(config);
  return {
    db,
    now,
    secrets: secretBoxFrom(config),
    // The platforms' 'come back at' times are read on the test's clock, as the sync's own are.
    platforms: { ...platforms, http: { ...PLATFORM_HTTP_DEFAULTS, backoffMs: 1, maxWaitMs: 5_000, now: () => now().getTime() } },
    settings: { ...SYNC_DEFAULTS, sliceMs: 60_000 },
    webhookBaseUrl: null,
    log: { warn: () => {}, error: (object, message) => console.error(message, object) },
  };
}

/**
 * Runs the worker's passes, the sync's and the delivery's (their two loops, one after the other
 * here), until neither has anything left to do now (or `maxPasses`); answers how many worked.
 */
export async function syncUntilIdle(deps: SyncDeps, maxPasses = 200): Promise<number> {
  let worked = 0;
  while (worked < maxPasses) {
    const synced = await runSyncPass(deps);
    const delivered = await runDeliveryPass(deps);
    if (!synced && !delivered) break;
    worked += 1;
  }
  return worked;
}

export interface IntegrationsAppOptions {
  /** Settings of the app beyond the fakes' addresses. */
  settings?: Record<string, string>;
  brevoRateLimits?: FakeBrevoOptions['rateLimits'];
  /** How many sync passes `sync()` runs at most unless told (200). */
  maxPasses?: number;
}

/** A connection as the API answers it; the fields the tests read, the rest as it comes. */
export interface ConnectionView {
  id: string;
  links: LinkView[];
  [field: string]: unknown;
}

export interface RunView {
  kind: string;
  status: string;
  processed: number;
  added: number;
  suppressed: number;
  errors: unknown[];
  [field: string]: unknown;
}

export interface LinkView {
  id: string;
  list_id: string;
  [field: string]: unknown;
}

/**
 * The platforms' fakes and the app on one clock: `advance` moves both, `sync` runs the sync worker
 * until idle, and the steps every integration test takes (connect, link, a person changed here, the
 * connection broken) said once.
 */
export function useIntegrationsApp(options: IntegrationsAppOptions = {}) {
  const settings: Record<string, string> = { ...options.settings };
  let clock = new Date('2026-06-01T10:00:00Z');
  const fakes = usePlatformFakes(settings, () => clock, options.brevoRateLimits === undefined ? {} : { brevoRateLimits: options.brevoRateLimits });
  const accounts = useAccountsApp(settings, {}, { startAt: clock });
  const { call } = accounts;
  const now = () => accounts.now();
  const db = () => accounts.database.db;
  const advance = (ms: number) => {
    accounts.advance(ms);
    clock = accounts.now();
  };
  const deps = () => syncDepsFor(accounts.config, db(), now);
  const sync = (maxPasses = options.maxPasses ?? 200) => syncUntilIdle(deps(), maxPasses);

  async function listMembers(listId: string): Promise<Array<{ email: string; status: string; first_name: string }>> {
    return rowsOf(
      await db().execute(sql`
        select s.email, s.status, s.first_name from subscribers s join list_memberships m on m.subscriber_id = s.id where m.list_id = ${listId}::uuid`),
    );
  }

  /** Connects `platform` with `secret` (and `extra` fields, e.g. beehiiv's publication_id); expects it taken. */
  async function connect(platform: PlatformId, cookie: string, secret: string, extra: Record<string, unknown> = {}): Promise<ConnectionView> {
    const connected = await call('POST', INTEGRATIONS, cookie, { platform, secret, ...extra });
    expect(connected.statusCode).toBe(201);
    return connected.json().payload.connection as ConnectionView;
  }

  /** Links the remote audience to the connection; answers the new link (the connection's first). */
  async function linkAudience(cookie: string, connectionId: string, remoteAudienceId: string): Promise<LinkView> {
    const linked = await call('POST', `${INTEGRATIONS}/${connectionId}/links`, cookie, { remote_audience_id: remoteAudienceId });
    expect(linked.statusCode).toBe(202);
    return (linked.json().payload.connection as ConnectionView).links[0]!;
  }

  /** A change made here, as the app's own writes make it (a new updated_at). */
  const setLocal = (customerId: string, email: string, change: 'unsubscribed' | { first_name: string }) =>
    db().execute(
      change === 'unsubscribed'
        ? sql`update subscribers set status = 'unsubscribed', updated_at = ${now().toISOString()}::timestamptz where customer_id = ${customerId}::uuid and email = ${email}`
        : sql`update subscribers set first_name = ${change.first_name}, updated_at = ${now().toISOString()}::timestamptz where customer_id = ${customerId}::uuid and email = ${email}`,
    );

  /** The connection's import run as the API lists it. */
  async function importRun(cookie: string, connectionId: string) {
    const runs = (await call('GET', `${INTEGRATIONS}/${connectionId}/runs`, cookie)).json().payload.runs as RunView[];
    const run = runs.find((entry) => entry.kind === 'import');
    if (!run) throw new Error(`no import run on connection ${connectionId}`);
    return run;
  }

  /** The customer's (only) connection is broken with `healthMessage` (any, if not given), and the customer was told. */
  async function expectBroken(cookie: string, customerId: string, healthMessage?: string) {
    const broken = (await call('GET', INTEGRATIONS, cookie)).json().payload.connections[0];
    expect(broken).toMatchObject({ status: 'broken', health_message: healthMessage === undefined ? expect.stringMatching(/./) : expect.stringContaining(healthMessage) });
    const notifications = rowsOf<{ kind: string }>(await db().execute(sql`select kind from notifications where customer_id = ${customerId}::uuid`));
    expect(notifications.map((row) => row.kind)).toContain('connection-broken');
  }

  return { fakes, accounts, call, now, db, advance, deps, sync, listMembers, connect, linkAudience, setLocal, importRun, expectBroken };
}
