/** Whether a database error is a unique-index violation (SQLSTATE 23505), from either driver, wrapped or not. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * Whether a database error is about the values a statement carried, not the database: SQLSTATE
 * class 22 (data exception: a number out of range, a NUL in text) or 23 (a constraint refused it).
 * Such a statement fails the same way every time it is tried again.
 */
export function isDataError(error: unknown): boolean {
  return /^2[23][0-9A-Z]{3}$/.test(databaseErrorCode(error) ?? '');
}

/** The SQLSTATE of a database error, from either driver, wrapped or not. */
export function databaseErrorCode(error: unknown): string | undefined {
  for (let current = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}
