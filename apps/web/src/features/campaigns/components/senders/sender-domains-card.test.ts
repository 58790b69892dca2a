// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createElement as h, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { SENDER_MESSAGES, type SenderDomain } from '@postlark/shared/senders';
import type { CheckOutcome } from './sender-domain-panel';
import { SenderDomainsCard } from './sender-domains-card';

// The Senders page's domains as a customer meets them: what to publish, each part to copy, what
// the last look-up found, and "Check now" showing what the next one finds.

const KEY = `MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA${'x'.repeat(330)}IDAQAB`;

const PENDING: SenderDomain = {
  id: '0193a5b2-7c1d-7e00-8000-0000000000d1',
  domain: 'larkletters.example',
  status: 'pending',
  records: [
    { purpose: 'dkim', type: 'TXT', name: 'pl1a2b3c._domainkey.larkletters.example', value: `v=DKIM1; k=rsa; p=${KEY}`, state: 'wrong', required: true },
    { purpose: 'return-path', type: 'CNAME', name: 'pl-bounces.larkletters.example', value: 'bounces.postlark.example', state: 'found', required: false },
    { purpose: 'dmarc', type: 'TXT', name: '_dmarc.larkletters.example', value: 'v=DMARC1; p=none; adkim=r; aspf=r', state: 'missing', required: false },
    { purpose: 'links', type: 'CNAME', name: 'links.larkletters.example', value: 'app.postlark.example', state: 'unchecked', required: false },
  ],
  authenticated_at: null,
  last_checked_at: '2026-11-24T09:00:00.000Z',
  last_problem: SENDER_MESSAGES.dnsWrongValue('pl1a2b3c._domainkey.larkletters.example'),
  created_at: '2026-11-24T08:50:00.000Z',
};

const AUTHENTICATED: SenderDomain = {
  ...PENDING,
  status: 'authenticated',
  records: PENDING.records.map((record) => ({ ...record, state: 'found' })),
  authenticated_at: '2026-11-24T09:05:00.000Z',
  last_checked_at: '2026-11-24T09:05:00.000Z',
  last_problem: null,
};

const ignore = () => undefined;
const noAdd = () => Promise.resolve(undefined);

/** The card as the page holds it: a check's answered domain takes the place of the one shown. */
function Page({ check }: { check(domain: SenderDomain): Promise<{ domain: SenderDomain; message: string }> }) {
  const [domains, setDomains] = useState([PENDING]);
  async function onCheck(domain: SenderDomain): Promise<CheckOutcome> {
    const answer = await check(domain);
    setDomains((shown) => shown.map((known) => (known.id === answer.domain.id ? answer.domain : known)));
    return { ok: true, message: answer.message };
  }
  return h(SenderDomainsCard, { domains, busy: null, onAdd: noAdd, onCheck, onRemove: ignore });
}

function recordRow(purpose: string) {
  return screen.getByRole('rowheader', { name: new RegExp(`^${purpose}`) }).closest('tr') as HTMLElement;
}

afterEach(cleanup);

