import { describe, expect, it } from 'vitest';
import { domainChecker, isDomainName } from './domain-check';
import { isRoleAddress } from './role-addresses';

// The checker's bookkeeping, with look-ups answered in memory in node:dns's shapes: each domain
// asked once, never more at once than the cap, and DNS given up on when nothing answers. What real
// DNS answers (MX, A/AAAA, null MX, NXDOMAIN, timeouts) is tested against a server on loopback in
// apps/api/test/import-checks.test.ts.

const failure = (code: string) => Object.assign(new Error(code), { code });

function countingDns(answer: (domain: string) => Promise<{ exchange: string; priority: number }[]>) {
  const asked: string[] = [];
  let running = 0;
  let most = 0;
  const dns = {
    async mx(domain: string) {
      asked.push(domain);
      running += 1;
      most = Math.max(most, running);
      try {
        await new Promise((resolve) => setTimeout(resolve, 2));
        return await answer(domain);
      } finally {
        running -= 1;
      }
    },
    a: () => Promise.reject(failure('ENODATA')),
    aaaa: () => Promise.reject(failure('ENODATA')),
  };
  return { dns, asked, most: () => most };
}

describe('domainChecker', () => {
  it('asks once per domain however often it comes, and never more than the cap at once', async () => {
    const { dns, asked, most } = countingDns(async (domain) => (domain.startsWith('gone') ? Promise.reject(failure('ENOTFOUND')) : [{ exchange: `mx.${domain}`, priority: 10 }]));
    const checker = domainChecker({ dns, concurrency: 3, timeoutMs: 1_000 });
    const domains = Array.from({ length: 40 }, (_, index) => (index % 4 === 0 ? `gone${index}.example` : `d${index % 10}.example`));
    const first = await checker.verdicts(domains);
    const second = await checker.verdicts(['d1.example', 'gone0.example']);
    expect(asked.filter((domain) => domain === 'd1.example')).toHaveLength(1);
    expect(new Set(asked).size).toBe(asked.length);
    expect(most()).toBe(3);
    expect(first.get('d1.example')).toBe('accepts');
    expect(first.get('gone0.example')).toBe('no_mail_server');
    expect(second.get('gone0.example')).toBe('no_mail_server');
  });

  it('stops asking once DNS has answered nothing for many domains in a row, keeping them unchecked', async () => {
    const { dns, asked } = countingDns(async () => Promise.reject(failure('ETIMEOUT')));
    const checker = domainChecker({ dns, concurrency: 1, timeoutMs: 1_000 });
    const verdicts = await checker.verdicts(Array.from({ length: 80 }, (_, index) => `d${index}.example`));
    expect([...verdicts.values()].every((verdict) => verdict === 'unknown')).toBe(true);
    expect(asked).toHaveLength(50);
  });

  it('gives a look-up that never settles up at its deadline', async () => {
    const dns = { mx: () => new Promise<never>(() => {}), a: () => Promise.resolve([]), aaaa: () => Promise.resolve([]) };
    // Without the deadline this would never settle, and the test would time out.
    expect((await domainChecker({ dns, concurrency: 1, timeoutMs: 20 }).verdicts(['hang.example'])).get('hang.example')).toBe('unknown');
  });

  it('rejects nothing when DNS cannot find the canary either (a resolver that cannot see the internet)', async () => {
    const closed = countingDns(async () => Promise.reject(failure('ENOTFOUND')));
    const blind = await domainChecker({ dns: closed.dns, concurrency: 2, timeoutMs: 1_000, canary: 'gmail.com' }).verdicts(['gone.example', 'also-gone.example']);
    expect([...blind.values()]).toEqual(['unknown', 'unknown']);
    // The canary is asked once, however many domains seemed missing.
    expect(closed.asked.filter((domain) => domain === 'gmail.com')).toHaveLength(1);
    const open = countingDns(async (domain) => (domain === 'gmail.com' ? [{ exchange: 'gmail-smtp-in.l.google.com', priority: 5 }] : Promise.reject(failure('ENOTFOUND'))));
    const seeing = await domainChecker({ dns: open.dns, concurrency: 2, timeoutMs: 1_000, canary: 'gmail.com' }).verdicts(['gone.example']);
    expect(seeing.get('gone.example')).toBe('no_mail_server');
  });
});

describe('isDomainName', () => {
  it('takes host names and refuses empty, over-long and badly formed labels', () => {
    expect(['example.com', 'mail.example.co.uk', 'xn--bcher-kva.example', `${'a'.repeat(63)}.example`].every(isDomainName)).toBe(true);
    expect(['', 'a..example', '.example', 'example.', '-a.example', 'a-.example', 'a_b.example', `${'a'.repeat(64)}.example`, `${'a.'.repeat(127)}example`].some(isDomainName)).toBe(false);
  });
});

describe('isRoleAddress', () => {
  it('knows the mailboxes of a function or a machine, past a +tag, and leaves the business ones people use', () => {
    expect(['abuse@x.example', 'postmaster@x.example', 'noreply@x.example', 'no-reply+news@x.example', 'donotreply@x.example', 'mailer-daemon@x.example', 'hostmaster@x.example', 'webmaster@x.example'].every(isRoleAddress)).toBe(true);
    expect(['info@x.example', 'sales@x.example', 'support@x.example', 'hello@x.example', 'ada@x.example', 'abuse.team@x.example', 'noreplyada@x.example', '+abuse@x.example'].some(isRoleAddress)).toBe(false);
  });
});
