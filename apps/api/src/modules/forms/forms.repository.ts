import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/accounts';
import { lists, signupForms } from '../../db/schema/audience';
import { isUuid } from '../../lib/uuid';
import { senderName } from '../audience/sender';

export type FormRow = typeof signupForms.$inferSelect;
export type NewForm = typeof signupForms.$inferInsert;

const withList = { form: signupForms, listName: lists.name, doubleOptIn: lists.doubleOptIn };

export async function listForms(db: Db, customerId: string) {
  return db
    .select(withList)
    .from(signupForms)
    .innerJoin(lists, eq(lists.id, signupForms.listId))
    .where(eq(signupForms.customerId, customerId))
    .orderBy(asc(sql`lower(${signupForms.name})`));
}
export type FormWithList = Awaited<ReturnType<typeof listForms>>[number];

export async function findForm(db: Db, customerId: string, id: string): Promise<FormWithList | undefined> {
  const [row] = await db
    .select(withList)
    .from(signupForms)
    .innerJoin(lists, eq(lists.id, signupForms.listId))
    .where(and(eq(signupForms.customerId, customerId), eq(signupForms.id, id)));
  return row;
}

export async function insertForm(db: Db, values: NewForm): Promise<FormRow> {
  const [row] = await db.insert(signupForms).values(values).returning();
  if (!row) throw new Error('form insert returned no row');
  return row;
}

export async function updateForm(db: Db, customerId: string, id: string, values: Partial<NewForm>): Promise<boolean> {
  const rows = await db
    .update(signupForms)
    .set(values)
    .where(and(eq(signupForms.customerId, customerId), eq(signupForms.id, id)))
    .returning({ id: signupForms.id });
  return rows.length > 0;
}

export async function deleteForm(db: Db, customerId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(signupForms)
    .where(and(eq(signupForms.customerId, customerId), eq(signupForms.id, id)))
    .returning({ id: signupForms.id });
  return rows.length > 0;
}

/** A form as anyone may see it, with its list and the customer who sends. */
export async function publicForm(db: Db, id: string) {
  const [row] = await db
    .select({
      form: signupForms,
      listName: lists.name,
      doubleOptIn: lists.doubleOptIn,
      firstName: customers.firstName,
      lastName: customers.lastName,
      additionalInfo: customers.additionalInfo,
    })
    .from(signupForms)
    .innerJoin(lists, eq(lists.id, signupForms.listId))
    .innerJoin(customers, eq(customers.id, signupForms.customerId))
    .where(eq(signupForms.id, id));
  return row;
}
export type PublicFormRow = NonNullable<Awaited<ReturnType<typeof publicForm>>>;

/** A customer's list as a sign-up target (for the public API's subscribe call), or undefined. */
export async function publicListTarget(db: Db, customerId: string, listId: string) {
  if (!isUuid(listId)) return undefined;
  const [row] = await db
    .select({ listId: lists.id, listName: lists.name, doubleOptIn: lists.doubleOptIn, firstName: customers.firstName, lastName: customers.lastName, additionalInfo: customers.additionalInfo })
    .from(lists)
    .innerJoin(customers, eq(customers.id, lists.customerId))
    .where(and(eq(lists.customerId, customerId), eq(lists.id, listId)));
  return row && { customerId, listId: row.listId, listName: row.listName, doubleOptIn: row.doubleOptIn, sender: senderName(row) };
}
