import { type DomainRecord, type DomainRecordChecks, type RecordState, SENDER_RULES } from '@postlark/shared/senders';
import type { DnsLookup } from './dns-resolver';

// The DNS records a sending domain asks for, and what a look-up finds of each (issue 30):
//  - DKIM: a TXT record with the domain's own public key at <selector>._domainkey.<domain>;
//    without it nothing is signed for the domain, so it cannot be a From.
//  - Return path: pl-bounces.<domain>, a CNAME to the platform's bounce domain, so the envelope
//    sender is under the From domain and SPF aligns too (shown once BOUNCE_DOMAIN is set).
//  - DMARC: whether _dmarc.<domain> has a policy; a starting one is suggested when not.

export interface DomainKeyFacts {
  domain: string;
  selector: string;
  /** Base64 SubjectPublicKeyInfo, as the p= tag carries it. */
  publicKey: string;
}

export const dkimRecordName = (facts: Pick<DomainKeyFacts, 'domain' | 'selector'>) => `${facts.selector}._domainkey.${facts.domain}`;
/** Where a delegated key is served: under the platform's domain, by the row's own selector (unique to it). */
export const delegatedKeyName = (selector: string, keysDomain: string) => `${selector}._domainkey.${keysDomain}`;
export const dkimRecordValue = (publicKey: string) => `v=DKIM1; k=rsa; p=${publicKey}`;
export const returnPathName = (domain: string) => `${SENDER_RULES.returnPathLabel}.${domain}`;
export const linksName = (domain: string) => `${SENDER_RULES.linksLabel}.${domain}`;
const dmarcName = (domain: string) => `_dmarc.${domain}`;

/** The records to publish, each with the state its last check found. */
/** Where CNAMEs point: the platform's bounce domain (when set) and the app's own host (branded links). */
export interface RecordTargets {
  bounceDomain: string | null;
  appHost: string;
  /** With DKIM delegation, the domain the keys are served under: the DKIM record is a CNAME there. */
  delegatedKeysDomain: string | null;
}

export function domainRecords(facts: DomainKeyFacts, checks: DomainRecordChecks | null, targets: RecordTargets): DomainRecord[] {
  const { bounceDomain } = targets;
  const dkim = targets.delegatedKeysDomain
    ? { type: 'CNAME' as const, value: delegatedKeyName(facts.selector, targets.delegatedKeysDomain) }
    : { type: 'TXT' as const, value: dkimRecordValue(facts.publicKey) };
  const records: DomainRecord[] = [{ purpose: 'dkim', ...dkim, name: dkimRecordName(facts), state: checks?.dkim ?? 'unchecked', required: true }];
  if (bounceDomain) {
    records.push({ purpose: 'return-path', type: 'CNAME', name: returnPathName(facts.domain), value: bounceDomain, state: checks?.return_path ?? 'unchecked', required: false });
  }
  records.push({
    purpose: 'dmarc',
    type: 'TXT',
    name: dmarcName(facts.domain),
    value: checks?.dmarc_record ?? SENDER_RULES.suggestedDmarc,
    state: checks?.dmarc ?? 'unchecked',
    required: false,
  });
  records.push({ purpose: 'links', type: 'CNAME', name: linksName(facts.domain), value: targets.appHost, state: checks?.links ?? 'unchecked', required: false });
  return records;
}

/** An error of a look-up: no such name or no record of the type is "missing"; anything else, no answer. */
function failedLookup(error: unknown): RecordState {
  const code = (error as { code?: string }).code;
  return code === 'ENOTFOUND' || code === 'ENODATA' ? 'missing' : 'unreachable';
}

/** A DKIM or DMARC record's tags (RFC 6376 3.2: tag=value; …), names lower-cased, spaces dropped from values. */
function tags(record: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const part of record.split(';')) {
    const equals = part.indexOf('=');
    if (equals > 0) found.set(part.slice(0, equals).trim().toLowerCase(), part.slice(equals + 1).replace(/\s+/g, ''));
  }
  return found;
}

async function txtRecords(dns: DnsLookup, name: string): Promise<string[] | RecordState> {
  try {
    // A long value arrives as several character-strings: joined, as RFC 6376 and 7489 read them.
    return (await dns.txt(name)).map((strings) => strings.join(''));
  } catch (error) {
    return failedLookup(error);
  }
}

async function checkDkim(dns: DnsLookup, facts: DomainKeyFacts): Promise<RecordState> {
  const records = await txtRecords(dns, dkimRecordName(facts));
  if (typeof records === 'string') return records;
  if (records.length === 0) return 'missing';
  return records.some((record) => tags(record).get('p') === facts.publicKey) ? 'found' : 'wrong';
}

async function checkCname(dns: DnsLookup, name: string, expected: string | null): Promise<RecordState> {
  if (!expected) return 'unchecked';
  try {
    const targets = await dns.cname(name);
    if (targets.length === 0) return 'missing';
    return targets.some((target) => target.toLowerCase().replace(/\.$/, '') === expected) ? 'found' : 'wrong';
  } catch (error) {
    return failedLookup(error);
  }
}

async function checkDmarc(dns: DnsLookup, domain: string): Promise<{ state: RecordState; record: string | null }> {
  const records = await txtRecords(dns, dmarcName(domain));
  if (typeof records === 'string') return { state: records, record: null };
  const policy = records.find((record) => /^v\s*=\s*DMARC1\s*(;|$)/i.test(record.slice(0, 32)));
  return policy ? { state: 'found', record: policy.slice(0, 1_000) } : { state: records.length ? 'wrong' : 'missing', record: null };
}

/** Looks every record up at once. */
export async function checkDomainRecords(dns: DnsLookup, facts: DomainKeyFacts, targets: RecordTargets): Promise<DomainRecordChecks> {
  const [dkim, returnPath, dmarc, links] = await Promise.all([
    checkDkim(dns, facts),
    checkCname(dns, returnPathName(facts.domain), targets.bounceDomain),
    checkDmarc(dns, facts.domain),
    checkCname(dns, linksName(facts.domain), targets.appHost),
  ]);
  return { dkim, return_path: returnPath, dmarc: dmarc.state, dmarc_record: dmarc.record, links };
}

/** A zone-file line for a delegated key: its TXT value in character-strings of at most 255 bytes, as DNS holds it. */
export function delegatedZoneLine(selector: string, publicKey: string, keysDomain: string): string {
  const value = dkimRecordValue(publicKey);
  const strings: string[] = [];
  for (let at = 0; at < value.length; at += 255) strings.push(`"${value.slice(at, at + 255)}"`);
  return `${delegatedKeyName(selector, keysDomain)}. 3600 IN TXT ${strings.join(' ')}`;
}
