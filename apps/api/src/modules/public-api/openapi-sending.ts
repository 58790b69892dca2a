import { AB_STATUSES } from '@postlark/shared/ab-tests';
import {
  CAMPAIGN_LIMITS,
  CAMPAIGN_STATUSES,
  campaignCreateSchema,
  campaignScheduleSchema,
  campaignTestSendSchema,
  campaignUpdateSchema,
  MESSAGE_STATUSES,
} from '@postlark/shared/campaigns';
import { PLATFORM_IDS } from '@postlark/shared/integrations';
import { RECORD_STATES, SENDER_RULES, senderCreateSchema, senderDomainCreateSchema } from '@postlark/shared/senders';
import { body, common, idParam, json, problem, ref, requestSchema } from './openapi-parts';

// The sending part of the public API's description: senders, sending domains and campaigns.
// Request bodies are drawn from the shared zod schemas the dashboard parses with (requestSchema);
// answers are written out here, their enumerations taken from the shared constants.

const nullableTime = { type: ['string', 'null'], format: 'date-time' };
const time = { type: 'string', format: 'date-time' };
const withMessage = (name: string, schema: object) => ({ type: 'object', properties: { message: { type: 'string' }, [name]: schema } });
const quota = (what: string) => problem(`Too many requests with this key, or ${what} (Retry-After says when to try again)`);

const campaignAction = (summary: string, conflict: string, extra: Record<string, unknown> = {}) => ({
  parameters: [idParam],
  post: {
    summary,
    ...extra,
    responses: { '200': json('Done', withMessage('campaign', ref('Campaign'))), '400': problem('The campaign is not ready: the first thing missing, per field'), '404': problem('Not yours, or no such campaign'), '409': problem(conflict), ...common },
  },
});

