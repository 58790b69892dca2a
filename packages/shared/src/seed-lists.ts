import * as z from 'zod/mini';
import { lowerCaseEmailSchema } from './email';

// Seed lists (issue 30, point 5): a few of the customer's own addresses, named, that a test send
// goes to at once, say one inbox at each mailbox provider the audience reads with.

export const SEED_LIST_LIMITS = {
  name: 80,
  emails: 25,
  lists: 20,
  /** A test to a seed list (and any typed addresses with it) reaches at most this many addresses. */
  testRecipients: 25,
} as const;

export const SEED_LIST_MESSAGES = {
  nameRequired: 'Give the seed list a name.',
  nameTooLong: `A seed list's name is at most ${SEED_LIST_LIMITS.name} characters.`,
  nameTaken: 'You have a seed list with this name already. Choose another name.',
  emailInvalid: 'Enter valid email addresses, one a line, like news@example.com.',
  emailsRequired: 'Add at least one address to the seed list.',
  emailsTooMany: `A seed list holds at most ${SEED_LIST_LIMITS.emails} addresses.`,
  listsTooMany: `An account can keep at most ${SEED_LIST_LIMITS.lists} seed lists. Delete one you no longer use first.`,
  notFound: 'This seed list does not exist.',
  idInvalid: 'Choose one of your seed lists.',
  created: (name: string) => `Seed list “${name}” saved.`,
  updated: (name: string) => `Seed list “${name}” updated.`,
  deleted: 'Seed list deleted.',
  testTooMany: `Send a test to at most ${SEED_LIST_LIMITS.testRecipients} addresses at once, seed list included.`,
} as const;

const nameSchema = z
  .string({ error: SEED_LIST_MESSAGES.nameRequired })
  .check(z.trim(), z.minLength(1, SEED_LIST_MESSAGES.nameRequired), z.maxLength(SEED_LIST_LIMITS.name, SEED_LIST_MESSAGES.nameTooLong));

const emailsSchema = z
  .array(lowerCaseEmailSchema(SEED_LIST_MESSAGES.emailInvalid), { error: SEED_LIST_MESSAGES.emailsRequired })
  .check(z.minLength(1, SEED_LIST_MESSAGES.emailsRequired), z.maxLength(SEED_LIST_LIMITS.emails, SEED_LIST_MESSAGES.emailsTooMany));

export const seedListCreateSchema = z.strictObject({ name: nameSchema, emails: emailsSchema });
export type SeedListCreate = z.output<typeof seedListCreateSchema>;

export const seedListUpdateSchema = z.strictObject({ name: z.optional(nameSchema), emails: z.optional(emailsSchema) });
export type SeedListUpdate = z.output<typeof seedListUpdateSchema>;

export interface SeedList {
  id: string;
  name: string;
  emails: string[];
  created_at: string;
  updated_at: string;
}

/** The addresses typed into a seed list's box, one a line (commas and spaces also separate them). */
export function splitSeedEmails(input: string): string[] {
  return [...new Set(input.split(/[\s,;]+/).map((part) => part.trim().toLowerCase()).filter(Boolean))];
}

/** What the Senders page's card and the test-send dialog say about seed lists. */
export const SEED_LIST_TEXTS = {
  title: 'Seed lists',
  text: `Name a few of your confirmed addresses (say one inbox at each mailbox provider) to send a test to all of them at once. Up to ${SEED_LIST_LIMITS.emails} addresses a list.`,
  empty: 'No seed lists yet.',
  loadFailed: 'Could not load your seed lists.',
  changeFailed: 'That did not work. Please try again.',
  count: (count: number) => `${count} ${count === 1 ? 'address' : 'addresses'}`,
  pick: 'Seed list',
  none: 'None',
  pickHint: 'Its addresses get the test too.',
} as const;
