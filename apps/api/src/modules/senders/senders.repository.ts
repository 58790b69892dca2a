import { and, asc, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { type DomainRecordChecks, domainOf } from '@postlark/shared/senders';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/accounts';
import { senderDomains, senderIdentities } from '../../db/schema/senders';

// SQL for sender identities and domains. Every read and change is scoped to the owner's id: an
// identity or domain of one customer is never another's, even for the same address.

export type SenderRow = typeof senderIdentities.$inferSelect;
export type SenderDomainRow = typeof senderDomains.$inferSelect;

export async function listSenders(db: Db, customerId: string): Promise<SenderRow[]> {
  return db.select().from(senderIdentities).where(eq(senderIdentities.customerId, customerId)).orderBy(asc(senderIdentities.email));
}

export async function findSender(db: Db, customerId: string, id: string): Promise<SenderRow | undefined> {
  const [row] = await db
    .select()
    .from(senderIdentities)
    .where(and(eq(senderIdentities.customerId, customerId), eq(senderIdentities.id, id)));
  return row;
}

export async function findSenderByEmail(db: Db, customerId: string, email: string): Promise<SenderRow | undefined> {
  const [row] = await db
    .select()
    .from(senderIdentities)
    .where(and(eq(senderIdentities.customerId, customerId), eq(senderIdentities.email, email)));
  return row;
}

/** Adds a pending identity; undefined when the customer has this address already. */
export async function insertSender(db: Db, values: typeof senderIdentities.$inferInsert): Promise<SenderRow | undefined> {
  const [row] = await db.insert(senderIdentities).values(values).onConflictDoNothing().returning();
  return row;
}

/** A new link for a still pending identity: the previous one stops working. */
export async function replaceSenderToken(db: Db, customerId: string, id: string, token: { hash: string; expiresAt: Date; now: Date }): Promise<SenderRow | undefined> {
  const [row] = await db
    .update(senderIdentities)
    .set({ tokenHash: token.hash, tokenExpiresAt: token.expiresAt, confirmationSentAt: token.now })
    .where(and(eq(senderIdentities.customerId, customerId), eq(senderIdentities.id, id), sql`${senderIdentities.confirmedAt} is null`))
    .returning();
  return row;
}

/**
 * Confirms the identity whose live link this is, spending the link. One conditional update, so a
 * link works once however many requests race with it.
 */
export async function confirmByToken(db: Db, tokenHash: string, now: Date): Promise<SenderRow | undefined> {
  const [row] = await db
    .update(senderIdentities)
    .set({ confirmedAt: now, tokenHash: null, tokenExpiresAt: null })
    .where(and(eq(senderIdentities.tokenHash, tokenHash), gt(senderIdentities.tokenExpiresAt, now), sql`${senderIdentities.confirmedAt} is null`))
    .returning();
  return row;
}

export async function deleteSender(db: Db, customerId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(senderIdentities)
    .where(and(eq(senderIdentities.customerId, customerId), eq(senderIdentities.id, id)))
    .returning({ id: senderIdentities.id });
  return rows.length > 0;
}

export async function listDomains(db: Db, customerId: string): Promise<SenderDomainRow[]> {
  return db.select().from(senderDomains).where(eq(senderDomains.customerId, customerId)).orderBy(asc(senderDomains.domain));
}

export async function findDomain(db: Db, customerId: string, id: string): Promise<SenderDomainRow | undefined> {
  const [row] = await db
    .select()
    .from(senderDomains)
    .where(and(eq(senderDomains.customerId, customerId), eq(senderDomains.id, id)));
  return row;
}

export async function countDomains(db: Db, customerId: string): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(senderDomains).where(eq(senderDomains.customerId, customerId));
  return row?.count ?? 0;
}

/** Adds a domain to verify; undefined when the customer has it already. */
export async function insertDomain(db: Db, values: typeof senderDomains.$inferInsert): Promise<SenderDomainRow | undefined> {
  const [row] = await db.insert(senderDomains).values(values).onConflictDoNothing().returning();
  return row;
}

/** A domain's DKIM key, made after its row (the private key is sealed bound to the row's id). */
export async function setDomainKey(db: Db, id: string, key: { selector: string; privateKey: string; publicKey: string }): Promise<SenderDomainRow | undefined> {
  const [row] = await db
    .update(senderDomains)
    .set({ dkimSelector: key.selector, dkimPrivateKey: key.privateKey, dkimPublicKey: key.publicKey })
    .where(and(eq(senderDomains.id, id), isNull(senderDomains.dkimPrivateKey)))
    .returning();
  return row;
}

/**
 * What a DNS check found. The DKIM record found: authenticated (since the first time it was found
 * in a row, and verified_at keeps the very first); not found: no longer authenticated.
 */
