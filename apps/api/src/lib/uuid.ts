import { UUID_PATTERN } from '@postlark/shared/ids';

/** Whether an id from a URL can be a row's uuid: PostgreSQL rejects a malformed one with an error, not a miss. */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