export function sendingPaths() {
  return {
    '/v1/senders': {
      get: { summary: 'Your From addresses and domains, as the Senders page shows them, and the addresses campaigns may be sent from', responses: { '200': json('The overview', ref('SenderOverview')), ...common } },
      post: {
        summary: 'Add a From address: a confirmation link is mailed to it, and it can send once the link is opened',
        requestBody: body(ref('SenderCreate')),
        responses: {
          '201': json('Added, waiting for its link', withMessage('sender', ref('SenderIdentity'))),
          '400': problem('A bad address'),
          '409': problem('Already a sender, your account’s own address, or covered by an authenticated domain'),
          ...common,
          '429': quota('the account’s confirmation emails an hour are used up'),
        },
      },
    },
    '/v1/senders/{id}': {
      parameters: [idParam],
      delete: { summary: 'Remove a From address: campaigns can no longer be sent from it', responses: { '200': json('Removed', ref('Message')), '404': problem('Not yours, or no such sender'), ...common } },
    },
    '/v1/sending-domains': {
      get: { summary: 'Your sending domains, each with the DNS records to publish and what the last check found', responses: { '200': json('Domains', { type: 'object', properties: { domains: { type: 'array', items: ref('SendingDomain') } } }), ...common } },
      post: {
        summary: `Add a domain (at most ${SENDER_RULES.domains}): a DKIM key is made for it, and the answer lists the records to publish`,
        requestBody: body(ref('SendingDomainCreate')),
        responses: { '201': json('Added', withMessage('domain', ref('SendingDomain'))), '400': problem('Not a domain name'), '409': problem('Already on your list, or too many domains'), ...common },
      },
    },
    '/v1/sending-domains/{id}': {
      parameters: [idParam],
      get: { summary: 'One domain with its records', responses: { '200': json('The domain', ref('SendingDomain')), '404': problem('Not yours, or no such domain'), ...common } },
      delete: { summary: 'Remove a domain: its addresses can no longer send unless confirmed one by one', responses: { '200': json('Removed', ref('Message')), '404': problem('Not found'), ...common } },
    },
    '/v1/sending-domains/{id}/check': {
      parameters: [idParam],
      post: {
        summary: 'Look the domain’s records up in DNS now; the answer says what was found of each',
        responses: { '200': json('Checked: `message` says what is still missing, if anything', withMessage('domain', ref('SendingDomain'))), '404': problem('Not found'), ...common },
      },
    },
    '/v1/campaigns': {
      get: {
        summary: 'Your campaigns, newest first',
        parameters: [{ name: 'platform', in: 'query', schema: { enum: PLATFORM_IDS }, description: 'Only those delivered through this connected platform' }],
        responses: { '200': json('Campaigns', { type: 'object', properties: { campaigns: { type: 'array', items: ref('Campaign') } } }), '400': problem('A bad query'), ...common },
      },
      post: {
        summary: 'Create a campaign as a draft; it may be incomplete until it is sent or scheduled',
        requestBody: body(ref('CampaignCreate')),
        responses: { '201': json('Created', withMessage('campaign', ref('Campaign'))), '400': problem('A bad field, or a list or segment that is not yours'), ...common },
      },
    },
    '/v1/campaigns/{id}': {
      parameters: [idParam],
      get: { summary: 'One campaign, with its message counts once it has started', responses: { '200': json('The campaign', ref('Campaign')), '404': problem('Not yours, or no such campaign'), ...common } },
      patch: {
        summary: 'Change a draft or scheduled campaign (a scheduled one must stay complete)',
        requestBody: body(ref('CampaignUpdate')),
        responses: { '200': json('Saved', withMessage('campaign', ref('Campaign'))), '400': problem('A bad field'), '404': problem('Not found'), '409': problem('It has started sending: duplicate it instead'), ...common },
      },
    },
    '/v1/campaigns/{id}/test': {
      parameters: [idParam],
      post: {
        summary: `Send the saved campaign to up to ${CAMPAIGN_LIMITS.testRecipients} of your own confirmed addresses, subject marked as a test; not tracked, not in reports`,
        requestBody: body(ref('CampaignTestSend')),
        responses: {
          '200': json('Queued', { type: 'object', properties: { message: { type: 'string' }, sent: { type: 'integer' } } }),
          '400': problem('No subject or content, a merge-tag problem, or an address that is not one of your confirmed ones'),
          '404': problem('Not found'),
          ...common,
          '429': quota('the account’s test messages an hour are used up'),
        },
      },
    },
    '/v1/campaigns/{id}/schedule': campaignAction('Schedule a complete campaign for a wall-clock time in a timezone; it is checked as if sent now', 'Not a draft or a scheduled campaign', {
      requestBody: body(ref('CampaignSchedule')),
    }),
    '/v1/campaigns/{id}/unschedule': campaignAction('Take a scheduled campaign back to a draft', 'Not scheduled'),
    '/v1/campaigns/{id}/send': campaignAction('Send now: a complete campaign whose recipients fit in what is left of the day’s messages', 'Not a draft or a scheduled campaign'),
    '/v1/campaigns/{id}/pause': campaignAction('Pause a sending campaign: nobody else gets it until it is resumed', 'Not sending'),
    '/v1/campaigns/{id}/resume': campaignAction('Resume a paused campaign', 'Not paused'),
    '/v1/campaigns/{id}/cancel': campaignAction('Cancel a scheduled, sending or paused campaign for good', 'Finished already'),
    '/v1/campaigns/{id}/report': {
      parameters: [idParam],
      get: {
        summary: 'The campaign’s report, as the dashboard’s Reports page reads it',
        responses: { '200': json('The report', ref('CampaignReport')), '404': problem('Not found'), '409': problem('It has not started sending yet'), ...common },
      },
    },
  };
}

const counts = (names: readonly string[]) => ({ type: 'object', properties: Object.fromEntries(names.map((name) => [name, { type: 'integer' }])) });

