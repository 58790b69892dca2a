import { describe, expect, it } from 'vitest';
import { fromTreatment, viaAddress } from './from-treatment';

const owned = { accountEmail: 'ada@gmail.com', confirmed: new Set(['news@lark.example', 'bob@plain.example']), authenticatedDomains: new Set(['acme.example']) };
const policy = { operatorDomain: 'lark.example' };

describe('the From a campaign may have', () => {
  it('signs any address at an authenticated domain, and the customer’s own at the operator’s', () => {
    expect(fromTreatment('anyone@acme.example', owned, policy)).toBe('authenticated');
    expect(fromTreatment('news@lark.example', owned, policy)).toBe('authenticated');
    // Not theirs: the operator's domain is not every customer's.
    expect(fromTreatment('other@lark.example', owned, policy)).toBe('refused');
  });

  it('sends the customer’s free-mail address via the platform, and refuses any other domain', () => {
    expect(fromTreatment('ada@gmail.com', owned, policy)).toBe('via-platform');
    expect(fromTreatment('eve@gmail.com', owned, policy)).toBe('refused');
    expect(fromTreatment('bob@plain.example', owned, policy)).toBe('refused');
    expect(fromTreatment('news@lark.example', owned, { operatorDomain: null })).toBe('refused');
  });

  it('makes a readable, valid platform address for a free-mail one', () => {
    expect(viaAddress('ada@gmail.com', 'send.lark.example')).toBe('ada.gmail.com@send.lark.example');
    expect(viaAddress('Ada+News@Gmail.com', 'send.lark.example')).toBe('ada-news.gmail.com@send.lark.example');
    const long = viaAddress(`${'a'.repeat(70)}@yahoo.co.uk`, 'send.lark.example');
    expect(long.split('@')[0]!.length).toBeLessThanOrEqual(64);
  });
});
