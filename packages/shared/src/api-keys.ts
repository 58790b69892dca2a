import * as z from 'zod/mini';
import { subscriberEmailSchema } from './audience';
import { currentPasswordSchema } from './profile';

// API keys for other apps (the sidebar's Connect other apps): made and revoked in the profile's
// Integrations tab, shown once, kept only as a hash. Defined once for the tab and the API.

export const API_KEY_MESSAGES = {
  nameRequired: 'Give the key a name, like the app that will use it.',
  created: 'Copy the key now: it will not be shown again.',
  revoked: 'Key revoked. Apps using it can no longer reach your account.',
  notFound: 'This key does not exist.',
  missing: 'Send your API key as a Bearer token: Authorization: Bearer pl_…',
  invalid: 'This API key is not valid, or was revoked.',
  // Every key of an account draws on one budget of calls a minute (API_REQUESTS_PER_MINUTE).
  tooMany: 'Too many requests with this account’s API keys. Slow down and try again in a minute.',
  tooManyKeys: (limit: number) => `An account can keep at most ${limit} API keys. Revoke one you no longer use first.`,
} as const;

export const apiKeyCreateSchema = z.strictObject({
  name: z
    .string({ error: API_KEY_MESSAGES.nameRequired })
    .check(z.trim(), z.minLength(1, API_KEY_MESSAGES.nameRequired), z.maxLength(100, 'At most 100 characters.')),
  // A key reaches the whole audience: a stolen session alone must not be enough to make one.
  current_password: currentPasswordSchema,
});
export type ApiKeyCreate = z.output<typeof apiKeyCreateSchema>;

export interface ApiKey {
  id: string;
  name: string;
  /** The key's first characters, to tell keys apart. */
  prefix: string;
  created_at: string;
  last_used_at: string | null;
}

/** The public API's double opt-in call: ask a person to join a list, as a form would. */
export const apiListSubscribeSchema = z.strictObject({
  email: subscriberEmailSchema,
  first_name: z._default(z.string().check(z.trim(), z.maxLength(100)), ''),
  last_name: z._default(z.string().check(z.trim(), z.maxLength(100)), ''),
});
