import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import type { AppConfig } from '../../src/config/env';
import type { Db } from '../../src/db/client';
import { secretBoxFrom } from '../../src/lib/secret-box';
import { platformSettingsFrom } from '../../src/modules/integrations/platform-clients';
import { PLATFORM_HTTP_DEFAULTS } from '../../src/modules/integrations/platform-http';
import { runSyncPass, SYNC_DEFAULTS, type SyncDeps } from '../../src/modules/integrations/sync-engine';
import { type FakeBeehiiv, startFakeBeehiiv } from './fakes/beehiiv';
import { type FakeBrevo, type FakeBrevoOptions, startFakeBrevo } from './fakes/brevo';
import { type FakeHubSpot, startFakeHubSpot } from './fakes/hubspot';
import { type FakeMailchimp, startFakeMailchimp } from './fakes/mailchimp';

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

/** Runs the sync's passes until nothing is left to do now (or `maxPasses`); answers how many worked. */
export async function syncUntilIdle(deps: SyncDeps, maxPasses = 200): Promise<number> {
  let worked = 0;
  while (worked < maxPasses && (await runSyncPass(deps))) worked += 1;
  return worked;
}
