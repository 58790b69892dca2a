import {
  CAMPAIGN_LIMITS,
  campaignCreateSchema,
  campaignListQuerySchema,
  campaignScheduleSchema,
  campaignTestSendSchema,
  campaignUpdateSchema,
} from '@postlark/shared/campaigns';
import { SENDER_RULES, senderCreateSchema, senderDomainCreateSchema } from '@postlark/shared/senders';
import { common, idParam, json, type PathSpec, problem, quota, ref } from './openapi-parts';

// The sending half of the public API's route table: senders, sending domains and campaigns. Each
// body and query names the shared schema its route parses with (the dashboard's forms parse with
// it too); the answers are components (openapi-sending-schemas.ts).

const withMessage = (name: string, schema: object) => ({ type: 'object', properties: { message: { type: 'string' }, [name]: schema }, required: ['message', name] });
const sendAddressNote = 'Addresses are trimmed and lower-cased.';

const campaignAnswers = (conflict: string) => ({
  '200': json('Done', withMessage('campaign', ref('Campaign'))),
  '400': problem('The campaign is not ready: the first thing missing, per field'),
  '404': problem('Not yours, or no such campaign'),
  '409': problem(conflict),
  ...common,
});
const campaignAction = (summary: string, conflict: string): PathSpec => ({ parameters: [idParam], post: { summary, responses: campaignAnswers(conflict) } });

export const sendingPaths: Record<string, PathSpec> = {
  '/v1/senders': {
    get: { summary: 'Your From addresses and domains, as the Senders page shows them, and the addresses campaigns may be sent from', responses: { '200': json('The overview', ref('SenderOverview')), ...common } },
    post: {
      summary: 'Add a From address: a confirmation link is mailed to it, and it can send once the link is opened',
      body: { name: 'SenderCreate', schema: senderCreateSchema, description: sendAddressNote, example: { email: 'news@example.com' } },
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
    get: {
      summary: 'Your sending domains, each with the DNS records to publish and what the last check found',
      responses: { '200': json('Domains', { type: 'object', properties: { domains: { type: 'array', items: ref('SendingDomain') } }, required: ['domains'] }), ...common },
    },
    post: {
      summary: `Add a domain (at most ${SENDER_RULES.domains}): a DKIM key is made for it, and the answer lists the records to publish`,
      body: { name: 'SendingDomainCreate', schema: senderDomainCreateSchema, description: 'The domain is trimmed and lower-cased before it is checked.', example: { domain: 'example.com' } },
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
      query: campaignListQuerySchema,
      queryNotes: { platform: 'Only those delivered through this connected platform' },
      responses: { '200': json('Campaigns', { type: 'object', properties: { campaigns: { type: 'array', items: ref('Campaign') } }, required: ['campaigns'] }), '400': problem('A bad query'), ...common },
    },
    post: {
      summary: 'Create a campaign as a draft; it may be incomplete until it is sent or scheduled',
      body: {
        name: 'CampaignCreate',
        schema: campaignCreateSchema,
        description: 'Every field but the name may be left for later; sending checks the campaign is complete.',
        example: {
          name: 'November news',
          subject: 'Hello {{ first_name | default: "there" }}',
          preheader: 'What is new this month',
          from_name: 'Lark Letters',
          from_email: 'news@example.com',
          content_html: '<h1>Hi {{ first_name | default: "there" }}</h1><p>Our November picks.</p>',
        },
      },
      responses: { '201': json('Created', withMessage('campaign', ref('Campaign'))), '400': problem('A bad field, or a list or segment that is not yours'), ...common },
    },
  },
  '/v1/campaigns/{id}': {
    parameters: [idParam],
    get: { summary: 'One campaign, with its message counts once it has started', responses: { '200': json('The campaign', ref('Campaign')), '404': problem('Not yours, or no such campaign'), ...common } },
    patch: {
      summary: 'Change a draft or scheduled campaign (a scheduled one must stay complete)',
      body: {
        name: 'CampaignUpdate',
        schema: campaignUpdateSchema,
        description: 'Any of the fields; null removes an A/B test, send-time optimisation or delivery platform.',
        example: { subject: 'Hello {{ first_name | default: "friend" }}' },
      },
      responses: { '200': json('Saved', withMessage('campaign', ref('Campaign'))), '400': problem('A bad field'), '404': problem('Not found'), '409': problem('It has started sending: duplicate it instead'), ...common },
    },
  },
  '/v1/campaigns/{id}/test': {
    parameters: [idParam],
    post: {
      summary: `Send the saved campaign to up to ${CAMPAIGN_LIMITS.testRecipients} of your own confirmed addresses, subject marked as a test; not tracked, not in reports`,
      body: {
        name: 'CampaignTestSend',
        schema: campaignTestSendSchema,
        description: `${sendAddressNote} recipients, a seed_list_id or both: at most 25 addresses in all with a seed list.`,
        example: { recipients: ['you@example.com'] },
      },
      responses: {
        '200': json('Queued', { type: 'object', properties: { message: { type: 'string' }, sent: { type: 'integer' } }, required: ['message', 'sent'] }),
        '400': problem('No subject or content, a merge-tag problem, or an address that is not one of your confirmed ones'),
        '404': problem('Not found'),
        ...common,
        '429': quota('the account’s test messages an hour are used up'),
      },
    },
  },
  '/v1/campaigns/{id}/checks': {
    parameters: [idParam],
    post: {
      summary: 'Check the saved campaign before sending, as the editor does: its From address, return path, DMARC, size, links, images and, where the server has a spam checker, its score',
      responses: {
        '200': json('The checks: a fail is something sending refuses, a warn one you may send past', { type: 'object', properties: { checks: { type: 'array', items: ref('CampaignCheck') } }, required: ['checks'] }),
        '404': problem('Not yours, or no such campaign'),
        ...common,
        '429': quota('the account’s checks a minute are used up (each asks every link’s site)'),
      },
    },
  },
  '/v1/campaigns/{id}/schedule': {
    parameters: [idParam],
    post: {
      summary: 'Schedule a complete campaign for a wall-clock time in a timezone; it is checked as if sent now',
      body: {
        name: 'CampaignSchedule',
        schema: campaignScheduleSchema,
        description: 'send_at as a datetime-local input gives it (YYYY-MM-DDTHH:MM), in timezone (an IANA name, like Europe/London).',
        example: { send_at: '2026-12-01T09:00', timezone: 'Europe/London' },
      },
      responses: campaignAnswers('Not a draft or a scheduled campaign'),
    },
  },
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