export function sendingSchemas() {
  const sendAddressNote = 'Addresses are trimmed and lower-cased.';
  return {
    SenderCreate: requestSchema(senderCreateSchema, sendAddressNote),
    SendingDomainCreate: requestSchema(senderDomainCreateSchema, 'The domain is trimmed and lower-cased before it is checked.'),
    CampaignCreate: requestSchema(campaignCreateSchema, 'Every field but the name may be left for later; sending checks the campaign is complete.'),
    CampaignUpdate: requestSchema(campaignUpdateSchema, 'Any of the fields; null removes an A/B test, send-time optimisation or delivery platform.'),
    CampaignTestSend: requestSchema(campaignTestSendSchema, `${sendAddressNote} recipients, a seed_list_id or both: at most 25 addresses in all with a seed list.`),
    CampaignSchedule: requestSchema(campaignScheduleSchema, 'send_at as a datetime-local input gives it (YYYY-MM-DDTHH:MM), in timezone (an IANA name, like Europe/London).'),
    SenderIdentity: {
      type: 'object',
      properties: {
        id: { type: 'string', format: 'uuid' },
        email: { type: 'string' },
        status: { enum: ['pending', 'confirmed'] },
        created_at: time,
        confirmed_at: nullableTime,
        confirmation_sent_at: time,
        link_expired: { type: 'boolean', description: 'Pending, and its link no longer works: add it again after removing it' },
      },
    },
    DomainRecord: {
      type: 'object',
      properties: {
        purpose: { enum: ['dkim', 'return-path', 'dmarc'] },
        type: { enum: ['TXT', 'CNAME'] },
        name: { type: 'string', description: 'The full name, e.g. pl1a2b3c._domainkey.example.com' },
        value: { type: 'string', description: 'What to publish (for DMARC: a suggested starting record, or the one found)' },
        state: { enum: RECORD_STATES },
        required: { type: 'boolean', description: 'DKIM is: without it nothing is signed for the domain' },
      },
    },
    SendingDomain: {
      type: 'object',
      properties: {
        id: { type: 'string', format: 'uuid' },
        domain: { type: 'string' },
        status: { enum: ['pending', 'authenticated', 'lost'], description: 'authenticated: its DKIM record is found, so it signs and may be a From; lost: it was, and is not found any more' },
        records: { type: 'array', items: ref('DomainRecord') },
        authenticated_at: nullableTime,
        last_checked_at: nullableTime,
        last_problem: { type: ['string', 'null'] },
        created_at: time,
      },
    },
    SenderOverview: {
      type: 'object',
      properties: {
        account_email: { type: 'string', description: 'Your account’s own address: confirmed already' },
        senders: { type: 'array', items: ref('SenderIdentity') },
        domains: { type: 'array', items: ref('SendingDomain') },
        from_addresses: {
          type: 'array',
          description: 'The addresses campaigns may be sent from, best first',
          items: { type: 'object', properties: { email: { type: 'string' }, treatment: { enum: ['authenticated', 'via-platform'] }, sent_as: { type: 'string' } } },
        },
      },
    },
    Campaign: {
      type: 'object',
      properties: {
        id: { type: 'string', format: 'uuid' },
        name: { type: 'string' },
        subject: { type: 'string' },
        preheader: { type: 'string' },
        from_name: { type: 'string' },
        from_email: { type: 'string' },
        reply_to: { type: 'string' },
        content_html: { type: 'string' },
        content_text: { type: ['string', 'null'], description: 'null while it is generated from the HTML' },
        audience: { type: 'object', properties: { list_ids: { type: 'array', items: { type: 'string' } }, segment_ids: { type: 'array', items: { type: 'string' } } } },
        tracking: { type: 'boolean' },
        status: { enum: CAMPAIGN_STATUSES },
        scheduled_at: nullableTime,
        scheduled_timezone: { type: ['string', 'null'] },
        started_at: nullableTime,
        finished_at: nullableTime,
        created_at: time,
        updated_at: time,
        messages: { ...counts(MESSAGE_STATUSES), type: ['object', 'null'], description: 'How many recipients are where, once sending has started' },
        relay_error: { type: ['string', 'null'], description: 'While messages wait because the mail relay cannot be reached: what it answered' },
        held_reason: { type: ['string', 'null'], description: 'Why a scheduled campaign went back to a draft at its time' },
        ab_test: { type: ['object', 'null'], description: 'The A/B test’s settings, as given in CampaignCreate' },
        ab_test_state: { type: ['object', 'null'], properties: { status: { enum: AB_STATUSES } } },
        send_time_optimisation: { type: ['object', 'null'] },
        delivery_connection_id: { type: ['string', 'null'] },
      },
    },
    CampaignReport: {
      type: 'object',
      properties: {
        campaign: {
          type: 'object',
          properties: { id: { type: 'string' }, name: { type: 'string' }, subject: { type: 'string' }, status: { enum: CAMPAIGN_STATUSES }, tracking: { type: 'boolean' }, started_at: nullableTime, finished_at: nullableTime, delivered_by: { type: ['object', 'null'] } },
        },
        totals: {
          type: 'object',
          properties: {
            ...counts(['recipients', 'pending', 'sent', 'failed', 'unknown', 'skipped', 'held', 'unique_opens', 'human_opens', 'machine_opens', 'unique_clicks', 'clicks', 'unsubscribes', 'bounces', 'complaints']).properties,
            open_rate: { type: ['number', 'null'] },
            click_rate: { type: ['number', 'null'] },
          },
        },
        links: { type: 'array', items: { type: 'object', properties: { url: { type: 'string' }, clicks: { type: 'integer' }, unique_clicks: { type: 'integer' } } } },
        timeline: { type: 'array', description: 'Hour by hour', items: { type: 'object', properties: { at: time, sent: { type: 'integer' }, opens: { type: 'integer' }, clicks: { type: 'integer' } } } },
        ab_test: { type: ['object', 'null'] },
        send_time_optimisation: { type: ['object', 'null'] },
        blocks: { type: 'array', items: { type: 'object' } },
      },
    },
  };
}
