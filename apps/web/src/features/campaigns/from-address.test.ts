import { describe, expect, it } from 'vitest';
import type { SenderOverview } from '@postlark/shared/senders';
import { fromChoices } from './from-address';

const SENDERS: SenderOverview = {
  account_email: 'ada@example.com',
  senders: [
    { id: '1', email: 'news@lark.example', status: 'confirmed', created_at: '', confirmed_at: '', confirmation_sent_at: '', link_expired: false },
    { id: '2', email: 'team@lark.example', status: 'pending', created_at: '', confirmed_at: null, confirmation_sent_at: '', link_expired: false },
  ],
  domains: [
    { id: '3', domain: 'mail.example', status: 'verified', record: { type: 'TXT', name: '', value: '' }, verified_at: '', last_checked_at: '', last_problem: null, created_at: '' },
    { id: '4', domain: 'other.example', status: 'pending', record: { type: 'TXT', name: '', value: '' }, verified_at: null, last_checked_at: null, last_problem: null, created_at: '' },
  ],
};

describe('the From field’s choices', () => {
  it('offers the account’s address and confirmed senders, and verified domains only', () => {
    expect(fromChoices('ada@example.com', SENDERS, null)).toEqual({ confirmed: ['ada@example.com', 'news@lark.example'], domains: ['mail.example'], otherDomain: '', unconfirmed: '' });
  });

  it('shows a saved address at a verified domain as typed there, even when the senders load after the campaign', () => {
    expect(fromChoices('hello@mail.example', SENDERS, null)).toMatchObject({ otherDomain: 'mail.example', unconfirmed: '' });
  });

  it('keeps a saved address that cannot send, marked, so the draft loses nothing', () => {
    expect(fromChoices('team@lark.example', SENDERS, null)).toMatchObject({ otherDomain: '', unconfirmed: 'team@lark.example' });
    expect(fromChoices('x@other.example', SENDERS, null)).toMatchObject({ otherDomain: '', unconfirmed: 'x@other.example' });
  });

  it('follows what was picked: a domain to type at, or a listed address', () => {
    expect(fromChoices('', SENDERS, 'mail.example')).toMatchObject({ otherDomain: 'mail.example', unconfirmed: '' });
    expect(fromChoices('news@lark.example', SENDERS, '')).toMatchObject({ otherDomain: '', unconfirmed: '' });
  });
});
