import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: '0.0.0.0',
      APP_URL: 'http://localhost:3000',
      DATA_DIR: './data',
      LOG_LEVEL: 'info',
      TRUST_PROXY: false,
      WAITLIST_LIMIT_PER_MINUTE: 20,
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('keeps only the origin of APP_URL and treats empty values as unset', () => {
    expect(loadConfig({ APP_URL: 'https://mail.example.com/', SMTP_URL: 'smtp://relay.example.com:587', MAIL_FROM: 'Postlark <no-reply@mail.example.com>', PORT: '' })).toMatchObject({
      APP_URL: 'https://mail.example.com',
      PORT: 3000,
    });
  });

  it('names every bad key at once', () => {
    let caught: unknown;
    try {
      loadConfig({ PORT: 'eighty', APP_URL: 'ftp://x', DATABASE_URL: 'mysql://db', LOG_LEVEL: 'loud', TRUST_PROXY: 'maybe' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const keys = (caught as ConfigError).problems.map((problem) => problem.split(':')[0]);
    expect(keys.sort()).toEqual(['APP_URL', 'DATABASE_URL', 'LOG_LEVEL', 'PORT', 'TRUST_PROXY']);
  });

  it('refuses a public https site without a relay: its mail, links with tokens, would sit in the dev outbox', () => {
    let caught: unknown;
    try {
      loadConfig({ APP_URL: 'https://mail.example.com' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const [problem, ...others] = (caught as ConfigError).problems;
    expect(others).toEqual([]);
    expect(problem).toMatch(/^SMTP_URL: /);
    expect(problem).toContain('https');
    expect(problem).toContain('/dev/mailbox');
    expect(problem).toContain('token');
    expect(loadConfig({ APP_URL: 'https://mail.example.com', SMTP_URL: 'smtps://relay.example.com', MAIL_FROM: 'no-reply@mail.example.com' }).SMTP_URL).toBe('smtps://relay.example.com');
    expect(loadConfig({ APP_URL: 'http://localhost:3000' }).SMTP_URL).toBeUndefined();
  });

  it('takes TRUST_PROXY as a number of proxies or a list of their addresses, never a blanket true', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1' }).TRUST_PROXY).toEqual(['10.0.0.1']);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.1, 10.1.0.0/16,2001:db8::/32 ,loopback' }).TRUST_PROXY).toEqual(['10.0.0.1', '10.1.0.0/16', '2001:db8::/32', 'loopback']);
    for (const value of ['true', 'TRUE', 'yes']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY: .*X-Forwarded-For.*e\.g\. 1.*10\.0\.0\.1/);
    }
    for (const value of ['maybe', '10.0.0.300', '10.0.0.0/33', '0.0.0.0/0', '::/0', '-1', '1.5', '10.0.0.1,,x']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(ConfigError);
    }
  });

  it('takes SECRETS_KEY as 32 bytes in base64, and WEBHOOKS_ALLOW_LOCAL only on a site that is not https', () => {
    const key = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ SECRETS_KEY: key }).SECRETS_KEY?.equals(Buffer.alloc(32, 7))).toBe(true);
    expect(loadConfig({}).SECRETS_KEY).toBeUndefined();
    for (const value of ['short', Buffer.alloc(16).toString('base64'), Buffer.alloc(33).toString('base64')]) {
      expect(() => loadConfig({ SECRETS_KEY: value }), value).toThrow(/SECRETS_KEY: must be 32 random bytes in base64/);
    }
    expect(loadConfig({}).WEBHOOKS_ALLOW_LOCAL).toBe(false);
    expect(loadConfig({ WEBHOOKS_ALLOW_LOCAL: 'true' }).WEBHOOKS_ALLOW_LOCAL).toBe(true);
    expect(() => loadConfig({ WEBHOOKS_ALLOW_LOCAL: 'true', APP_URL: 'https://mail.example.com', SMTP_URL: 'smtps://relay.example.com' })).toThrow(
      /WEBHOOKS_ALLOW_LOCAL: is for development only/,
    );
  });

  it('takes a default AI provider only with its model, and AI_ALLOW_LOCAL only on a site that is not https', () => {
    expect(loadConfig({})).toMatchObject({ AI_ALLOW_LOCAL: false, AI_TIMEOUT_SECONDS: 60, AI_RETRY_MAX_SECONDS: 20, AI_GENERATIONS_PER_MINUTE: 10 });
    expect(loadConfig({}).AI_BASE_URL).toBeUndefined();
    expect(loadConfig({ AI_BASE_URL: 'http://127.0.0.1:11434/v1', AI_MODEL: 'llama3.1' })).toMatchObject({ AI_BASE_URL: 'http://127.0.0.1:11434/v1', AI_MODEL: 'llama3.1' });
    expect(() => loadConfig({ AI_BASE_URL: 'https://api.openai.com/v1' })).toThrow(/AI_MODEL: must be set with AI_BASE_URL/);
    expect(() => loadConfig({ AI_BASE_URL: 'ftp://example.com', AI_MODEL: 'm' })).toThrow(/AI_BASE_URL: must be an http\(s\) URL/);
    expect(() => loadConfig({ AI_ALLOW_LOCAL: 'true', APP_URL: 'https://mail.example.com', SMTP_URL: 'smtps://relay.example.com' })).toThrow(/AI_ALLOW_LOCAL: is for development only/);
  });

  it('takes DNS_SERVERS as a list of host:port resolvers, the system resolver when unset, and names an entry it cannot read', () => {
    expect(loadConfig({}).DNS_SERVERS).toBeUndefined();
    expect(loadConfig({ DNS_SERVERS: '127.0.0.1:5353, [::1]:53,dns.example.com,10.0.0.2,::1' }).DNS_SERVERS).toEqual(['127.0.0.1:5353', '[::1]:53', 'dns.example.com', '10.0.0.2', '::1']);
    for (const value of ['127.0.0.1:0', '127.0.0.1:65536', 'dns.example.com:port', '[::1', '[127.0.0.1]:53', 'bad_host:53', '127.0.0.1,', '1.2.3.4.5']) {
      expect(() => loadConfig({ DNS_SERVERS: value }), value).toThrow(/DNS_SERVERS: must be a comma-separated list of DNS servers as host:port.*not understood: "/);
    }
    expect(() => loadConfig({ DNS_SERVERS: '127.0.0.1:53,127.0.0.1:99999' })).toThrow('not understood: "127.0.0.1:99999"');
  });

  it('refuses a relay beside a public site on http or a From at a name no one can look up, and lets a site on this machine be', () => {
    const relay = { SMTP_URL: 'smtps://relay.example.com', MAIL_FROM: 'Postlark <no-reply@mail.example.com>' };
    expect(() => loadConfig({ ...relay, APP_URL: 'http://mail.example.com' })).toThrow(/APP_URL: must be https when SMTP_URL is set: mail clients only offer one-click unsubscribe/);
    for (const from of ['Postlark <no-reply@postlark.local>', 'no-reply@box.localhost', 'Postlark <postmaster@localhost>']) {
      expect(() => loadConfig({ ...relay, APP_URL: 'https://mail.example.com', MAIL_FROM: from }), from).toThrow(/MAIL_FROM: must be an address at a domain receivers can look up/);
    }
    expect(loadConfig({ ...relay, APP_URL: 'https://mail.example.com' }).MAIL_FROM).toBe('Postlark <no-reply@mail.example.com>');
    // Development: a site on this machine may use a relay (a local catcher) with the default From.
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:1025', APP_URL: 'http://localhost:3000' }).APP_URL).toBe('http://localhost:3000');
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:1025', APP_URL: 'http://127.0.0.1:8080' }).APP_URL).toBe('http://127.0.0.1:8080');
  });
});
