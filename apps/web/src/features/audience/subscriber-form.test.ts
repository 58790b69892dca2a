import { describe, expect, it } from 'vitest';
import { AUDIENCE_MESSAGES, type Subscriber } from '@postlark/shared/audience';
import { PURCHASES_NOT_COMPUTED } from '@postlark/shared/insights';
import { attributeText, changesOf, checkCreate, checkUpdate, EMPTY_SUBSCRIBER_FORM, formFromSubscriber, memberListIds, timeZoneChoices } from './subscriber-form';

const NEWS = '11111111-1111-4111-8111-111111111111';
const DIGEST = '22222222-2222-4222-8222-222222222222';
const OLD = '33333333-3333-4333-8333-333333333333';

const SAVED: Subscriber = {
  id: '44444444-4444-4444-8444-444444444444',
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  status: 'active',
  awaiting_confirmation: false,
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-01T10:00:00.000Z',
  attributes: {},
  timezone: 'Europe/London',
  preference_url: 'http://localhost:3000/u/abc',
  consent: { source: 'manual', at: '2026-03-01T10:00:00.000Z', confirmed_at: null },
  lists: [
    { list_id: NEWS, list_name: 'News', status: 'confirmed', confirmed_at: '2026-03-01T10:00:00.000Z' },
    { list_id: DIGEST, list_name: 'Digest', status: 'unconfirmed', confirmed_at: null },
    { list_id: OLD, list_name: 'Old', status: 'unsubscribed', confirmed_at: null },
  ],
  activity: [],
  insights: { purchases: PURCHASES_NOT_COMPUTED, best_send_time: null, engagement: null },
};

describe('the add form', () => {
  it('refuses a bad address with the API message before sending anything', () => {
    const checked = checkCreate({ ...EMPTY_SUBSCRIBER_FORM, email: 'not-an-address' });
    expect(checked).toEqual({ ok: false, errors: { email: AUDIENCE_MESSAGES.emailInvalid } });
    expect(checkCreate(EMPTY_SUBSCRIBER_FORM)).toEqual({ ok: false, errors: { email: AUDIENCE_MESSAGES.emailRequired } });
  });

  it('sends "Not set" as no time zone, and the chosen lists', () => {
    const checked = checkCreate({ ...EMPTY_SUBSCRIBER_FORM, email: 'grace@example.com', first_name: 'Grace', list_ids: [NEWS] });
    expect(checked).toEqual({
      ok: true,
      body: { email: 'grace@example.com', first_name: 'Grace', last_name: '', timezone: null, list_ids: [NEWS] },
    });
  });

  it('names a long name with the API message', () => {
    const checked = checkCreate({ ...EMPTY_SUBSCRIBER_FORM, email: 'a@example.com', last_name: 'x'.repeat(101) });
    expect(checked).toEqual({ ok: false, errors: { last_name: AUDIENCE_MESSAGES.tooLong(100) } });
  });
});

describe('the edit form', () => {
  it('starts from what is stored: lists left are not ticked, lists awaiting confirmation are', () => {
    expect(memberListIds(SAVED)).toEqual([NEWS, DIGEST]);
    expect(formFromSubscriber(SAVED)).toEqual({
      email: 'ada@example.com',
      first_name: 'Ada',
      last_name: 'Lovelace',
      timezone: 'Europe/London',
      status: 'active',
      list_ids: [NEWS, DIGEST],
    });
  });

  it('sends only what changed', () => {
    const values = { ...formFromSubscriber(SAVED), last_name: 'King' };
    expect(changesOf(SAVED, values)).toEqual({ last_name: 'King' });
    expect(changesOf(SAVED, formFromSubscriber(SAVED))).toEqual({});
    expect(changesOf(SAVED, { ...values, email: ' ADA@example.com ' })).toEqual({ last_name: 'King' });
    expect(changesOf(SAVED, { ...values, timezone: '' })).toEqual({ last_name: 'King', timezone: null });
  });

  it('sends the lists, as the complete set, only when the set changed (order does not count)', () => {
    expect(changesOf(SAVED, { ...formFromSubscriber(SAVED), list_ids: [DIGEST, NEWS] })).toEqual({});
    expect(changesOf(SAVED, { ...formFromSubscriber(SAVED), list_ids: [DIGEST] })).toEqual({ list_ids: [DIGEST] });
    expect(changesOf(SAVED, { ...formFromSubscriber(SAVED), list_ids: [NEWS, DIGEST, OLD] })).toEqual({ list_ids: [NEWS, DIGEST, OLD] });
  });

  it('sends a status only the customer may set', () => {
    expect(changesOf(SAVED, { ...formFromSubscriber(SAVED), status: 'unsubscribed' })).toEqual({ status: 'unsubscribed' });
    const bounced = { ...SAVED, status: 'bounced' as const };
    expect(changesOf(bounced, { ...formFromSubscriber(bounced), status: 'complained' })).toEqual({});
  });

  it('checks the changes with the API schema', () => {
    expect(checkUpdate(SAVED, { ...formFromSubscriber(SAVED), email: 'nope' })).toEqual({ ok: false, errors: { email: AUDIENCE_MESSAGES.emailInvalid } });
    expect(checkUpdate(SAVED, { ...formFromSubscriber(SAVED), first_name: 'Augusta' })).toEqual({ ok: true, body: { first_name: 'Augusta' } });
  });
});

describe('time zones and attributes', () => {
  it('offers the IANA zones with UTC, and keeps a saved zone this browser does not list', () => {
    const zones = timeZoneChoices('');
    expect(zones).toContain('Europe/London');
    expect(zones).toContain('UTC');
    expect(timeZoneChoices('Mars/Olympus_Mons')[0]).toBe('Mars/Olympus_Mons');
    expect(timeZoneChoices('Europe/London')).toBe(zones);
  });

  it('shows attribute values as words', () => {
    expect(attributeText(true)).toBe('Yes');
    expect(attributeText(false)).toBe('No');
    expect(attributeText(3.5)).toBe('3.5');
    expect(attributeText(null)).toBe('(empty)');
    expect(attributeText('gold')).toBe('gold');
  });
});
