import type * as z from 'zod/mini';

// Test support: every string field a request schema has, and a whole input with chosen text in
// that one field (the other fields at the simplest value of their type, a union's branch chosen
// by its own tag), so a test can feed each field the worst case for its pattern.

type Def = { type: string } & Record<string, unknown>;
type Schema = z.core.$ZodType;

const defOf = (schema: Schema) => schema._zod.def as Def;
const join = (key: string | number, path: string) => (path === '' ? String(key) : `${key}.${path}`);
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'nonoptional', 'readonly', 'catch']);

/** The simplest value of the schema's type: the fields a test does not aim at. */
function simplest(schema: Schema): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(def.shape as Record<string, Schema>)
          .map(([key, field]) => [key, simplest(field)])
          .filter(([, value]) => value !== undefined),
      );
    case 'nullable':
      return null;
    case 'literal':
      return (def.values as unknown[])[0];
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'string':
      return '';
    case 'number':
      return 0;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'record':
      return {};
    case 'union':
      return simplest((def.options as Schema[])[0]!);
    case 'pipe':
      return simplest(def.in as Schema);
    default:
      return undefined;
  }
}

export interface StringFieldInput {
  /** The field's dotted path, as an API answer names it. */
  path: string;
  input: unknown;
}

/** Every string field of the schema, each with a whole input that holds `text` there. */
export function stringFieldInputs(schema: Schema, text: string): StringFieldInput[] {
  const def = defOf(schema);
  if (WRAPPERS.has(def.type)) return stringFieldInputs(def.innerType as Schema, text);
  switch (def.type) {
    case 'string':
      return [{ path: '', input: text }];
    case 'pipe':
      return stringFieldInputs(def.in as Schema, text);
    case 'union':
      return (def.options as Schema[]).flatMap((option) => stringFieldInputs(option, text));
    case 'array':
      return stringFieldInputs(def.element as Schema, text).map(({ path, input }) => ({ path: join(0, path), input: [input] }));
    case 'record':
      return stringFieldInputs(def.valueType as Schema, text).map(({ path, input }) => ({ path: join('key', path), input: { key: input } }));
    case 'object': {
      const base = simplest(schema) as Record<string, unknown>;
      return Object.entries(def.shape as Record<string, Schema>).flatMap(([key, field]) =>
        stringFieldInputs(field, text).map(({ path, input }) => ({ path: join(key, path), input: { ...base, [key]: input } })),
      );
    }
    default:
      return [];
  }
}

/** Whether a failed parse names the field: directly, or inside a union that no branch matched. */
export function namesField(issues: readonly z.core.$ZodIssue[], path: string, prefix: PropertyKey[] = []): boolean {
  return issues.some((issue) => {
    const at = [...prefix, ...issue.path];
    if (issue.code === 'invalid_union') return issue.errors.some((branch) => namesField(branch, path, at));
    return at.join('.') === path;
  });
}

/** What makes each pattern in the code base work hardest (a megabyte each): the inputs of issue 18. */
export const WORST_CASE_STRINGS: Record<string, string> = {
  'repeated a@': 'a@'.repeat(500_000),
  'long local part, no domain': `${'a'.repeat(1_000_000)}@`,
  'dots, then a second @': `a@${'.'.repeat(1_000_000)}@`,
  'unclosed <a ': '<a '.repeat(333_334),
  'slashes, then a letter': `${'/'.repeat(1_000_000)}x`,
};

// The sign-up page's own form state, never sent: the request it builds is checked by signupSchema.
const NOT_REQUESTS = new Set([
  'account.basicDetailsFormSchema',
  // What the API answers about insights, described as schemas for their types: never parsed from a request.
  'insights.purchaseInsightsSchema',
  'insights.subscriberInsightsSchema',
  'insights.purchaseModelSchema',
  'insights.insightsRefreshSchema',
  'insights.engagementInsightsSchema',
  // The top bar's search and calendar answers (issue 23).
  'search.searchAnswerSchema',
  'campaign-calendar.calendarAnswerSchema',
  // Home's overview (GET /api/home/v1/overview): an answer only.
  'dashboard.homeOverviewSchema',
  'deliverability.deliverabilityOverviewSchema',
  'dashboard.homeCampaignResultsSchema',
]);

// Vitest (Vite) reads every module of the package for the tests; not a part of any build.
declare global {
  interface ImportMeta {
    glob(patterns: string[], options: { eager: true }): Record<string, Record<string, unknown>>;
  }
}

/** Every request schema packages/shared exports that has a string field, named module.export. */
export function requestSchemas(): [string, z.ZodMiniType][] {
  const schemas: [string, z.ZodMiniType][] = [];
  for (const [file, module] of Object.entries(import.meta.glob(['../*.ts', '!../*.test.ts'], { eager: true }))) {
    const base = file.slice('../'.length, -'.ts'.length);
    for (const [name, value] of Object.entries(module)) {
      if (typeof value !== 'object' || value === null || !('_zod' in value) || NOT_REQUESTS.has(`${base}.${name}`)) continue;
      const schema = value as z.ZodMiniType;
      if (stringFieldInputs(schema, '').length > 0) schemas.push([`${base}.${name}`, schema]);
    }
  }
  return schemas;
}
