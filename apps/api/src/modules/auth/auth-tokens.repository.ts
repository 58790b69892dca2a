import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authTokens } from '../../db/schema/accounts';

// 'sign-up-ticket' is not mailed: it is the cookie the browser that opened a sign-up link gets.
// 'email-change-cancel' is the "this wasn't me" link in the notice to the old address.
export type TokenPurpose = 'sign-up' | 'sign-up-ticket' | 'password-reset' | 'email-change' | 'email-change-cancel';

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

/** Ends every live token of this purpose that acts on the customer's account (a pending email change). */
export async function supersedeCustomerTokens(db: Db, customerId: string, purpose: TokenPurpose, now: Date): Promise<void> {
  await db
    .update(authTokens)
    .set({ supersededAt: now })
    .where(and(eq(authTokens.customerId, customerId), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt), isNull(authTokens.supersededAt)));
}

/** A token that is this address's and purpose's, unspent, not superseded and not expired. */
const live = (token: { email: string; purpose: TokenPurpose; tokenHash: string; now: Date }) =>
  and(
    eq(authTokens.tokenHash, token.tokenHash),
    eq(authTokens.email, token.email),
    eq(authTokens.purpose, token.purpose),
    isNull(authTokens.usedAt),
    isNull(authTokens.supersededAt),
    gt(authTokens.expiresAt, token.now),
  );

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
    .where(live(token))
    .returning({ customerId: authTokens.customerId });
  return spent[0];
}

/** The address and expiry of a live token of this purpose, found by its hash alone (a sign-up ticket resumed). */
export async function liveTokenByHash(db: Db, token: { purpose: TokenPurpose; tokenHash: string; now: Date }): Promise<{ email: string; expiresAt: Date } | undefined> {
  const [row] = await db
    .select({ email: authTokens.email, expiresAt: authTokens.expiresAt })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.tokenHash, token.tokenHash),
        eq(authTokens.purpose, token.purpose),
        isNull(authTokens.usedAt),
        isNull(authTokens.supersededAt),
        gt(authTokens.expiresAt, token.now),
      ),
    )
    .limit(1);
  return row;
}

/** Whether the token is live for this address and purpose, without spending it. */
export async function isLiveToken(db: Db, token: { email: string; purpose: TokenPurpose; tokenHash: string; now: Date }): Promise<boolean> {
  const [row] = await db.select({ found: sql<number>`1` }).from(authTokens).where(live(token)).limit(1);
  return row !== undefined;
}

/** Tokens spent, superseded or expired before `before`: no link or ticket acts with them again. */
export async function dropDeadTokens(db: Db, before: Date): Promise<number> {
  const at = before.toISOString();
  const rows = await db
    .delete(authTokens)
    .where(sql`${authTokens.usedAt} < ${at}::timestamptz or ${authTokens.supersededAt} < ${at}::timestamptz or ${authTokens.expiresAt} < ${at}::timestamptz`)
    .returning({ id: authTokens.id });
  return rows.length;
}
