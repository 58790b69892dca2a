import {
  CAMPAIGN_MESSAGES,
  campaignCreateSchema, campaignListQuerySchema,
  campaignPreviewSchema,
  campaignScheduleSchema,
  campaignTestSendSchema,
  campaignUpdateSchema,
} from '@postlark/shared/campaigns';
import { calendarQuerySchema } from '@postlark/shared/campaign-calendar';
import type { FastifyInstance } from 'fastify';
import { CAMPAIGN_BODY_LIMIT } from '../../http/body-limits';
import { parseWith } from '../../http/errors';
import type { RouteLimit } from '../../http/read-limits';
import { requireCustomer } from '../auth/session.service';
import {
  allCampaigns,
  type CampaignControl,
  type CampaignDeps,
  controlCampaign,
  createCampaign,
  duplicateCampaign,
  getCampaign,
  removeCampaign,
  recipientCount,
  sendCampaign,
  updateCampaign,
} from './campaigns.service';
import { scheduleCampaign, unscheduleCampaign } from './campaign-schedule.service';
import { previewFor, testSend } from './campaign-test.service';
import { checkBlocks } from './block-personalisation';
import { campaignCalendar } from './campaign-calendar.service';
import { type CampaignCheckDeps, campaignChecks } from './campaign-checks';

type IdParams = { Params: { id: string } };

const BASE = '/campaigns/v1/campaigns';

const CONTROL_MESSAGES: Record<CampaignControl, string> = {
  pause: CAMPAIGN_MESSAGES.paused,
  resume: CAMPAIGN_MESSAGES.resumed,
  cancel: CAMPAIGN_MESSAGES.cancelled,
};

/** The signed-in customer's campaigns: write, duplicate, send, pause, resume, cancel. */
export function campaignRoutes(deps: CampaignDeps & CampaignCheckDeps & { previewLimit: RouteLimit }) {
  return async (app: FastifyInstance) => {
    app.get(BASE, async (request) => {
      const owner = await requireCustomer(deps, request);
      const query = parseWith(campaignListQuerySchema, request.query);
      return { payload: { campaigns: await allCampaigns(deps, owner.customerId, query.platform) } };
    });

    // The top bar's calendar (issue 23): only what a month needs, not every campaign's content.
    app.get('/campaigns/v1/calendar', async (request) => {
      const owner = await requireCustomer(deps, request);
      return { payload: await campaignCalendar(deps.db, owner.customerId, parseWith(calendarQuerySchema, request.query)) };
    });

    app.post(BASE, { bodyLimit: CAMPAIGN_BODY_LIMIT }, async (request, reply) => {
      const owner = await requireCustomer(deps, request);
      const body = parseWith(campaignCreateSchema, request.body);
      // Content blocks that cannot be read, or name another's segment or list, are refused on save.
      await checkBlocks(deps.db, owner.customerId, body.content_html);
      const campaign = await createCampaign(deps, owner.customerId, body);
      return reply.code(201).send({ payload: { message: CAMPAIGN_MESSAGES.created, campaign } });
    });

    app.get<IdParams>(`${BASE}/:id`, async (request) => {
      const owner = await requireCustomer(deps, request);
      return { payload: { campaign: await getCampaign(deps, owner.customerId, request.params.id) } };
    });

    app.patch<IdParams>(`${BASE}/:id`, { bodyLimit: CAMPAIGN_BODY_LIMIT }, async (request) => {
      const owner = await requireCustomer(deps, request);
      const body = parseWith(campaignUpdateSchema, request.body);
      await checkBlocks(deps.db, owner.customerId, body.content_html);
      const campaign = await updateCampaign(deps, owner.customerId, request.params.id, body);
      return { payload: { message: CAMPAIGN_MESSAGES.saved, campaign } };
    });

    app.delete<IdParams>(`${BASE}/:id`, async (request) => {
      const owner = await requireCustomer(deps, request);
      await removeCampaign(deps, owner.customerId, request.params.id);
      return { payload: { message: CAMPAIGN_MESSAGES.deleted } };
    });

    app.post<IdParams>(`${BASE}/:id/duplicate`, async (request, reply) => {
      const owner = await requireCustomer(deps, request);
      const campaign = await duplicateCampaign(deps, owner.customerId, request.params.id);
      return reply.code(201).send({ payload: { message: CAMPAIGN_MESSAGES.duplicated, campaign } });
    });

    app.post<IdParams>(`${BASE}/:id/send`, async (request) => {
      const owner = await requireCustomer(deps, request);
      return { payload: { message: CAMPAIGN_MESSAGES.sendStarted, campaign: await sendCampaign(deps, owner.customerId, request.params.id) } };
    });

    // The Send now dialog's "how many people get it".
    app.get<IdParams>(`${BASE}/:id/recipients`, async (request) => {
      const owner = await requireCustomer(deps, request);
      return { payload: { recipients: await recipientCount(deps, owner.customerId, request.params.id) } };
    });

    // "Check before sending": the saved campaign as readers will get it (campaign-checks.ts).
    app.post<IdParams>(`${BASE}/:id/checks`, async (request) => {
      const owner = await requireCustomer(deps, request);
      return { payload: { checks: await campaignChecks(deps, owner.customerId, request.params.id) } };
    });

    // A preview renders the whole email (blocks, products, merge tags): CAMPAIGN_PREVIEWS_PER_MINUTE per account.
    app.post(`/campaigns/v1/preview`, { bodyLimit: CAMPAIGN_BODY_LIMIT, onRequest: deps.previewLimit }, async (request) => {
      const owner = await requireCustomer(deps, request);
      return { payload: await previewFor(deps, owner.customerId, parseWith(campaignPreviewSchema, request.body)) };
    });

    app.post<IdParams>(`${BASE}/:id/test`, async (request) => {
      const owner = await requireCustomer(deps, request);
      const sent = await testSend(deps, owner.customerId, request.params.id, parseWith(campaignTestSendSchema, request.body));
      return { payload: { message: CAMPAIGN_MESSAGES.testSent(sent) } };
    });

    app.post<IdParams>(`${BASE}/:id/schedule`, async (request) => {
      const owner = await requireCustomer(deps, request);
      const campaign = await scheduleCampaign(deps, owner.customerId, request.params.id, parseWith(campaignScheduleSchema, request.body));
      return { payload: { message: CAMPAIGN_MESSAGES.scheduled, campaign } };
    });

    app.post<IdParams>(`${BASE}/:id/unschedule`, async (request) => {
      const owner = await requireCustomer(deps, request);
      return { payload: { message: CAMPAIGN_MESSAGES.unscheduled, campaign: await unscheduleCampaign(deps, owner.customerId, request.params.id) } };
    });

    for (const control of ['pause', 'resume', 'cancel'] as const) {
      app.post<IdParams>(`${BASE}/:id/${control}`, async (request) => {
        const owner = await requireCustomer(deps, request);
        return { payload: { message: CONTROL_MESSAGES[control], campaign: await controlCampaign(deps, owner.customerId, request.params.id, control) } };
      });
    }
  };
}
