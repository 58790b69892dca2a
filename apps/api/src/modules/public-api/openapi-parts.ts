import * as z from 'zod/mini';

// The pieces the OpenAPI document is made of, and the one place that turns a route's zod schema
// into its documented request: a path's operations name the very schema constants their handlers
// parse with (query, body), so what is validated and what is documented cannot part.

export type JsonSchema = Record<string, unknown>;

export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
export const payload = (schema: object) => ({ type: 'object', properties: { payload: schema }, required: ['payload'] });
export const json = (description: string, schema: object) => ({ description, content: { 'application/json': { schema: payload(schema) } } });
export const problem = (description: string) => json(description, ref('Problem'));
export const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } };

/** Every /v1 call may get these: the key is checked, and counted, before anything else. */
export const common = {
  '401': problem('No key, or a key that is not valid or was revoked'),
  '429': problem('Too many requests with the account’s keys (Retry-After says when to try again)'),
};

/** The 413 of a route whose body may be at most `bytes` (its bodyLimit). */
export const tooLarge = (bytes: number) => problem(`Larger than ${bytes / (1024 * 1024)} MB`);

/** The 429 of a call that also spends one of the account's own quotas. */
export const quota = (what: string) => problem(`Too many requests with the account’s keys, or ${what} (Retry-After says when to try again)`);

/** An object whose listed properties are always in the answer (those in `optional` only sometimes). */
export function record(properties: Record<string, object>, optional: readonly string[] = []): JsonSchema {
  for (const name of optional) if (!(name in properties)) throw new Error(`record: no property ${name}`);
  return { type: 'object', properties, required: Object.keys(properties).filter((name) => !optional.includes(name)) };
}

/**
 * A zod schema's JSON Schema as the client sends it (io: input), so a field with a default is
 * optional and shows its default. Only the messages are left behind: a 400 gives them per field.
 */
export function requestSchema(schema: z.ZodMiniType, description?: string): JsonSchema {
  const { $schema: _dialect, ...drawn } = z.toJSONSchema(schema, { io: 'input', target: 'draft-2020-12' }) as JsonSchema;
  return description ? { ...drawn, description } : drawn;
}

/**
 * Prose (a string: its description) or a further schema (an object, merged) for fields the zod
 * schema has. A name it does not have is a mistake in the document, so it throws.
 */
export type FieldNotes = Record<string, string | JsonSchema>;

function annotate(properties: Record<string, JsonSchema>, notes: FieldNotes, where: string): void {
  for (const [name, note] of Object.entries(notes)) {
    if (!properties[name]) throw new Error(`${where}: the schema has no field ${name}`);
    properties[name] = typeof note === 'string' ? { ...properties[name], description: note } : { ...properties[name], ...note };
  }
}

/** A request body: a named zod schema (a component), or, where the route checks by hand, JSON Schema. */
export interface BodySpec {
  name?: string;
  schema: z.ZodMiniType | JsonSchema;
  description?: string;
  fields?: FieldNotes;
  /** A body the call accepts as it stands; the contract test sends it. */
  example: unknown;
  /** The body may be left out. */
  optional?: boolean;
  /** How it is sent: JSON unless a file travels in it (a form, multipart/form-data). */
  mediaType?: 'application/json' | 'multipart/form-data';
}

export interface OperationSpec {
  summary: string;
  description?: string;
  /** The query's zod schema, one parameter per field; `queryNotes` describes them. */
  query?: z.ZodMiniType;
  queryNotes?: Record<string, string>;
  body?: BodySpec;
  responses: Record<string, object>;
}

export const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type Method = (typeof METHODS)[number];
export type PathSpec = { parameters?: object[] } & { [M in Method]?: OperationSpec };

const isZod = (schema: object): schema is z.ZodMiniType => '_zod' in schema;

function bodySchema(body: BodySpec, where: string): JsonSchema {
  const drawn = isZod(body.schema) ? requestSchema(body.schema, body.description) : { ...body.schema, ...(body.description ? { description: body.description } : {}) };
  if (body.fields) {
    const properties = { ...(drawn.properties as Record<string, JsonSchema>) };
    annotate(properties, body.fields, where);
    drawn.properties = properties;
  }
  return drawn;
}

function queryParameters(query: z.ZodMiniType, notes: Record<string, string> = {}, where: string) {
  const drawn = requestSchema(query) as { properties: Record<string, JsonSchema>; required?: string[] };
  const properties = { ...drawn.properties };
  annotate(properties, notes, where);
  return Object.entries(properties).map(([name, { description, ...schema }]) => ({
    name,
    in: 'query',
    ...(drawn.required?.includes(name) ? { required: true } : {}),
    schema,
    ...(description ? { description } : {}),
  }));
}

/**
 * The document's paths from the route table, and the request components its bodies name. A name
 * given twice must be the same schema, or the document would describe one of them wrongly.
 */
export function drawPaths(table: Record<string, PathSpec>) {
  const schemas: Record<string, JsonSchema> = {};
  const sources = new Map<string, object>();
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [path, spec] of Object.entries(table)) {
    const item: Record<string, unknown> = spec.parameters ? { parameters: spec.parameters } : {};
    // In the table's order: a path reads as its author wrote it.
    for (const method of Object.keys(spec).filter((key): key is Method => (METHODS as readonly string[]).includes(key))) {
      const operation = spec[method]!;
      const where = `${method.toUpperCase()} ${path}`;
      const { summary, description, query, queryNotes, body, responses } = operation;
      let requestBody: object | undefined;
      if (body) {
        const drawn = bodySchema(body, where);
        if (body.name) {
          if (sources.has(body.name) && sources.get(body.name) !== body.schema) throw new Error(`${where}: ${body.name} names two schemas`);
          sources.set(body.name, body.schema);
          schemas[body.name] = drawn;
        }
        requestBody = { required: !body.optional, content: { [body.mediaType ?? 'application/json']: { schema: body.name ? ref(body.name) : drawn, example: body.example } } };
      }
      item[method] = {
        summary,
        ...(description ? { description } : {}),
        ...(query ? { parameters: queryParameters(query, queryNotes, where) } : {}),
        ...(requestBody ? { requestBody } : {}),
        responses,
      };
    }
    paths[path] = item;
  }
  return { paths, schemas };
}
