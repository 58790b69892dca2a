import type { FastifyInstance } from 'fastify';
import { requireCustomer } from '../auth/session.service';
import { reportReadersQuerySchema } from '@postlark/shared/campaign-reports';
import { parseWith } from '../../http/errors';
import { allReports, campaignReport, type ReportDeps, reportReaders } from './reports.service';

type IdParams = { Params: { id: string } };

/** The Reports pages: across campaigns, and one campaign's. */
export function reportRoutes(deps: ReportDeps) {
  return async (app: FastifyInstance) => {
    app.get('/campaigns/v1/reports', async (request) => {
      const owner = await requireCustomer(deps, request);
      return { payload: { reports: await allReports(deps, owner.customerId) } };
    });

    app.get<IdParams>('/campaigns/v1/campaigns/:id/report', async (request) => {
      const owner = await requireCustomer(deps, request);
      return { payload: { report: await campaignReport(deps, owner.customerId, request.params.id) } };
    });

    app.get<IdParams>('/campaigns/v1/campaigns/:id/report/readers', async (request) => {
      const owner = await requireCustomer(deps, request);
      const query = parseWith(reportReadersQuerySchema, request.query);
      return { payload: await reportReaders(deps, owner.customerId, request.params.id, query) };
    });
  };
}
