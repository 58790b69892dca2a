import * as z from 'zod/mini';

// The pieces every path of the OpenAPI document is made of, shared by its files.

export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
export const payload = (schema: object) => ({ type: 'object', properties: { payload: schema }, required: ['payload'] });
export const json = (description: string, schema: object) => ({ description, content: { 'application/json': { schema: payload(schema) } } });
export const problem = (description: string) => json(description, ref('Problem'));
export const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } };
export const body = (schema: object) => ({ required: true, content: { 'application/json': { schema } } });
export const common = { '401': problem('No key, or a key that is not valid or was revoked'), '429': problem('Too many requests with this key') };

/**
 * A request body's JSON Schema drawn from the shared zod schema the dashboard's form and the
 * route both parse with, as the client sends it (defaults are what a left-out field becomes).
 * Only the messages are left behind: a 400 gives them per field.
 */
export function requestSchema(schema: z.ZodMiniType, description?: string): Record<string, unknown> {
  const { $schema: _dialect, ...drawn } = z.toJSONSchema(schema, { io: 'input', target: 'draft-2020-12' }) as Record<string, unknown>;
  return description ? { ...drawn, description } : drawn;
}
