import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { OpenApiDocument } from '../../src/modules/public-api/openapi';

// The OpenAPI document's schemas as a JSON Schema 2020-12 validator (what OpenAPI 3.1 uses), so a
// test checks an answer against the document itself, not against its own idea of the answer.

const COMPONENTS = 'https://postlark.test/components';

export type Operation = {
  summary: string;
  parameters?: { name: string; in: string; required?: boolean; schema: object }[];
  /** JSON, or a form (multipart/form-data) where a file is sent. */
  requestBody?: { required: boolean; content: Record<'application/json' | 'multipart/form-data', { schema: object; example?: unknown } | undefined> };
  responses: Record<string, { description: string; content: { 'application/json': { schema: object } } }>;
};

/** Every operation of the document, in its order: `POST /v1/lists` and what it says. */
export function operationsOf(document: OpenApiDocument): { name: string; method: string; path: string; operation: Operation }[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => method !== 'parameters')
      .map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, method, path, operation: operation as Operation })),
  );
}

/** `schema` with its references to the document's components pointed at the validator's copy. */
const pointed = (schema: object): object => JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', `"${COMPONENTS}#/$defs/`));

export function openApiValidator(document: OpenApiDocument) {
  // Strict: a keyword the validator does not know is a mistake in the document, not something to skip.
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false });
  addFormats(ajv);
  ajv.addSchema(pointed({ $id: COMPONENTS, $defs: document.components.schemas }));
  const compiled = new Map<object, ReturnType<typeof ajv.compile>>();
  return {
    /** The problems `value` has against `schema` (a part of the document), or [] when it fits. */
    problems(schema: object, value: unknown): string[] {
      let validate = compiled.get(schema);
      if (!validate) {
        validate = ajv.compile(pointed(schema));
        compiled.set(schema, validate);
      }
      return validate(value) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message} ${JSON.stringify(error.params)}`);
    },
    /** A schema of the document with its reference followed (one level), to read `required` from. */
    resolve(schema: object): { required?: string[]; properties?: Record<string, object> } {
      const { $ref } = schema as { $ref?: string };
      return $ref ? document.components.schemas[$ref.split('/').pop()!]! : schema;
    },
  };
}
