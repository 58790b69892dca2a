import { describe, expect, it } from 'vitest';
import { isFreeMailDomain } from './free-mail';

describe('free-mail domains', () => {
  it('knows the mailbox providers, country domains included', () => {
    for (const domain of ['gmail.com', 'googlemail.com', 'yahoo.com', 'yahoo.co.uk', 'yahoo.com.br', 'hotmail.fr', 'outlook.com', 'live.com', 'aol.com', 'icloud.com', 'me.com', 'proton.me', 'gmx.de', 'gmx.net']) {
      expect(isFreeMailDomain(domain), domain).toBe(true);
    }
  });

  it('leaves customers’ own domains, and look-alikes, alone', () => {
    for (const domain of ['acme.example', 'mail.gmail.com.example', 'yahoo-news.com', 'yahoo.example.com', 'mygmail.com', 'hotmail.co.uk.evil.example']) {
      expect(isFreeMailDomain(domain), domain).toBe(false);
    }
  });
});
