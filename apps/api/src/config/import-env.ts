import { z } from 'zod';
import { booleanFlag, wholeNumber } from './env-parts';

// The settings of what a CSV import checks before it adds anyone (issue 32, point 6). Part of
// env.ts's one schema (spread into it), kept in a file of its own as mail-intake-env.ts is, so that
// env.ts stays one screen's worth longer.

export const importSettings = {
  // A subscribers file with more rows than this waits for the customer to confirm that the people
  // in it agreed to get their email (the import page asks; the file is kept meanwhile). 0: always asked.
  IMPORT_CONSENT_CONFIRM_ABOVE: wholeNumber.min(0).default(300),
  // Whether an import rejects addresses at domains that take no mail (no MX or A/AAAA record, or a
  // null MX), asking DNS_SERVERS (or the system's resolvers). false where the server's DNS cannot
  // see the internet (a closed network, a test machine): there every domain would look missing.
  IMPORT_CHECK_DOMAINS: booleanFlag.default(true),
  // Domains one import looks up at once, and how long one look-up may wait for an answer; a domain
  // that gets none is kept (its addresses imported, counted as unchecked in the report).
  IMPORT_DNS_CONCURRENCY: wholeNumber.min(1).max(256).default(16),
  // A domain known to take mail, looked up before an import rejects any address for its domain: a
  // resolver that cannot find it cannot see the internet, and then nothing is rejected on its word
  // (the addresses are kept, counted as unchecked). Empty: not asked.
  IMPORT_DNS_CANARY: z.string().max(253).regex(/^[a-z0-9.-]*$/i, 'must be a domain name such as gmail.com').default('gmail.com'),
  IMPORT_DNS_TIMEOUT_SECONDS: z.coerce.number({ error: 'must be a number of seconds' }).positive().max(30).default(2),
};
