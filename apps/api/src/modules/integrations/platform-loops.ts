import { setTimeout as sleep } from 'node:timers/promises';
import { runDeliveryPass } from './platform-delivery-pass';
import type { SyncDeps } from './sync-deps';
import { runSyncPass } from './sync-engine';

// The connected platforms' worker of a process: two loops, each a pass after the other, sleeping a
// moment when a pass found nothing. The sync's runs (imports, polls, pushes, history) and delivery
// through the platforms never wait for each other: a run stuck on a slow or tarpitting platform, or
// a huge backlog of opt-outs, does not hold any customer's campaign.

export interface SyncWorker {
  stop(): Promise<void>;
}

async function loop(deps: SyncDeps, pass: (deps: SyncDeps) => Promise<boolean>, what: string, signal: AbortSignal): Promise<void> {
  while (!signal.aborted) {
    let worked = false;
    try {
      worked = await pass(deps);
    } catch (error) {
      deps.log.warn({ reason: error instanceof Error ? error.message : String(error) }, `${what} pass failed; trying again`);
    }
    if (!worked) await sleep(deps.settings.idleMs, undefined, { signal }).catch(() => {});
  }
}

export function startSyncWorker(deps: SyncDeps): SyncWorker {
  const stopping = new AbortController();
  const loops = [loop(deps, runSyncPass, 'sync', stopping.signal), loop(deps, runDeliveryPass, 'platform delivery', stopping.signal)];
  return {
    async stop() {
      stopping.abort();
      await Promise.all(loops);
    },
  };
}
