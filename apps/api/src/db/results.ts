// What db.execute answers differs between the drivers; these read it the same way on both.

/** The rows a statement changed: node-postgres says rowCount, PGlite affectedRows. */
export function changedRows(result: unknown): number {
  const counts = result as { rowCount?: number | null; affectedRows?: number };
  return counts.rowCount ?? counts.affectedRows ?? 0;
}

/** The rows a statement answered (both drivers put them in `rows`). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
