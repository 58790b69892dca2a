const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether an id from a URL can be a row's uuid: PostgreSQL rejects a malformed one with an error, not a miss. */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
