import { eq } from 'drizzle-orm';
import type { BasicInfo, ContactInfo, MarketingPreferences } from '@postlark/shared/profile';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/accounts';

export async function updateNames(db: Db, customerId: string, names: BasicInfo): Promise<void> {
  await db.update(customers).set({ firstName: names.first_name, lastName: names.last_name }).where(eq(customers.id, customerId));
}

/** Contact fields live in additional_info; the country is the account's own column. */
export async function updateContact(db: Db, customerId: string, contact: ContactInfo): Promise<void> {
  const { country, ...additionalInfo } = contact;
  await db
    .update(customers)
    .set({ additionalInfo, ...(country ? { country } : {}) })
    .where(eq(customers.id, customerId));
}

export async function readPreferences(db: Db, customerId: string): Promise<MarketingPreferences | undefined> {
  const [row] = await db
    .select({ preferences: customers.marketingPreferences })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row?.preferences;
}

export async function writePreferences(db: Db, customerId: string, preferences: MarketingPreferences): Promise<void> {
  await db.update(customers).set({ marketingPreferences: preferences }).where(eq(customers.id, customerId));
}
