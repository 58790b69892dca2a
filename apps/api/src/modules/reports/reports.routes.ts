import type { FastifyInstance } from 'fastify';
import { requireCustomer } from '../auth/session.service';
import { allReports, campaignReport, type ReportDeps } from './reports.service';

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
  };
}
