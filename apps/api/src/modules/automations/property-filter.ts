import type { PropertyFilter } from '@postlark/shared/automations';

// An event's properties against a trigger's, goal's or split's filters: pure, so the ingest hook
// and "test with a person" decide alike.

function valueAt(properties: Record<string, unknown> | null, path: string): unknown {
  let current: unknown = properties ?? {};
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    // Own properties only: a path of `__proto__` or `constructor` reads nothing.
    if (!Object.hasOwn(current, part)) return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value ?? null)).toLowerCase();

function passes(properties: Record<string, unknown> | null, filter: PropertyFilter): boolean {
  const value = valueAt(properties, filter.path);
  const expected = filter.value;
  switch (filter.op) {
    case 'exists':
      return value !== undefined && value !== null;
    case 'not_exists':
      return value === undefined || value === null;
    case 'equals':
      return value !== undefined && asText(value) === asText(expected);
    case 'not_equals':
      return value === undefined || asText(value) !== asText(expected);
    case 'contains':
      return value !== undefined && asText(value).includes(asText(expected));
    case 'gt':
    case 'lt': {
      const number = typeof value === 'number' ? value : Number(value);
      const bound = Number(expected);
      if (value === undefined || value === null || value === '' || !Number.isFinite(number) || !Number.isFinite(bound)) return false;
      return filter.op === 'gt' ? number > bound : number < bound;
    }
  }
}

/** True when every filter passes (no filters: any event of the name). */
export function matchesFilters(properties: Record<string, unknown> | null, filters: readonly PropertyFilter[]): boolean {
  return filters.every((filter) => passes(properties, filter));
}

/** The first filter that fails, in words, for "test with a person". */
export function failingFilter(properties: Record<string, unknown> | null, filters: readonly PropertyFilter[]): string | null {
  const failed = filters.find((filter) => !passes(properties, filter));
  return failed ? `its property ${failed.path} does not pass "${failed.op}${failed.op.endsWith('exists') ? '' : ` ${String(failed.value)}`}"` : null;
}
