import type { AttributeValue } from '@postlark/shared/audience';
import { type FilterImplOptions, Liquid, type Template } from 'liquidjs';
import { ALLOWED_FILTERS, ALLOWED_TAGS, ATTRIBUTES_FIELD, ENGAGEMENT_FIELD, engagementMergeValues, EVENT_FIELD, type MergeFieldValues, PURCHASES_FIELD, purchaseMergeValues } from './merge-fields';
import { DATE_PADDING_TOO_WIDE, MAX_TEMPLATE_LENGTH, type MergeTagProblem, problemForVariable, problemsFromError } from './merge-tag-problems';

export { MERGE_FIELDS, type MergeFieldValues } from './merge-fields';
export type { MergeTagProblem } from './merge-tag-problems';

/** A template parsed once, to render for every recipient of a campaign. */
export type CompiledTemplate = {
  readonly source: string;
  /** The custom attributes the template reads: each render copies only these from the subscriber. */
  readonly attributeNames: readonly string[];
  /** The triggering event's properties the template reads (automation emails). */
  readonly eventNames: readonly string[];
  readonly html: Template[];
  readonly text: Template[];
};

/** `html: true` escapes every value for an HTML body; subjects, preheaders and text bodies stay as written. */
export type MergeRenderOptions = { html: boolean };

/** Thrown when a template with problems is compiled or rendered; checkTemplate reports the same list. */
export class MergeTagError extends Error {
  readonly problems: MergeTagProblem[];

  constructor(problems: MergeTagProblem[]) {
    super(problems[0]?.message ?? 'This template has merge tag problems.');
    this.name = 'MergeTagError';
    this.problems = problems;
  }
}

