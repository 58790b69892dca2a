import { connectSchema, INTEGRATION_MESSAGES, linkAudienceSchema, PLATFORM_NAMES } from '@postlark/shared/integrations';
import type { FastifyInstance } from 'fastify';
import { FORM_BODY_LIMIT } from '../../http/body-limits';
import { clientKey } from '../../http/client-address';
import { parseWith } from '../../http/errors';
import type { RouteLimit } from '../../http/read-limits';
import type { KeyedHash } from '../../lib/keyed-hash';
import { requireCustomer } from '../auth/session.service';
import { connect, connectionDetail, connectionRuns, connectionsView, disconnect, type IntegrationDeps, linkAudience, remoteAudiences, syncNow } from './connections.service';
import { finishMailchimpSignIn, mailchimpSignInUrl, type OAuthDeps } from './mailchimp-sign-in.service';

const BASE = '/home/v1/integrations';

type ById = { Params: { id: string } };

/** The Integrations tab: the signed-in customer's connected platforms, their audiences and their sync. */
export function integrationRoutes(deps: IntegrationDeps & OAuthDeps & { hashIp: KeyedHash; audiencesLimit: RouteLimit }) {
  return async (app: FastifyInstance) => {
    app.get(BASE, async (request, reply) => {
      const owner = await requireCustomer(deps, request);
      return reply.header('cache-control', 'no-store').send({ payload: await connectionsView(deps, owner.customerId) });
    });

    app.post(BASE, { bodyLimit: FORM_BODY_LIMIT }, async (request, reply) => {
      const owner = await requireCustomer(deps, request);
      const input = parseWith(connectSchema, request.body);
      // Each key tried is counted for the account and the client address (connect-throttle.ts).
      const connection = await connect(deps, owner.customerId, input, { customerId: owner.customerId, ipHash: deps.hashIp(clientKey(request)) });
      return reply.code(201).send({ payload: { message: INTEGRATION_MESSAGES.connected(PLATFORM_NAMES[connection.platform]), connection } });
    });

    app.get<ById>(`${BASE}/:id`, async (request) => {
      const owner = await requireCustomer(deps, request);
      return { payload: { connection: await connectionDetail(deps, owner.customerId, request.params.id) } };
    });

    // ?keep_audience=false removes the synced lists too; kept by default.
    app.delete<ById & { Querystring: { keep_audience?: string } }>(`${BASE}/:id`, async (request) => {
      const owner = await requireCustomer(deps, request);
      const keep = request.query.keep_audience !== 'false';
      return { payload: { message: await disconnect(deps, owner.customerId, request.params.id, keep) } };
    });

    // Each read calls the platform's API with the account's key: PLATFORM_AUDIENCE_READS_PER_MINUTE per account.
    app.get<ById>(`${BASE}/:id/audiences`, { onRequest: deps.audiencesLimit }, async (request) => {
      const owner = await requireCustomer(deps, request);
      return { payload: { audiences: await remoteAudiences(deps, owner.customerId, request.params.id) } };
    });

    app.post<ById>(`${BASE}/:id/links`, { bodyLimit: FORM_BODY_LIMIT }, async (request, reply) => {
      const owner = await requireCustomer(deps, request);
      const connection = await linkAudience(deps, owner.customerId, request.params.id, parseWith(linkAudienceSchema, request.body));
      return reply.code(202).send({ payload: { message: INTEGRATION_MESSAGES.importQueued(PLATFORM_NAMES[connection.platform]), connection } });
    });

    app.post<ById>(`${BASE}/:id/sync`, async (request, reply) => {
      const owner = await requireCustomer(deps, request);
      const connection = await syncNow(deps, owner.customerId, request.params.id);
      return reply.code(202).send({ payload: { message: INTEGRATION_MESSAGES.syncQueued, connection } });
    });

    app.get<ById>(`${BASE}/:id/runs`, async (request) => {
      const owner = await requireCustomer(deps, request);
      return { payload: { runs: await connectionRuns(deps, owner.customerId, request.params.id) } };
    });

    // "Sign in with Mailchimp": where to send the browser, and where Mailchimp sends it back.
    app.get(`${BASE}/mailchimp/authorize`, async (request, reply) => {
      const owner = await requireCustomer(deps, request);
      return reply.header('cache-control', 'no-store').send({ payload: { url: await mailchimpSignInUrl(deps, owner) } });
    });

    // The state is taken only in the session that asked for it above, and only once.
    app.get<{ Querystring: { code?: unknown; state?: unknown; error?: unknown } }>(`${BASE}/mailchimp/callback`, async (request, reply) => {
      const owner = await requireCustomer(deps, request);
      const target = await finishMailchimpSignIn(deps, owner, request.query);
      return reply.redirect(target, 303);
    });
  };
}
