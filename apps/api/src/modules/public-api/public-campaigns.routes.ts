import {
  CAMPAIGN_MESSAGES,
  campaignCreateSchema,
  campaignListQuerySchema,
  campaignScheduleSchema,
  campaignTestSendSchema,
  campaignUpdateSchema,
} from '@postlark/shared/campaigns';
import type { FastifyInstance } from 'fastify';
import { CAMPAIGN_BODY_LIMIT, FORM_BODY_LIMIT } from '../../http/body-limits';
import { parseWith } from '../../http/errors';
import { checkBlocks } from '../campaigns/block-personalisation';
import { scheduleCampaign, unscheduleCampaign } from '../campaigns/campaign-schedule.service';
import { testSend } from '../campaigns/campaign-test.service';
import { type CampaignCheckDeps, campaignChecks } from '../campaigns/campaign-checks';
import {
  allCampaigns,
  type CampaignControl,
  type CampaignDeps,
  controlCampaign,
  createCampaign,
  getCampaign,
  sendCampaign,
  updateCampaign,
} from '../campaigns/campaigns.service';
import { campaignReport, type ReportDeps } from '../reports/reports.service';
import type { ApiCustomerOf } from './api-key-gate';

type IdParams = { Params: { id: string } };

const BASE = '/v1/campaigns';

const CONTROL_MESSAGES: Record<CampaignControl, string> = {
  pause: CAMPAIGN_MESSAGES.paused,
  resume: CAMPAIGN_MESSAGES.resumed,
  cancel: CAMPAIGN_MESSAGES.cancelled,
};

/**
 * Campaigns from other apps (/api/v1/campaigns): the dashboard's own services behind a key, so a
 * campaign made, tested and sent here meets every rule and quota the editor's would, and reads the
 * same report. Each call names one of the key's customer's campaigns; any other id is a 404.
 */
export function publicCampaignRoutes(deps: CampaignDeps & CampaignCheckDeps & ReportDeps & { customerOf: ApiCustomerOf }) {
  const { customerOf } = deps;

  return async (app: FastifyInstance) => {
    app.get(BASE, async (request) => {
      const customerId = await customerOf(request);
      const query = parseWith(campaignListQuerySchema, request.query);
      return { payload: { campaigns: await allCampaigns(deps, customerId, query.platform) } };
    });

    app.post(BASE, { bodyLimit: CAMPAIGN_BODY_LIMIT }, async (request, reply) => {
      const customerId = await customerOf(request);
      const body = parseWith(campaignCreateSchema, request.body);
      // Content blocks that cannot be read, or name another's segment or list, are refused on save, as in the editor.
      await checkBlocks(deps.db, customerId, body.content_html);
      const campaign = await createCampaign(deps, customerId, body);
      return reply.code(201).send({ payload: { message: CAMPAIGN_MESSAGES.created, campaign } });
    });

    app.get<IdParams>(`${BASE}/:id`, async (request) => ({ payload: await getCampaign(deps, await customerOf(request), request.params.id) }));

    app.patch<IdParams>(`${BASE}/:id`, { bodyLimit: CAMPAIGN_BODY_LIMIT }, async (request) => {
      const customerId = await customerOf(request);
      const body = parseWith(campaignUpdateSchema, request.body);
      await checkBlocks(deps.db, customerId, body.content_html);
      return { payload: { message: CAMPAIGN_MESSAGES.saved, campaign: await updateCampaign(deps, customerId, request.params.id, body) } };
    });

    app.post<IdParams>(`${BASE}/:id/test`, { bodyLimit: FORM_BODY_LIMIT }, async (request) => {
      const customerId = await customerOf(request);
      const sent = await testSend(deps, customerId, request.params.id, parseWith(campaignTestSendSchema, request.body));
      return { payload: { message: CAMPAIGN_MESSAGES.testSent(sent), sent } };
    });

    app.post<IdParams>(`${BASE}/:id/schedule`, { bodyLimit: FORM_BODY_LIMIT }, async (request) => {
      const customerId = await customerOf(request);
      const campaign = await scheduleCampaign(deps, customerId, request.params.id, parseWith(campaignScheduleSchema, request.body));
      return { payload: { message: CAMPAIGN_MESSAGES.scheduled, campaign } };
    });

    app.post<IdParams>(`${BASE}/:id/unschedule`, async (request) => ({
      payload: { message: CAMPAIGN_MESSAGES.unscheduled, campaign: await unscheduleCampaign(deps, await customerOf(request), request.params.id) },
    }));

    app.post<IdParams>(`${BASE}/:id/send`, async (request) => ({
      payload: { message: CAMPAIGN_MESSAGES.sendStarted, campaign: await sendCampaign(deps, await customerOf(request), request.params.id) },
    }));

    for (const control of ['pause', 'resume', 'cancel'] as const) {
      app.post<IdParams>(`${BASE}/:id/${control}`, async (request) => ({
        payload: { message: CONTROL_MESSAGES[control], campaign: await controlCampaign(deps, await customerOf(request), request.params.id, control) },
      }));
    }

    app.post<IdParams>(`${BASE}/:id/checks`, async (request) => ({ payload: { checks: await campaignChecks(deps, await customerOf(request), request.params.id) } }));

    app.get<IdParams>(`${BASE}/:id/report`, async (request) => ({ payload: await campaignReport(deps, await customerOf(request), request.params.id) }));
  };
}
