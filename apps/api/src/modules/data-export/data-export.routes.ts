import { DATA_EXPORT_MESSAGES, dataExportRequestSchema, type DownloadProblem } from '@postlark/shared/data-export';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FORM_BODY_LIMIT } from '../../http/body-limits';
import { HttpError, parseWith } from '../../http/errors';
import type { Db } from '../../db/client';
import { requireCustomer, requireOwnCustomer } from '../auth/session.service';
import { ROUTES } from '@postlark/shared/routes';
import { exportArchive, listCustomerExports, requestExport } from './data-export.service';

type CustomerParams = { Params: { customerId: string } };
type ExportParams = { Params: { customerId: string; exportId: string } };

export interface DataExportRouteDeps {
  db: Db;
  now: () => Date;
  startBuild(exportId: string): Promise<void>;
}

const DATA_TAB = `${ROUTES.profile}?tab=data`;
// Where a signed-out visitor of a download link is sent: sign in, then the tab with the download.
const SIGN_IN_FOR_DOWNLOAD = `${ROUTES.login}?next=${encodeURIComponent(DATA_TAB)}`;

const PROBLEM_BY_STATUS: Record<number, DownloadProblem> = { 409: 'not-ready', 410: 'expired' };

/** A link opened in a browser (an email, the panel) rather than called by the app. */
function openedInBrowser(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/html');
}

/** Manage my data: start an export, list them, download one, for the signed-in customer's own id only. */
export function dataExportRoutes(deps: DataExportRouteDeps) {
  return async (app: FastifyInstance) => {
    app.post<CustomerParams>('/home/v1/user/:customerId/exports', { bodyLimit: FORM_BODY_LIMIT }, async (request, reply) => {
      const owner = await requireOwnCustomer(deps, request);
      const started = await requestExport(deps, owner.customerId, parseWith(dataExportRequestSchema, request.body));
      return reply.code(202).send({ payload: { message: DATA_EXPORT_MESSAGES.started, export: started } });
    });

    app.get<CustomerParams>('/home/v1/user/:customerId/exports', async (request) => {
      const owner = await requireOwnCustomer(deps, request);
      return { payload: await listCustomerExports(deps, owner.customerId) };
    });

    app.get<ExportParams>('/home/v1/user/:customerId/exports/:exportId/download', async (request, reply) => {
      // The emailed link is opened in a browser that may be signed out: send it to sign in first.
      const signedIn = await requireCustomer(deps, request).catch((error: unknown) => {
        if (error instanceof HttpError && error.statusCode === 401) return null;
        throw error;
      });
      if (!signedIn) return reply.redirect(SIGN_IN_FOR_DOWNLOAD, 303);
      let download: Awaited<ReturnType<typeof exportArchive>>;
      try {
        // Another customer's link answers like an unknown export.
        if (request.params.customerId !== signedIn.customerId) throw new HttpError(404, DATA_EXPORT_MESSAGES.notFound);
        download = await exportArchive(deps, signedIn.customerId, request.params.exportId);
      } catch (error) {
        if (!(error instanceof HttpError) || !openedInBrowser(request)) throw error;
        // A browser gets the tab, which says why, instead of a page of JSON.
        return reply.redirect(`${DATA_TAB}&download=${PROBLEM_BY_STATUS[error.statusCode] ?? 'missing'}`, 303);
      }
      const { archive, fileName } = download;
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(archive);
    });
  };
}
