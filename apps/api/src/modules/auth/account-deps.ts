import type { Db } from '../../db/client';
import type { KeyedHash } from '../../lib/keyed-hash';
import type { MailService } from '../../mail/mail-service';

/** What the account and profile routes need: built once in app.ts and handed to both. */
export interface AccountDeps {
  db: Db;
  mail: MailService;
  appUrl: string;
  now: () => Date;
  hashIp: KeyedHash;
  countryNames: ReadonlySet<string>;
  /** A session unused this long ends (SESSION_IDLE_DAYS), within its 30-day life. */
  sessionIdleMs: number;
}
