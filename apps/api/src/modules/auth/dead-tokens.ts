import type { Db } from '../../db/client';
import { dropDeadTokens } from './auth-tokens.repository';

// A spent, superseded or expired link is kept a day (what became of a link someone asks about is
// still in the database), then it goes: it holds an address and acts on nothing.
const DEAD_TOKEN_GRACE_MS = 24 * 3_600_000;

/** Housekeeping: link tokens and sign-up tickets dead for longer than the grace period. */
export async function purgeDeadTokens(deps: { db: Db; now: () => Date }): Promise<number> {
  return dropDeadTokens(deps.db, new Date(deps.now().getTime() - DEAD_TOKEN_GRACE_MS));
}