describe('the Senders page’s sending domains', () => {
  it('lists each record with its type, name and value, whether it is needed, why, and what the last check found', () => {
    render(h(SenderDomainsCard, { domains: [PENDING], busy: null, onAdd: noAdd, onCheck: () => Promise.resolve({ ok: true, message: '' }), onRemove: ignore }));
    expect(screen.getByRole('heading', { name: 'Sending domains' })).toBeTruthy();
    const domain = screen.getByRole('article', { name: 'larkletters.example' });
    expect(within(domain).getByText('Waiting for DNS')).toBeTruthy();
    expect(within(domain).getByText(SENDER_MESSAGES.dnsWrongValue('pl1a2b3c._domainkey.larkletters.example'))).toBeTruthy();
    expect(within(domain).getByRole('table', { name: 'DNS records for larkletters.example' })).toBeTruthy();

    const dkim = within(recordRow('DKIM'));
    expect(dkim.getByText('Required')).toBeTruthy();
    expect(dkim.getByText('Proves the mail is yours; required to send.')).toBeTruthy();
    expect(dkim.getByText('TXT')).toBeTruthy();
    expect(dkim.getByText('pl1a2b3c._domainkey.larkletters.example')).toBeTruthy();
    expect(dkim.getByText(`v=DKIM1; k=rsa; p=${KEY}`)).toBeTruthy();
    expect(dkim.getByText('Wrong value')).toBeTruthy();

    const returnPath = within(recordRow('Return path'));
    expect(returnPath.getByText('Recommended')).toBeTruthy();
    expect(returnPath.getByText('Lets bounces come back and SPF align.')).toBeTruthy();
    expect(returnPath.getByText('CNAME')).toBeTruthy();
    expect(returnPath.getByText('bounces.postlark.example')).toBeTruthy();
    expect(returnPath.getByText('Found')).toBeTruthy();

    const dmarc = within(recordRow('DMARC'));
    expect(dmarc.getByText('Recommended')).toBeTruthy();
    expect(dmarc.getByText('Tells inboxes what to do with mail that fails; start with p=none.')).toBeTruthy();
    expect(dmarc.getByText('v=DMARC1; p=none; adkim=r; aspf=r')).toBeTruthy();
    expect(dmarc.getByText('Missing')).toBeTruthy();

    const links = within(recordRow('Link domain'));
    expect(links.getByText('Recommended')).toBeTruthy();
    expect(links.getByText('app.postlark.example')).toBeTruthy();
    expect(links.getByText('Not checked yet')).toBeTruthy();
  });

  it('copies a record’s name or value whole with a button labelled for it, and says so', async () => {
    render(h(SenderDomainsCard, { domains: [PENDING], busy: null, onAdd: noAdd, onCheck: () => Promise.resolve({ ok: true, message: '' }), onRemove: ignore }));
    const copyValue = screen.getByRole('button', { name: 'Copy the DKIM value for larkletters.example' });
    expect(screen.getAllByRole('button', { name: /^Copy the / }).map((button) => button.getAttribute('aria-label'))).toEqual([
      'Copy the DKIM name for larkletters.example',
      'Copy the DKIM value for larkletters.example',
      'Copy the Return path name for larkletters.example',
      'Copy the Return path value for larkletters.example',
      'Copy the DMARC name for larkletters.example',
      'Copy the DMARC value for larkletters.example',
      'Copy the Link domain name for larkletters.example',
      'Copy the Link domain value for larkletters.example',
    ]);
    await act(async () => {
      fireEvent.click(copyValue);
    });
    expect(await navigator.clipboard.readText()).toBe(`v=DKIM1; k=rsa; p=${KEY}`);
    expect(within(copyValue).getByText('Copied')).toBeTruthy();
    expect(screen.getByText('The DKIM value is copied to the clipboard.')).toBeTruthy();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy the Return path name for larkletters.example' }));
    });
    expect(await navigator.clipboard.readText()).toBe('pl-bounces.larkletters.example');
  });

  it('shows a long value on two lines until asked for all of it', () => {
    render(h(SenderDomainsCard, { domains: [PENDING], busy: null, onAdd: noAdd, onCheck: () => Promise.resolve({ ok: true, message: '' }), onRemove: ignore }));
    const more = screen.getByRole('button', { name: 'Show all of the DKIM value' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect(screen.getByRole('button', { name: 'Show less of the DKIM value' }).getAttribute('aria-expanded')).toBe('true');
    // A short value has nothing to open.
    expect(screen.queryByRole('button', { name: /of the DMARC value$/ })).toBeNull();
  });

  it('checks now: the button waits with a spinner, then the answer and the records’ new states show', async () => {
    let answer: (value: { domain: SenderDomain; message: string }) => void = ignore;
    render(h(Page, { check: () => new Promise<{ domain: SenderDomain; message: string }>((resolve) => (answer = resolve)) }));
    fireEvent.click(screen.getByRole('button', { name: 'Check the DNS records of larkletters.example now' }));

    const waiting = screen.getByRole('button', { name: 'Check the DNS records of larkletters.example now' }) as HTMLButtonElement;
    expect(waiting.textContent).toBe('Checking…');
    expect(waiting.disabled).toBe(true);
    expect(waiting.querySelector('.sender-domain__spinner')).not.toBeNull();
    expect(screen.getByRole('article', { name: 'larkletters.example' }).getAttribute('aria-busy')).toBe('true');

    await act(async () => answer({ domain: AUTHENTICATED, message: SENDER_MESSAGES.domainAuthenticated('larkletters.example') }));
    const domain = screen.getByRole('article', { name: 'larkletters.example' });
    expect(within(domain).getByText(SENDER_MESSAGES.domainAuthenticated('larkletters.example'))).toBeTruthy();
    expect(within(domain).queryByText(PENDING.last_problem!)).toBeNull();
    expect(within(domain).getByText('Authenticated')).toBeTruthy();
    expect(within(recordRow('DKIM')).getByText('Found')).toBeTruthy();
    expect(within(recordRow('DMARC')).getByText('Found')).toBeTruthy();
    expect(within(domain).queryByText('Wrong value')).toBeNull();
    expect(screen.getByRole('button', { name: 'Check the DNS records of larkletters.example now' }).textContent).toBe('Check now');
  });

  it('says a domain that was authenticated no longer is, and what a check could not do', async () => {
    const lost: SenderDomain = { ...AUTHENTICATED, status: 'lost', last_problem: SENDER_MESSAGES.domainLost('larkletters.example', 'pl1a2b3c._domainkey.larkletters.example') };
    render(h(SenderDomainsCard, { domains: [lost], busy: null, onAdd: noAdd, onCheck: () => Promise.resolve({ ok: false, message: 'That did not work. Please try again.' }), onRemove: ignore }));
    expect(screen.getByText('No longer authenticated')).toBeTruthy();
    expect(screen.getByText(lost.last_problem!)).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Check the DNS records of larkletters.example now' }));
    });
    expect(screen.getByText('That did not work. Please try again.')).toBeTruthy();
    expect(screen.queryByText(lost.last_problem!)).toBeNull();
  });
});