export async function recordDomainCheck(
  db: Db,
  customerId: string,
  id: string,
  check: { now: Date; checks: DomainRecordChecks; authenticated: boolean; problem: string | null },
): Promise<SenderDomainRow | undefined> {
  const at = sql`${check.now.toISOString()}::timestamptz`;
  const [row] = await db
    .update(senderDomains)
    .set({
      lastCheckedAt: check.now,
      lastProblem: check.problem,
      checks: check.checks,
      authenticatedAt: check.authenticated ? sql`coalesce(${senderDomains.authenticatedAt}, ${at})` : null,
      ...(check.authenticated && { verifiedAt: sql`coalesce(${senderDomains.verifiedAt}, ${at})` }),
    })
    .where(and(eq(senderDomains.customerId, customerId), eq(senderDomains.id, id)))
    .returning();
  return row;
}

/** Domains with a key whose last check is older than `before`, longest ago first: the daily re-check's next few. */
export async function domainsDueCheck(db: Db, before: Date, limit: number): Promise<SenderDomainRow[]> {
  return db
    .select()
    .from(senderDomains)
    .where(and(isNotNull(senderDomains.dkimPrivateKey), or(isNull(senderDomains.lastCheckedAt), lt(senderDomains.lastCheckedAt, before))))
    .orderBy(sql`${senderDomains.lastCheckedAt} asc nulls first`, asc(senderDomains.id))
    .limit(limit);
}

/** The customer's authenticated domain of this name, with its key: what signs a message From it. */
export async function authenticatedDomain(db: Db, customerId: string, domain: string): Promise<SenderDomainRow | undefined> {
  const [row] = await db
    .select()
    .from(senderDomains)
    .where(and(eq(senderDomains.customerId, customerId), eq(senderDomains.domain, domain), isNotNull(senderDomains.authenticatedAt), isNotNull(senderDomains.dkimPrivateKey)));
  return row;
}

export async function deleteDomain(db: Db, customerId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(senderDomains)
    .where(and(eq(senderDomains.customerId, customerId), eq(senderDomains.id, id)))
    .returning({ id: senderDomains.id });
  return rows.length > 0;
}

/** What makes an address the customer's own: the account's address, confirmed ones, and authenticated domains. */
export interface OwnedAddresses {
  accountEmail: string | undefined;
  confirmed: Set<string>;
  authenticatedDomains: Set<string>;
}

/** What the customer owns among these lower-cased addresses (see OwnedAddresses). */
export async function ownedAddresses(db: Db, customerId: string, emails: readonly string[]): Promise<OwnedAddresses> {
  const [account] = await db.select({ email: sql<string>`lower(${customers.email})` }).from(customers).where(eq(customers.id, customerId));
  const confirmed =
    emails.length === 0
      ? []
      : await db
          .select({ email: senderIdentities.email })
          .from(senderIdentities)
          .where(
            and(
              eq(senderIdentities.customerId, customerId),
              isNotNull(senderIdentities.confirmedAt),
              sql`${senderIdentities.email} = any(${sql.param([...emails])}::text[])`,
            ),
          );
  const domains = await db
    .select({ domain: senderDomains.domain })
    .from(senderDomains)
    .where(and(eq(senderDomains.customerId, customerId), isNotNull(senderDomains.authenticatedAt)));
  return { accountEmail: account?.email, confirmed: new Set(confirmed.map((row) => row.email)), authenticatedDomains: new Set(domains.map((row) => row.domain)) };
}

/**
 * Of these lower-cased addresses, the ones the customer proved are theirs (test sends may go to
 * them): their account's address, their confirmed identities, and any address at one of their
 * authenticated domains (the exact domain: a subdomain is added on its own).
 */
export async function usableAddresses(db: Db, customerId: string, emails: readonly string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const owned = await ownedAddresses(db, customerId, emails);
  return new Set(emails.filter((email) => email === owned.accountEmail || owned.confirmed.has(email) || owned.authenticatedDomains.has(domainOf(email))));
}

/** Whom to write to about the account's sending: its address and first name. */
export async function accountContact(db: Db, customerId: string): Promise<{ email: string; firstName: string } | undefined> {
  const [row] = await db.select({ email: customers.email, firstName: customers.firstName }).from(customers).where(eq(customers.id, customerId));
  return row;
}

/** Every sending domain's public key by selector: what the platform's zone serves under DKIM delegation. */
export async function publicKeys(db: Db): Promise<{ domain: string; selector: string; publicKey: string }[]> {
  const rows = await db
    .select({ domain: senderDomains.domain, selector: senderDomains.dkimSelector, publicKey: senderDomains.dkimPublicKey })
    .from(senderDomains)
    .where(and(isNotNull(senderDomains.dkimSelector), isNotNull(senderDomains.dkimPublicKey)))
    .orderBy(asc(senderDomains.dkimSelector));
  return rows.map((row) => ({ domain: row.domain, selector: row.selector!, publicKey: row.publicKey! }));
}