// Bounds what one render may allocate (a `(1..100000000)` range, a huge date padding), per recipient.
const MAX_RENDER_MEMORY = 1_000_000;
// strftime pads `%1000000Y` to that width; two digits is all a date needs.
const WIDE_DATE_PADDING = /%[-_0^#:]*\d{3,}/;

// liquidjs exports its filter function type only inside this union.
type FilterHandler = Extract<FilterImplOptions, (...args: never[]) => unknown>;

function createEngine({ html, collectErrors }: { html: boolean; collectErrors: boolean }): Liquid {
  const engine = new Liquid({
    // An empty in-memory file map instead of `root`: even a tag that slipped through has no disk to read.
    templates: Object.create(null) as Record<string, string>,
    strictFilters: true,
    strictVariables: true,
    // Values are only ever read as own properties, so `constructor` or `__proto__` resolve to nothing.
    ownPropertyOnly: true,
    catchAllErrors: collectErrors,
    outputEscape: html ? 'escape' : undefined,
    // Fixed so a `date` filter renders the same on every server and worker.
    locale: 'en-US',
    timezoneOffset: 0,
    parseLimit: MAX_TEMPLATE_LENGTH,
    memoryLimit: MAX_RENDER_MEMORY,
  });
  const tags = new Set<string>(ALLOWED_TAGS);
  for (const name of Object.keys(engine.tags)) if (!tags.has(name)) delete engine.tags[name];
  const filters = new Set<string>(ALLOWED_FILTERS);
  for (const name of Object.keys(engine.filters)) if (!filters.has(name)) engine.unregisterFilter(name);
  // In HTML every output is escaped once at the end already; a sender's own `| escape` would make `&amp;lt;`.
  if (html) engine.registerFilter('escape', (value: unknown) => value);
  const date = engine.filters.date as FilterHandler;
  engine.registerFilter('date', function (this: ThisParameterType<FilterHandler>, value: unknown, format?: unknown, ...rest: unknown[]) {
    if (typeof format === 'string' && WIDE_DATE_PADDING.test(format)) throw new Error(DATE_PADDING_TOO_WIDE);
    return date.call(this, value, format, ...rest);
  });
  return engine;
}

// One engine per mode, because liquidjs fixes output escaping when it parses, plus one that collects
// every parse error for the editor instead of stopping at the first.
const checkEngine = createEngine({ html: false, collectErrors: true });
const textEngine = createEngine({ html: false, collectErrors: false });
const htmlEngine = createEngine({ html: true, collectErrors: false });

const BLANK_SUBSCRIBER: MergeFieldValues = { email: '', first_name: '', last_name: '', attributes: {}, unsubscribe_url: '', preferences_url: '' };

/**
 * A subject (or other plain text) as a reader the account knows nothing about reads it: every
 * field empty, so each `default` shows. What lists, reports, search and the subject checker show
 * instead of the tags' characters; as written while its tags cannot be read.
 */
export function renderForNoData(source: string): string {
  if (!source.includes('{')) return source;
  try {
    return renderTemplate(source, BLANK_SUBSCRIBER, { html: false });
  } catch (error) {
    if (error instanceof MergeTagError) return source;
    throw error;
  }
}

/** Every problem in a subject, preheader, HTML or text body; an empty list means it is fine to send. */
export function checkTemplate(source: string): MergeTagProblem[] {
  return inspect(source).problems;
}

/** Parses a template once; throws MergeTagError listing what checkTemplate would report. */
export function compileTemplate(source: string): CompiledTemplate {
  const { problems, attributeNames, eventNames } = inspect(source);
  if (problems.length > 0) throw new MergeTagError(problems);
  return { source, attributeNames, eventNames, html: htmlEngine.parse(source), text: textEngine.parse(source) };
}

/**
 * Renders a compiled template for one subscriber, synchronously so a send loop never waits on it.
 * Throws MergeTagError only when a subscriber's own value breaks a filter (an attribute used as a
 * date format, say), which checkTemplate cannot foresee.
 */
export function renderCompiled(compiled: CompiledTemplate, fields: MergeFieldValues, options: MergeRenderOptions): string {
  const engine = options.html ? htmlEngine : textEngine;
  const templates = options.html ? compiled.html : compiled.text;
  try {
    return String(engine.renderSync(templates, scopeFor(fields, compiled.attributeNames, compiled.eventNames)));
  } catch (error) {
    throw new MergeTagError(problemsFromError(error));
  }
}

/** Renders for one subscriber; pass a CompiledTemplate when the same template goes to many. */
export function renderTemplate(template: string | CompiledTemplate, fields: MergeFieldValues, options: MergeRenderOptions): string {
  return renderCompiled(typeof template === 'string' ? compileTemplate(template) : template, fields, options);
}

function inspect(source: string): { problems: MergeTagProblem[]; attributeNames: string[]; eventNames: string[] } {
  const attributeNames = new Set<string>();
  const eventNames = new Set<string>();
  try {
    const templates = checkEngine.parse(source);
    const problems: MergeTagProblem[] = [];
    for (const variables of Object.values(checkEngine.analyzeSync(templates, { partials: false }).globals)) {
      for (const variable of variables) {
        const problem = problemForVariable(variable);
        if (problem) problems.push(problem);
        else if (variable.segments[0] === ATTRIBUTES_FIELD) attributeNames.add(String(variable.segments[1]));
        else if (variable.segments[0] === EVENT_FIELD) eventNames.add(String(variable.segments[1]));
      }
    }
    problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
    // A trial render with every field empty catches what only shows when rendering (a filter given
    // arguments it cannot use), so a template that passes here renders for every subscriber.
    if (problems.length === 0) checkEngine.renderSync(templates, scopeFor(BLANK_SUBSCRIBER, [...attributeNames], [...eventNames]));
    return { problems, attributeNames: [...attributeNames], eventNames: [...eventNames] };
  } catch (error) {
    return { problems: problemsFromError(error), attributeNames: [], eventNames: [] };
  }
}

/**
 * The only object a template can see: a fresh, prototype-less copy of the merge fields. Attributes the
 * template names but the subscriber lacks are null, so they take a `default` instead of failing the
 * strict-variable check.
 */
function scopeFor(fields: MergeFieldValues, attributeNames: readonly string[], eventNames: readonly string[]): Record<string, unknown> {
  const attributes = Object.create(null) as Record<string, AttributeValue>;
  for (const name of attributeNames) attributes[name] = Object.hasOwn(fields.attributes, name) ? (fields.attributes[name] ?? null) : null;
  // Trimmed so a name of only spaces takes the fallback and full_name has no stray space.
  const firstName = fields.first_name.trim();
  const lastName = fields.last_name.trim();
  const scope = Object.create(null) as Record<string, unknown>;
  scope.email = fields.email;
  scope.first_name = firstName;
  scope.last_name = lastName;
  scope.full_name = [firstName, lastName].filter(Boolean).join(' ');
  scope[ATTRIBUTES_FIELD] = attributes;
  // Like attributes: only the properties the template names, own ones only, null when absent.
  const event = Object.create(null) as Record<string, string | number | boolean | null>;
  for (const name of eventNames) event[name] = fields.event && Object.hasOwn(fields.event, name) ? (fields.event[name] ?? null) : null;
  scope[EVENT_FIELD] = event;
  scope[PURCHASES_FIELD] = fields.purchases ?? purchaseMergeValues(null);
  scope[ENGAGEMENT_FIELD] = fields.engagement ?? engagementMergeValues(null);
  scope.unsubscribe_url = fields.unsubscribe_url;
  scope.preferences_url = fields.preferences_url;
  return scope;
}
