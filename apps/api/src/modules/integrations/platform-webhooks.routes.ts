import type { FastifyInstance } from 'fastify';
import type { IntegrationDeps } from './connections.service';
import { receiveWebhook, webhookTarget } from './platform-webhooks.service';

const PLATFORM_WEBHOOK_BODY_LIMIT = 256 * 1024;

type Target = { Params: { linkId: string; secret: string } };

/** Public receivers of the platforms' webhooks (platform-webhooks.service.ts), under the API's prefix. */
export function platformWebhookRoutes(deps: IntegrationDeps) {
  return async (app: FastifyInstance) => {
    // Mailchimp posts form-encoded fields (`type=unsubscribe&data[email]=…`); the client reads them.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: PLATFORM_WEBHOOK_BODY_LIMIT }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))));
    });

    // Mailchimp checks an address with a GET before it saves a webhook.
    app.get<Target>('/integrations/v1/webhooks/:secret/:linkId', async (request) => {
      await webhookTarget(deps.db, request.params.linkId, request.params.secret);
      return { payload: { ok: true } };
    });

    app.post<Target>('/integrations/v1/webhooks/:secret/:linkId', { bodyLimit: PLATFORM_WEBHOOK_BODY_LIMIT }, async (request) => {
      const target = await webhookTarget(deps.db, request.params.linkId, request.params.secret);
      const received = await receiveWebhook(deps, target, request.body, request.headers);
      return { payload: { received } };
    });
  };
}
