import { AB_STATUSES } from '@postlark/shared/ab-tests';
import { CAMPAIGN_CHECK_IDS } from '@postlark/shared/campaign-checks';
import { CAMPAIGN_STATUSES, MESSAGE_STATUSES } from '@postlark/shared/campaigns';
import { PLATFORM_IDS } from '@postlark/shared/integrations';
import { RECORD_STATES } from '@postlark/shared/senders';
import { type JsonSchema, record, ref } from './openapi-parts';

// What the sending half of the public API answers: senders, sending domains, campaigns and their
// reports, written out here with the shared constants' enumerations. Every property listed is in
// the answer unless it is named optional; a null says "none".

const time = { type: 'string', format: 'date-time' };
const nullableTime = { type: ['string', 'null'], format: 'date-time' };
const nullableString = { type: ['string', 'null'] };
const nullableObject = (description?: string) => ({ type: ['object', 'null'], ...(description ? { description } : {}) });
const integers = (names: readonly string[]) => Object.fromEntries(names.map((name) => [name, { type: 'integer' }]));
const counts = (names: readonly string[]) => record(integers(names));

const REPORT_COUNTS = ['recipients', 'pending', 'sent', 'failed', 'unknown', 'skipped', 'held', 'unique_opens', 'human_opens', 'machine_opens', 'unique_clicks', 'clicks', 'unsubscribes', 'bounces', 'complaints'];

export function sendingSchemas(): Record<string, JsonSchema> {
  return {
    SenderIdentity: record({
      id: { type: 'string', format: 'uuid' },
      email: { type: 'string' },
      status: { enum: ['pending', 'confirmed'] },
      created_at: time,
      confirmed_at: nullableTime,
      confirmation_sent_at: time,
      link_expired: { type: 'boolean', description: 'Pending, and its link no longer works: add it again after removing it' },
    }),
    DomainRecord: record({
      purpose: { enum: ['dkim', 'return-path', 'dmarc', 'links'] },
      type: { enum: ['TXT', 'CNAME'] },
      name: { type: 'string', description: 'The full name, e.g. pl1a2b3c._domainkey.example.com' },
      value: { type: 'string', description: 'What to publish (for DMARC: a suggested starting record, or the one found)' },
      state: { enum: RECORD_STATES },
      required: { type: 'boolean', description: 'DKIM is: without it nothing is signed for the domain' },
    }),
    SendingDomain: record({
      id: { type: 'string', format: 'uuid' },
      domain: { type: 'string' },
      status: { enum: ['pending', 'authenticated', 'lost'], description: 'authenticated: its DKIM record is found, so it signs and may be a From; lost: it was, and is not found any more' },
      records: { type: 'array', items: ref('DomainRecord') },
      authenticated_at: nullableTime,
      last_checked_at: nullableTime,
      last_problem: nullableString,
      created_at: time,
    }),
    SenderOverview: record({
      account_email: { type: 'string', description: 'Your account’s own address: confirmed already' },
      senders: { type: 'array', items: ref('SenderIdentity') },
      domains: { type: 'array', items: ref('SendingDomain') },
      from_addresses: {
        type: 'array',
        description: 'The addresses campaigns may be sent from, best first',
        items: record({ email: { type: 'string' }, treatment: { enum: ['authenticated', 'via-platform'] }, sent_as: { type: 'string' } }),
      },
    }),
    Campaign: record({
      id: { type: 'string', format: 'uuid' },
      name: { type: 'string' },
      subject: { type: 'string' },
      preheader: { type: 'string' },
      from_name: { type: 'string' },
      from_email: { type: 'string' },
      reply_to: { type: 'string' },
      content_html: { type: 'string' },
      content_text: { ...nullableString, description: 'null while it is generated from the HTML' },
      audience: record({ list_ids: { type: 'array', items: { type: 'string' } }, segment_ids: { type: 'array', items: { type: 'string' } } }),
      tracking: { type: 'boolean' },
      status: { enum: CAMPAIGN_STATUSES },
      scheduled_at: nullableTime,
      scheduled_timezone: nullableString,
      started_at: nullableTime,
      finished_at: nullableTime,
      created_at: time,
      updated_at: time,
      messages: { ...counts(MESSAGE_STATUSES), type: ['object', 'null'], description: 'How many recipients are where, once sending has started' },
      relay_error: { ...nullableString, description: 'While messages wait because the mail relay cannot be reached: what it answered' },
      held_reason: { ...nullableString, description: 'Why a scheduled campaign went back to a draft at its time' },
      paused_reason: { ...nullableString, description: 'Why sending paused by itself (the relay refused the sender again and again), quoting the relay' },
      ab_test: nullableObject('The A/B test’s settings, as given in CampaignCreate'),
      ab_test_state: { type: ['object', 'null'], properties: { status: { enum: AB_STATUSES } } },
      send_time_optimisation: nullableObject(),
      delivery_connection_id: nullableString,
    }),
    CampaignCheck: record({
      id: { enum: CAMPAIGN_CHECK_IDS },
      status: { enum: ['pass', 'warn', 'fail'] },
      title: { type: 'string' },
      detail: { type: 'string' },
    }),
    CampaignReport: record({
      campaign: record({
        id: { type: 'string', format: 'uuid' },
        name: { type: 'string' },
        subject: { type: 'string' },
        status: { enum: CAMPAIGN_STATUSES },
        tracking: { type: 'boolean' },
        started_at: nullableTime,
        finished_at: nullableTime,
        delivered_by: { ...record({ platform: { enum: PLATFORM_IDS }, reported_at: nullableTime }), type: ['object', 'null'] },
      }),
      totals: record({ ...integers(REPORT_COUNTS), open_rate: { type: ['number', 'null'] }, click_rate: { type: ['number', 'null'] } }),
      links: { type: 'array', items: record({ url: { type: 'string' }, clicks: { type: 'integer' }, unique_clicks: { type: 'integer' } }) },
      timeline: { type: 'array', description: 'Hour by hour', items: record({ at: time, sent: { type: 'integer' }, opens: { type: 'integer' }, clicks: { type: 'integer' } }) },
      ab_test: nullableObject(),
      send_time_optimisation: nullableObject(),
      blocks: { type: 'array', items: { type: 'object' } },
      receivers: record({
        counts: counts(['dead', 'soft', 'sender', 'complaint']),
        latest: {
          type: 'array',
          description: 'The latest reports from receivers, newest first',
          items: record({ email: { type: 'string' }, outcome: { enum: ['dead', 'soft', 'sender', 'complaint'] }, status: { type: ['string', 'null'] }, diagnostic: { type: 'string' }, received_at: time }),
        },
      }),
    }),
  };
}
