// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createElement as h, useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ROUTES } from '@postlark/shared/routes';
import { SENDER_MESSAGES, type SenderDomain, type SenderOverview } from '@postlark/shared/senders';
import { FromAddressField } from './from-address-field';

// The editor's From field: which addresses it offers, and what it says of how the chosen one is sent.

const AUTHENTICATED: SenderDomain = {
  id: '0193a5b2-7c1d-7e00-8000-0000000000d1',
  domain: 'larkletters.example',
  status: 'authenticated',
  records: [],
  authenticated_at: '2026-11-24T09:05:00.000Z',
  last_checked_at: '2026-11-24T09:05:00.000Z',
  last_problem: null,
  created_at: '2026-11-24T08:50:00.000Z',
};

const SENDERS: SenderOverview = {
  account_email: 'ada@gmail.com',
  senders: [],
  domains: [AUTHENTICATED],
  from_addresses: [
    { email: 'news@larkletters.example', treatment: 'authenticated', sent_as: 'news@larkletters.example' },
    { email: 'ada@gmail.com', treatment: 'via-platform', sent_as: 'ada.gmail.com@send.postlark.example' },
  ],
};

const VIA = SENDER_MESSAGES.viaPlatform('ada@gmail.com', 'ada.gmail.com@send.postlark.example');

function Field({ senders, start }: { senders: SenderOverview; start: string }) {
  const [value, setValue] = useState(start);
  return h(MemoryRouter, null, h(FromAddressField, { value, senders, readOnly: false, onChange: setValue }));
}

afterEach(cleanup);

describe('the editor’s From field', () => {
  it('offers the sendable addresses best first, and says how a free-mail address goes out once it is chosen', () => {
    render(h(Field, { senders: SENDERS, start: 'news@larkletters.example' }));
    const from = screen.getByRole('combobox', { name: 'From email' }) as HTMLSelectElement;
    expect([...from.options].map((option) => option.textContent)).toEqual(['news@larkletters.example', 'ada@gmail.com', 'Another address at larkletters.example…']);
    expect(screen.queryByText(VIA)).toBeNull();

    fireEvent.change(from, { target: { value: 'ada@gmail.com' } });
    expect(screen.getByRole('note').textContent).toBe(VIA);
    expect(VIA).toContain('ada.gmail.com@send.postlark.example');

    fireEvent.change(from, { target: { value: 'news@larkletters.example' } });
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('leads to the Senders page while the account has no authenticated domain', () => {
    const none: SenderOverview = { ...SENDERS, domains: [{ ...AUTHENTICATED, status: 'pending', authenticated_at: null }], from_addresses: SENDERS.from_addresses.slice(1) };
    render(h(Field, { senders: none, start: 'ada@gmail.com' }));
    expect(screen.getByRole('note').textContent).toBe(VIA);
    const link = screen.getByRole('link', { name: 'authenticate it on the Senders page' });
    expect(link.getAttribute('href')).toBe(ROUTES.senders);
    expect(screen.getByText(/Send from your own domain, signed as yours/)).toBeTruthy();
  });

  it('says nothing of a domain to add once one is authenticated', () => {
    render(h(Field, { senders: SENDERS, start: 'news@larkletters.example' }));
    expect(screen.queryByRole('link', { name: 'authenticate it on the Senders page' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Manage senders' }).getAttribute('href')).toBe(ROUTES.senders);
  });
});
