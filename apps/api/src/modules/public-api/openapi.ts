import { audiencePaths } from './openapi-audience';
import { audienceSchemas } from './openapi-audience-schemas';
import { mediaPaths } from './openapi-media';
import { mediaSchemas } from './openapi-media-schemas';
import { templatePaths, templateSchemas } from './openapi-templates';
import { drawPaths, type JsonSchema } from './openapi-parts';
import { sendingPaths } from './openapi-sending';
import { sendingSchemas } from './openapi-sending-schemas';

// The public API's description (OpenAPI 3.1), served at /api/docs/openapi.json and drawn at
// /api/docs. Its paths come from the route table (openapi-audience.ts, openapi-sending.ts), whose
// queries and bodies are the shared zod schemas the routes parse with, drawn by z.toJSONSchema;
// the answers are the components beside them. test/public-api-contract.test.ts calls every
// operation and checks the answers against it.

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  security: Record<string, string[]>[];
  paths: Record<string, Record<string, unknown>>;
  components: { securitySchemes: Record<string, object>; schemas: Record<string, JsonSchema> };
}

export function openApiDocument(appUrl: string): OpenApiDocument {
  const { paths, schemas: requests } = drawPaths({ ...audiencePaths, ...sendingPaths, ...mediaPaths, ...templatePaths });
  const answers = { ...audienceSchemas(), ...sendingSchemas(), ...mediaSchemas(), ...templateSchemas() };
  for (const name of Object.keys(requests)) if (name in answers) throw new Error(`openapi: ${name} is both a request and an answer`);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Postlark API',
      version: '1',
      description:
        'Manage your audience, write, test and send campaigns from your templates, and upload their images, from other apps. Make a key in your profile (Integrations) and send it as `Authorization: Bearer pl_live_…`. A key acts for its whole account, with the same rules and quotas as the dashboard. Every answer is JSON `{ "payload": … }`; a 400 names each bad field in `payload.errors`.',
    },
    servers: [{ url: `${appUrl}/api` }],
    security: [{ apiKey: [] }],
    paths,
    components: {
      securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: 'A key from your profile: pl_live_…' } },
      schemas: { ...requests, ...answers },
    },
  };
}
