import { DATA_EXPORT_MESSAGES, dataExportRequestSchema } from '@postlark/shared/data-export';
import type { FastifyInstance } from 'fastify';
import { FORM_BODY_LIMIT } from '../../http/body-limits';
import { parseWith } from '../../http/errors';
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

// Where a signed-out visitor of a download link is sent: sign in, then the tab with the download.
const SIGN_IN_FOR_DOWNLOAD = `${ROUTES.login}?next=${encodeURIComponent(`${ROUTES.profile}?tab=data`)}`;

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
      const signedIn = await requireCustomer(deps, request).catch(() => null);
      if (!signedIn) return reply.redirect(SIGN_IN_FOR_DOWNLOAD, 303);
      const owner = await requireOwnCustomer(deps, request);
      const { archive, fileName } = await exportArchive(deps, owner.customerId, request.params.exportId);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(archive);
    });
  };
}
