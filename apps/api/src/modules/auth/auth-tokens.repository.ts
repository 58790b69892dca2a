import { and, eq, gt, gte, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authTokens } from '../../db/schema/accounts';

export type TokenPurpose = 'sign-up' | 'password-reset' | 'email-change';

/** Stores a token's hash and ends every earlier unspent token of the same address and purpose. */
export async function issueToken(
  db: Db,
  token: { email: string; purpose: TokenPurpose; tokenHash: string; now: Date; expiresAt: Date; customerId?: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(authTokens)
      .set({ supersededAt: token.now })
      .where(
        and(
          eq(authTokens.email, token.email),
          eq(authTokens.purpose, token.purpose),
          isNull(authTokens.usedAt),
          isNull(authTokens.supersededAt),
        ),
      );
    await tx.insert(authTokens).values({
      email: token.email,
      purpose: token.purpose,
      tokenHash: token.tokenHash,
      customerId: token.customerId ?? null,
      createdAt: token.now,
      expiresAt: token.expiresAt,
    });
  });
}

/**
 * Spends a token if it is live and belongs to this address and purpose, answering the account it
 * acts on (null when none was bound), or undefined. One conditional update, so two requests racing
 * with the same token cannot both succeed.
 */
export async function spendToken(
  db: Db,
  token: { email: string; purpose: TokenPurpose; tokenHash: string; now: Date },
): Promise<{ customerId: string | null } | undefined> {
  const spent = await db
    .update(authTokens)
    .set({ usedAt: token.now })
    .where(
      and(
        eq(authTokens.tokenHash, token.tokenHash),
        eq(authTokens.email, token.email),
        eq(authTokens.purpose, token.purpose),
        isNull(authTokens.usedAt),
        isNull(authTokens.supersededAt),
        gt(authTokens.expiresAt, token.now),
      ),
    )
    .returning({ customerId: authTokens.customerId });
  return spent[0];
}

/** Whether a token of this purpose was spent for the address since `since`. */
export async function wasSpentSince(db: Db, email: string, purpose: TokenPurpose, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ found: sql<number>`1` })
    .from(authTokens)
    .where(and(eq(authTokens.email, email), eq(authTokens.purpose, purpose), gte(authTokens.usedAt, since)))
    .limit(1);
  return row !== undefined;
}
