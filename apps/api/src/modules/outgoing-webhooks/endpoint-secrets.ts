import type { Db } from '../../db/client';
import type { SecretBox } from '../../lib/secret-box';
import { legacySealedEndpoints, replaceLegacySeal } from './endpoints.repository';

// An endpoint's signing secret is sealed bound to its purpose and id, `webhook_endpoints:<id>`
// (version 2): a value sealed for another kind of secret with the same id never opens as one.
// Seals made before (version 1) are bound to the bare id. SQL cannot open them, so the code
// re-seals them: every process that runs the webhook worker sweeps them once at its start, and a
// delivery that reads one re-seals it. Each replacement is conditional on the old seal still
// being in place, so any number of processes may do it at once, and doing it again changes nothing.

export const ENDPOINT_SECRET_VERSION = 2;

export const endpointSecretContext = (endpointId: string) => `webhook_endpoints:${endpointId}`;

export interface SealedEndpointSecret {
  id: string;
  secret: string;
  secretVersion: number;
}

/** The values to store for a new secret: its seal and the seal's version. */
export async function sealEndpointSecret(secrets: SecretBox, endpointId: string, plain: string): Promise<{ secret: string; secretVersion: number }> {
  return { secret: await secrets.seal(plain, endpointSecretContext(endpointId)), secretVersion: ENDPOINT_SECRET_VERSION };
}

/** Opens a stored secret as its version says; throws when it does not open (another key, another purpose, changed). */
export async function openEndpointSecret(secrets: SecretBox, row: SealedEndpointSecret): Promise<string> {
  if (row.secretVersion === ENDPOINT_SECRET_VERSION) return secrets.open(row.secret, endpointSecretContext(row.id));
  if (row.secretVersion === 1) return secrets.open(row.secret, row.id);
  throw new Error(`webhook secret: unknown seal version ${row.secretVersion}`);
}

/** Re-seals one version 1 secret as version 2 unless it changed meanwhile; answers the plain secret and whether this replaced it. */
export async function resealLegacySecret(db: Db, secrets: SecretBox, row: { id: string; secret: string }): Promise<{ plain: string; replaced: boolean }> {
  const plain = await secrets.open(row.secret, row.id);
  const sealed = await sealEndpointSecret(secrets, row.id, plain);
  return { plain, replaced: await replaceLegacySeal(db, row.id, row.secret, sealed.secret, sealed.secretVersion) };
}

const SWEEP_BATCH = 100;

/**
 * Re-seals every version 1 secret; answers how many this process replaced. One that cannot be
 * opened (the key changed) is logged by id and left as it is: its deliveries say so in the log.
 */
export async function resealLegacySecrets(db: Db, secrets: SecretBox, log: { warn(object: object, message: string): void }): Promise<number> {
  let replaced = 0;
  let after: string | null = null;
  for (;;) {
    const rows = await legacySealedEndpoints(db, after, SWEEP_BATCH);
    for (const row of rows) {
      try {
        if ((await resealLegacySecret(db, secrets, row)).replaced) replaced += 1;
      } catch {
        log.warn({ endpointId: row.id }, 'webhook signing secret cannot be opened to re-seal it (was SECRETS_KEY or DATA_DIR/secrets.key changed?)');
      }
    }
    if (rows.length < SWEEP_BATCH) return replaced;
    after = rows[rows.length - 1]!.id;
  }
}
