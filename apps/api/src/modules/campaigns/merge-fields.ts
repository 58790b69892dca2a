import type { Attributes } from '@postlark/shared/audience';

/** What a campaign template may read: one subscriber's fields and the two links the sender fills in. */
export const MERGE_FIELDS = ['email', 'first_name', 'last_name', 'full_name', 'attributes.<key>', 'unsubscribe_url', 'preferences_url'] as const;

/** The plain-text fields; `attributes` is the one field read one level deep. */
export const SCALAR_FIELDS: ReadonlySet<string> = new Set(MERGE_FIELDS.filter((field) => !field.includes('.')));
export const ATTRIBUTES_FIELD = 'attributes';

// Same rule as the audience attributes schema in @postlark/shared, so any stored attribute can be named,
// while `__proto__` and other non-names are refused before they reach the engine.
export const ATTRIBUTE_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

/**
 * The filters a template may use. Everything else liquidjs ships (jsonify, inspect, where, map, base64,
 * sha256, …) is removed: none is needed for a greeting, and each one is more surface to reason about.
 */
export const ALLOWED_FILTERS = ['default', 'upcase', 'downcase', 'capitalize', 'strip', 'escape', 'truncate', 'date'] as const;

/**
 * The tags a template may use. include/render/layout/block would read other templates, assign/capture/
 * increment/decrement/cycle write variables, and for/tablerow/liquid/echo add nothing a subscriber's
 * flat fields need, so all of them are removed from the engine.
 */
export const ALLOWED_TAGS = ['if', 'unless', 'case', 'comment', 'raw', '#'] as const;

/** One subscriber's values; `full_name` is derived from the first and last names. */
export type MergeFieldValues = {
  email: string;
  first_name: string;
  last_name: string;
  attributes: Attributes;
  unsubscribe_url: string;
  preferences_url: string;
};
