import type { AppConfig } from '../../config/env';
import type { Db } from '../../db/client';
import { secretBoxFrom } from '../../lib/secret-box';
import { platformSettingsFrom } from './platform-clients';
import { SYNC_DEFAULTS, type SyncDeps } from './sync-deps';
import { startSyncWorker, type SyncWorker } from './platform-loops';

/** The connected platforms' worker of this process (the sync's loop and the delivery's), as the settings say. */
export function startConnectionSync(options: { config: AppConfig; db: Db; now?: () => Date; log: SyncDeps['log'] }): SyncWorker {
  const { config } = options;
  return startSyncWorker({
    db: options.db,
    now: options.now ?? (() => new Date()),
    secrets: secretBoxFrom(config),
    platforms: platformSettingsFrom(config),
    settings: { ...SYNC_DEFAULTS, pollEveryMs: config.CONNECTION_POLL_SECONDS * 1000, abLookEveryMs: config.AB_LOOK_EVERY_SECONDS * 1000 },
    // Platforms post only to public https addresses.
    webhookBaseUrl: config.APP_URL.startsWith('https:') ? config.APP_URL : null,
    log: options.log,
  });
}
