import { describe, expect, it } from 'vitest';
import type { SenderDomain, SenderOverview } from '@postlark/shared/senders';
import { fromChoices } from './from-address';

const domain = (id: string, name: string, status: SenderDomain['status']): SenderDomain => ({
  id,
  domain: name,
  status,
  records: [],
  authenticated_at: status === 'authenticated' ? '2026-11-20T10:00:00.000Z' : null,
  last_checked_at: null,
  last_problem: null,
  created_at: '2026-11-20T09:00:00.000Z',
});

const SENDERS: SenderOverview = {
  account_email: 'ada@gmail.com',
  senders: [
    { id: '1', email: 'news@mail.example', status: 'confirmed', created_at: '', confirmed_at: '', confirmation_sent_at: '', link_expired: false },
    { id: '2', email: 'team@lark.example', status: 'pending', created_at: '', confirmed_at: null, confirmation_sent_at: '', link_expired: false },
  ],
  domains: [domain('3', 'mail.example', 'authenticated'), domain('4', 'other.example', 'pending'), domain('5', 'gone.example', 'lost')],
  from_addresses: [
    { email: 'news@mail.example', treatment: 'authenticated', sent_as: 'news@mail.example' },
    { email: 'ada@gmail.com', treatment: 'via-platform', sent_as: 'ada.gmail.com@send.postlark.example' },
  ],
};

describe('the From field’s choices', () => {
  it('offers the addresses campaigns may be sent from, best first, and authenticated domains only', () => {
    expect(fromChoices('news@mail.example', SENDERS, null)).toEqual({
      confirmed: ['news@mail.example', 'ada@gmail.com'],
      domains: ['mail.example'],
      otherDomain: '',
      unconfirmed: '',
      sentAs: '',
      noDomain: false,
    });
  });

  it('says what a free-mail address is sent as', () => {
    expect(fromChoices('ada@gmail.com', SENDERS, null)).toMatchObject({ sentAs: 'ada.gmail.com@send.postlark.example', unconfirmed: '' });
  });

  it('knows when the account has no authenticated domain', () => {
    const none = { ...SENDERS, domains: [domain('4', 'other.example', 'pending')], from_addresses: SENDERS.from_addresses.slice(1) };
    expect(fromChoices('ada@gmail.com', none, null)).toMatchObject({ domains: [], noDomain: true, sentAs: 'ada.gmail.com@send.postlark.example' });
  });

  it('shows a saved address at an authenticated domain as typed there, even when the senders load after the campaign', () => {
    expect(fromChoices('hello@mail.example', SENDERS, null)).toMatchObject({ otherDomain: 'mail.example', unconfirmed: '', sentAs: '' });
  });

  it('keeps a saved address that cannot send, marked, so the draft loses nothing', () => {
    expect(fromChoices('team@lark.example', SENDERS, null)).toMatchObject({ otherDomain: '', unconfirmed: 'team@lark.example' });
    expect(fromChoices('x@other.example', SENDERS, null)).toMatchObject({ otherDomain: '', unconfirmed: 'x@other.example' });
    expect(fromChoices('x@gone.example', SENDERS, null)).toMatchObject({ otherDomain: '', unconfirmed: 'x@gone.example' });
  });

  it('follows what was picked: a domain to type at, or a listed address', () => {
    expect(fromChoices('', SENDERS, 'mail.example')).toMatchObject({ otherDomain: 'mail.example', unconfirmed: '' });
    expect(fromChoices('news@mail.example', SENDERS, '')).toMatchObject({ otherDomain: '', unconfirmed: '' });
  });
});
