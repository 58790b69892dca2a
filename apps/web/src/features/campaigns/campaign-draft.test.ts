import { describe, expect, it } from 'vitest';
import { AB_MESSAGES } from '@postlark/shared/ab-tests';
import { type Campaign, CAMPAIGN_MESSAGES, campaignCreateSchema, campaignUpdateSchema } from '@postlark/shared/campaigns';
import { STO_MESSAGES } from '@postlark/shared/send-time-optimisation';
import { draftErrors, draftFromCampaign, draftToRequest, EMPTY_DRAFT, errorsByField, hasReport, isDeletable, isEditable, sameDraft } from './campaign-draft';

const campaign: Campaign = {
  id: '0193a0b4-0000-7000-8000-000000000001',
  name: 'November news',
  subject: 'Hi {{ first_name }}',
  reader_subject: 'Hi ',
  preheader: 'What is new',
  from_name: 'Ada',
  from_email: 'ada@example.com',
  reply_to: '',
  content_html: '<p>Hello</p>',
  content_text: null,
  audience: { list_ids: ['0193a0b4-0000-7000-8000-0000000000aa'], segment_ids: [] },
  tracking: false,
  status: 'draft',
  scheduled_at: null,
  scheduled_timezone: null,
  started_at: null,
  finished_at: null,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  messages: null,
  relay_error: null,
  held_reason: null,
  paused_reason: null,
  ab_test: null,
  ab_test_state: null,
  send_time_optimisation: null,
  delivery_connection_id: null,
};

describe('campaign draft', () => {
  it('round-trips a campaign into a request both the create and the update schema accept', () => {
    const body = draftToRequest(draftFromCampaign(campaign));
    expect(body).toEqual({
      name: 'November news',
      subject: 'Hi {{ first_name }}',
      preheader: 'What is new',
      from_name: 'Ada',
      from_email: 'ada@example.com',
      reply_to: '',
      content_html: '<p>Hello</p>',
      content_text: null,
      audience: { list_ids: ['0193a0b4-0000-7000-8000-0000000000aa'], segment_ids: [] },
      tracking: false,
      ab_test: null,
      send_time_optimisation: null,
      delivery_connection_id: null,
    });
    expect(campaignCreateSchema.safeParse(body).success).toBe(true);
    expect(campaignUpdateSchema.safeParse(body).success).toBe(true);
  });

  it('saves the platform that delivers it, and Postlark again when it is cleared', () => {
    const delivery_connection_id = '0193a0b4-0000-7000-8000-0000000000cc';
    const body = draftToRequest(draftFromCampaign({ ...campaign, delivery_connection_id }));
    expect(body.delivery_connection_id).toBe(delivery_connection_id);
    expect(campaignUpdateSchema.safeParse(body).success).toBe(true);
    expect(draftToRequest({ ...draftFromCampaign({ ...campaign, delivery_connection_id }), delivery_connection_id: null }).delivery_connection_id).toBeNull();
  });

  it('saves the A/B test with the campaign, and checks its settings beside it', () => {
    const ab_test = { dimension: 'subject' as const, metric: 'open_rate' as const, test_share: 20, wait_minutes: 240, variants: [{}, { subject: 'Last call' }] };
    const body = draftToRequest(draftFromCampaign({ ...campaign, ab_test }));
    expect(body.ab_test).toEqual(ab_test);
    expect(campaignUpdateSchema.safeParse(body).success).toBe(true);
    expect(draftErrors({ ...EMPTY_DRAFT, name: 'Fine', ab_test: { ...ab_test, test_share: 1 } })).toEqual({ ab_test: AB_MESSAGES.testShareInvalid });
  });

  it('saves sending at each person’s best time with the campaign, and checks its numbers beside it', () => {
    const send_time_optimisation = { window_hours: 12, explore_percent: 5, holdout_percent: 0 };
    const body = draftToRequest(draftFromCampaign({ ...campaign, send_time_optimisation }));
    expect(body.send_time_optimisation).toEqual(send_time_optimisation);
    expect(campaignUpdateSchema.safeParse(body).success).toBe(true);
    expect(draftErrors({ ...EMPTY_DRAFT, name: 'Fine', send_time_optimisation: { ...send_time_optimisation, window_hours: 0 } })).toEqual({
      send_time_optimisation: STO_MESSAGES.windowInvalid,
    });
  });

  it('keeps an edited plain-text version, and null while it is generated', () => {
    expect(draftToRequest({ ...EMPTY_DRAFT, name: 'x', content_text: 'Hello' }).content_text).toBe('Hello');
    expect(draftToRequest({ ...EMPTY_DRAFT, name: 'x' }).content_text).toBeNull();
  });

  it('checks with the server’s schema before saving', () => {
    expect(draftErrors({ ...EMPTY_DRAFT, name: '  ', from_email: 'nope' })).toEqual({ name: CAMPAIGN_MESSAGES.nameRequired, from_email: CAMPAIGN_MESSAGES.emailInvalid });
    expect(draftErrors({ ...EMPTY_DRAFT, name: 'Fine' })).toEqual({});
  });

  it('puts nested server errors beside the field they belong to', () => {
    expect(errorsByField({ 'audience.list_ids.0': 'bad list', postal_address: 'add it', subject: 'first', 'subject.x': 'second' })).toEqual({
      audience: 'bad list',
      postal_address: 'add it',
      subject: 'first',
    });
  });

  it('tells what each status allows', () => {
    expect(['draft', 'scheduled'].every((status) => isEditable(status as Campaign['status']))).toBe(true);
    expect(isEditable('sending')).toBe(false);
    expect(isDeletable('sending')).toBe(false);
    expect(isDeletable('paused')).toBe(false);
    expect(isDeletable('sent')).toBe(true);
    expect(hasReport('draft')).toBe(false);
    expect(hasReport('sent')).toBe(true);
  });

  it('compares drafts by their values', () => {
    expect(sameDraft(draftFromCampaign(campaign), draftFromCampaign({ ...campaign }))).toBe(true);
    expect(sameDraft(draftFromCampaign(campaign), { ...draftFromCampaign(campaign), tracking: true })).toBe(false);
  });
});
