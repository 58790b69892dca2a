import type { DnsLookup } from '../senders/dns-resolver';
import { fifoSlots } from '../../lib/fifo-slots';

// Whether an imported address's domain takes mail at all (issue 32, point 6): an address at a
// domain with no mail server hard-bounces on the first campaign and counts against the sender.
// Only a definite answer rejects: the name does not exist, or it has neither an MX nor an address
// (RFC 5321 section 5.1 delivers to a domain's own A/AAAA when it has no MX), or its MX is a null
// MX (RFC 7505: "0 .", the domain takes no mail). A timeout or a failing server says nothing about
// the domain, so its addresses are kept.

/** What an import makes of a domain. */
export type DomainVerdict = 'accepts' | 'no_mail_server' | 'refuses_mail' | 'unknown';

export interface DomainCheckSettings {
  dns: Pick<DnsLookup, 'mx' | 'a' | 'aaaa'>;
  /** Domains looked up at once. */
  concurrency: number;
  /** The longest one look-up may take before its domain counts as unanswered. */
  timeoutMs: number;
  /**
   * A domain known to take mail (IMPORT_DNS_CANARY), asked once before the first rejection: DNS
   * that does not find it cannot see the public internet (a closed network answers "no such
   * domain" for every name), so no domain is rejected on its word. Empty: not asked.
   */
  canary?: string;
}

// Verdicts kept per import. A B2B file can hold a domain per row; past this many the oldest are
// forgotten (and looked up again if they come back) rather than growing with the file.
const CACHE_LIMIT = 50_000;
// This many domains in a row without any answer means DNS itself is down, not the domains: the
// rest of the file is kept unchecked instead of each of its domains waiting out its timeout.
const GIVE_UP_AFTER = 50;

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * Whether `domain` (lower case) can be a mail domain's name: at most 253 characters, labels of 1 to
 * 63 letters, digits and inner hyphens. Checked before anything is asked of DNS; the length first,
 * so the bounded pattern only ever reads a short label.
 */
export function isDomainName(domain: string): boolean {
  if (domain.length === 0 || domain.length > 253) return false;
  return domain.split('.').every((label) => label.length <= 63 && LABEL.test(label));
}

type Answer<T> = { records: T[] } | 'no-such-name' | 'no-record' | 'unanswered';

async function ask<T>(query: () => Promise<T[]>): Promise<Answer<T>> {
  try {
    const records = await query();
    return records.length > 0 ? { records } : 'no-record';
  } catch (error) {
    // node:dns's codes: ENOTFOUND is NXDOMAIN, ENODATA a name without records of that type. Any
    // other (ETIMEOUT, ESERVFAIL, EREFUSED, ECONNREFUSED …) is no answer.
    const code = (error as { code?: unknown }).code;
    if (code === 'ENOTFOUND') return 'no-such-name';
    if (code === 'ENODATA') return 'no-record';
    return 'unanswered';
  }
}

async function decide(dns: DomainCheckSettings['dns'], domain: string): Promise<DomainVerdict> {
  const mx = await ask(() => dns.mx(domain));
  if (mx === 'no-such-name') return 'no_mail_server';
  if (mx === 'unanswered') return 'unknown';
  if (mx !== 'no-record') {
    // node gives a null MX's "." as an empty exchange.
    return mx.records.every((record) => record.exchange === '' || record.exchange === '.') ? 'refuses_mail' : 'accepts';
  }
  const [a, aaaa] = await Promise.all([ask(() => dns.a(domain)), ask(() => dns.aaaa(domain))]);
  if (typeof a === 'object' || typeof aaaa === 'object') return 'accepts';
  if (a === 'unanswered' || aaaa === 'unanswered') return 'unknown';
  return 'no_mail_server';
}

function withDeadline(verdict: Promise<DomainVerdict>, ms: number): Promise<DomainVerdict> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<DomainVerdict>((resolve) => {
    timer = setTimeout(() => resolve('unknown'), ms);
  });
  return Promise.race([verdict, late]).finally(() => clearTimeout(timer));
}

export interface DomainChecker {
  /** Each domain's verdict, every distinct domain looked up once per checker (one import run). */
  verdicts(domains: Iterable<string>): Promise<Map<string, DomainVerdict>>;
}

export function domainChecker({ dns, concurrency, timeoutMs, canary }: DomainCheckSettings): DomainChecker {
  const known = new Map<string, Promise<DomainVerdict>>();
  let canaryVerdict: Promise<boolean> | undefined;
  /** Whether a rejection may be believed: the canary was found (asked once, on the first one). */
  const dnsSeesTheInternet = () => (canaryVerdict ??= canary ? withDeadline(decide(dns, canary), 2 * timeoutMs + 100).then((verdict) => verdict === 'accepts') : Promise.resolve(true));
  const { acquire, release } = fifoSlots(concurrency);
  let unansweredInARow = 0;

  async function check(domain: string): Promise<DomainVerdict> {
    await acquire();
    try {
      if (unansweredInARow >= GIVE_UP_AFTER) return 'unknown';
      // The MX and then the addresses: two look-ups' worth of time at most.
      const verdict = await withDeadline(decide(dns, domain), 2 * timeoutMs + 100);
      unansweredInARow = verdict === 'unknown' ? unansweredInARow + 1 : 0;
      if ((verdict === 'no_mail_server' || verdict === 'refuses_mail') && !(await dnsSeesTheInternet())) return 'unknown';
      return verdict;
    } finally {
      release();
    }
  }

  function verdictOf(domain: string): Promise<DomainVerdict> {
    let verdict = known.get(domain);
    if (!verdict) {
      verdict = check(domain);
      known.set(domain, verdict);
      if (known.size > CACHE_LIMIT) known.delete(known.keys().next().value!);
    }
    return verdict;
  }

  return {
    async verdicts(domains) {
      const distinct = [...new Set(domains)];
      const found = await Promise.all(distinct.map(verdictOf));
      return new Map(distinct.map((domain, index) => [domain, found[index]!]));
    },
  };
}
