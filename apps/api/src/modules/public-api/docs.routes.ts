import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { contentSecurityPolicy } from '../../http/security-headers';
import { openApiDocument } from './openapi';

const DOCS_STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;color:#27304a;max-width:1100px;margin:40px auto;padding:0 16px}h1{color:#0b1020}table{border-collapse:collapse;width:100%}td{border-top:1px solid #e3e7f0;padding:10px 8px;vertical-align:top}code{background:#eef0ff;border-radius:6px;padding:1px 6px}ul{margin:6px 0 0;padding-left:18px;color:#5b6479;font-size:14px}';

// A page of text and links: nothing may load or run on it but its one style block, allowed by its hash.
const DOCS_POLICY = contentSecurityPolicy({
  'default-src': ["'none'"],
  'style-src': [`'sha256-${createHash('sha256').update(DOCS_STYLE).digest('base64')}'`],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
});

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[character]!);

/** A readable page of the API's calls, drawn from the same document the JSON serves. */
function docsPage(document: ReturnType<typeof openApiDocument>): string {
  const rows = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, operation]) => {
        const { summary, responses, requestBody } = operation as { summary: string; responses: Record<string, { description: string }>; requestBody?: { content: Record<string, { schema: { $ref?: string } }> } };
        const answers = Object.entries(responses).map(([status, response]) => `<li><code>${status}</code> ${escapeHtml(response.description)}</li>`).join('');
        // A body described by a named schema is named, so the reader can find it in openapi.json.
        const bodyName = requestBody?.content['application/json']?.schema.$ref?.split('/').pop();
        const bodyLine = bodyName ? `<li>Body: <code>${escapeHtml(bodyName)}</code></li>` : '';
        return `<tr><td><code>${method.toUpperCase()}</code></td><td><code>${escapeHtml(path)}</code></td><td>${escapeHtml(summary)}<ul>${bodyLine}${answers}</ul></td></tr>`;
      }),
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(document.info.title)}</title>
<style>${DOCS_STYLE}</style></head>
<body><h1>${escapeHtml(document.info.title)}</h1><p>${escapeHtml(document.info.description)}</p>
<p>Base address: <code>${escapeHtml(document.servers[0]!.url)}</code>. The machine-readable description: <a href="/api/docs/openapi.json">openapi.json</a> (OpenAPI 3.1).</p>
<table><tbody>${rows.join('')}</tbody></table></body></html>`;
}

export function docsRoutes(appUrl: string) {
  const document = openApiDocument(appUrl);
  const page = docsPage(document);
  return async (app: FastifyInstance) => {
    app.get('/docs/openapi.json', async () => document);
    app.get('/docs', async (_request, reply) => reply.type('text/html; charset=utf-8').header('content-security-policy', DOCS_POLICY).send(page));
  };
}
