import type { Db } from '../../db/client';

/**
 * What the audience services take. Its own file, so the subscriber and segment services can both
 * use it without importing each other (subscribers resolve a segment filter; segments count people).
 */
export interface AudienceDeps {
  db: Db;
  now: () => Date;
}
