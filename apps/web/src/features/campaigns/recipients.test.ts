import { describe, expect, it } from 'vitest';
import { CAMPAIGN_MESSAGES } from '@postlark/shared/campaigns';
import { parseRecipients, parseTestSend, splitRecipients } from './recipients';

describe('test-send recipients', () => {
  it('splits on commas, semicolons, spaces and new lines', () => {
    expect(splitRecipients(' a@example.com,b@example.com;\nc@example.com  d@example.com,, ')).toEqual(['a@example.com', 'b@example.com', 'c@example.com', 'd@example.com']);
  });

  it('accepts up to five addresses, lowercased, each once', () => {
    expect(parseRecipients('Ada@Example.com\nada@example.com, grace@example.com')).toEqual({ ok: true, recipients: ['ada@example.com', 'grace@example.com'] });
  });

  it('asks for at least one address', () => {
    expect(parseRecipients('  \n ')).toEqual({ ok: false, message: CAMPAIGN_MESSAGES.testRecipientsRequired });
  });

  it('refuses a sixth address', () => {
    const six = Array.from({ length: 6 }, (_, index) => `p${index}@example.com`).join(',');
    expect(parseRecipients(six)).toEqual({ ok: false, message: CAMPAIGN_MESSAGES.testRecipientsTooMany });
  });

  it('refuses something that is not an address', () => {
    expect(parseRecipients('ada@example.com, not-an-address')).toEqual({ ok: false, message: CAMPAIGN_MESSAGES.emailInvalid });
  });
});

describe('a test send with a seed list', () => {
  const SEED_LIST = '0193a5b2-7c1d-7e00-8000-0000000000a1';

  it('needs no typed address, and keeps any typed with it', () => {
    expect(parseTestSend('', SEED_LIST)).toEqual({ ok: true, body: { recipients: [], seed_list_id: SEED_LIST } });
    expect(parseTestSend('Ada@Example.com', SEED_LIST)).toEqual({ ok: true, body: { recipients: ['ada@example.com'], seed_list_id: SEED_LIST } });
  });

  it('without one, still asks for an address', () => {
    expect(parseTestSend(' ', '')).toEqual({ ok: false, message: CAMPAIGN_MESSAGES.testRecipientsRequired });
  });
});
