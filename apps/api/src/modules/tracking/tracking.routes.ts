import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { databaseErrorCode } from '../../db/errors';
import { hitBuffer, type HitBufferEvents } from './hit-buffer';
import { isMachineAgent } from './machine-opens';
import { type ClickHit, insertClicks, insertOpens, type OpenHit } from './tracking.repository';
import { clickDestination, TRACKING_PATHS, TRACKING_PIXEL, type TrackingLinks } from './tracking-links';


export interface TrackingDeps {
  db: Db;
  now: () => Date;
  links: TrackingLinks;
}

type TokenParams = { Params: { token: string }; Querystring: { u?: unknown } };

/**
 * The open pixel and click redirects mailed in campaigns, at the site's root (short links).
 * Each answers before its hit is stored; the hits are written in batches, and the rest when the
 * app closes.
 */
export function trackingRoutes(deps: TrackingDeps) {
  return async (app: FastifyInstance) => {
    const events: HitBufferEvents = {
      onError: (error, waiting) => app.log.error({ err: error, waiting }, 'tracking hits could not be stored; retrying'),
      // A count and the SQLSTATE only: the error's text can quote the hits' addresses.
      onDropped: (dropped, error) => app.log.warn({ dropped, code: databaseErrorCode(error) }, 'tracking hits the database refused were dropped'),
    };
    const opens = hitBuffer<OpenHit>((hits) => insertOpens(deps.db, hits), events);
    const clicks = hitBuffer<ClickHit>((hits) => insertClicks(deps.db, hits), events);
    app.addHook('onClose', async () => {
      await Promise.all([opens.flush(), clicks.flush()]);
    });

    // A pixel hit per reader per open: logging each at info would flood the log and slow the answer.
    const quiet = { logLevel: 'warn' as const };

    app.get<TokenParams>(`${TRACKING_PATHS.open}:token`, quiet, async (request, reply) => {
      const rowId = deps.links.openRow(request.params.token);
      if (rowId === null) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      opens.add({ rowId, at: deps.now(), machine: isMachineAgent(request.headers['user-agent'], request.ip) });
      // Never cached: a second reading of the message is a second open.
      return reply.header('cache-control', 'no-store, max-age=0').type('image/gif').send(TRACKING_PIXEL);
    });

    app.get<TokenParams>(`${TRACKING_PATHS.click}:token`, quiet, async (request, reply) => {
      const url = typeof request.query.u === 'string' ? request.query.u : '';
      const target = url ? deps.links.clickRow(request.params.token, url) : null;
      if (target === null) return reply.code(404).type('text/plain; charset=utf-8').send('This link is not valid.');
      const destination = clickDestination(url);
      clicks.add({ ...target, url: destination, at: deps.now(), machine: isMachineAgent(request.headers['user-agent'], request.ip) });
      return reply.header('cache-control', 'no-store, max-age=0').redirect(destination, 302);
    });
  };
}
