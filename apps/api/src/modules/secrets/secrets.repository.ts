import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { serverSecrets } from '../../db/schema/secrets';

/**
 * The secret stored under `name`, made on first use. Concurrent first starts agree on one value:
 * the insert that loses the race changes nothing and everyone reads the winner's row.
 */
export async function getOrCreateSecret(db: Db, name: string): Promise<string> {
  await db
    .insert(serverSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, name));
  if (!row) throw new Error(`server secret ${name} could not be stored`);
  return row.value;
}

/** A stored secret's value, if there is one. */
export async function readSecret(db: Db, name: string): Promise<string | undefined> {
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, name));
  return row?.value;
}

/** Stores `value` under `name`: only if none is there yet, or (replace) whatever was there. */
export async function putSecret(db: Db, name: string, value: string, { replace }: { replace: boolean }): Promise<void> {
  const insert = db.insert(serverSecrets).values({ name, value });
  await (replace ? insert.onConflictDoUpdate({ target: serverSecrets.name, set: { value, createdAt: new Date() } }) : insert.onConflictDoNothing());
}
