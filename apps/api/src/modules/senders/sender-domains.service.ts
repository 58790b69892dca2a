import { randomBytes } from 'node:crypto';
import { SENDER_MESSAGES, SENDER_RULES, type SenderDomain, type SenderDomainCreate } from '@postlark/shared/senders';
import { HttpError } from '../../http/errors';
import { isUuid } from '../../lib/uuid';
import { lookUpTxt, type ResolveTxt } from './dns-txt';
import { countDomains, deleteDomain, findDomain, insertDomain, listDomains, recordDomainCheck, type SenderDomainRow } from './senders.repository';
import type { Db } from '../../db/client';

interface DomainDeps {
  db: Db;
  now: () => Date;
  resolveTxt: ResolveTxt;
}

const notFound = () => new HttpError(404, SENDER_MESSAGES.domainNotFound);

// A label of its own under the domain keeps the apex's TXT records (SPF, other services') as they are.
const recordName = (domain: string) => `${SENDER_RULES.recordLabel}.${domain}`;
const recordValue = (code: string) => `${SENDER_RULES.recordPrefix}${code}`;

export function domainJson(row: SenderDomainRow): SenderDomain {
  return {
    id: row.id,
    domain: row.domain,
    status: row.verifiedAt ? 'verified' : 'pending',
    record: { type: 'TXT', name: recordName(row.domain), value: recordValue(row.verificationCode) },
    verified_at: row.verifiedAt?.toISOString() ?? null,
    last_checked_at: row.lastCheckedAt?.toISOString() ?? null,
    last_problem: row.lastProblem,
    created_at: row.createdAt.toISOString(),
  };
}

export async function allDomains(deps: Pick<DomainDeps, 'db'>, customerId: string): Promise<SenderDomain[]> {
  return (await listDomains(deps.db, customerId)).map(domainJson);
}

/** Adds a domain with a fresh random value for its TXT record; nothing is usable until it is verified. */
export async function addDomain(deps: DomainDeps, customerId: string, body: SenderDomainCreate): Promise<SenderDomain> {
  if ((await countDomains(deps.db, customerId)) >= SENDER_RULES.domains) throw new HttpError(409, SENDER_MESSAGES.domainsTooMany);
  const row = await insertDomain(deps.db, { customerId, domain: body.domain, verificationCode: randomBytes(16).toString('hex'), createdAt: deps.now() });
  if (!row) throw new HttpError(409, SENDER_MESSAGES.domainExists, { domain: SENDER_MESSAGES.domainExists });
  return domainJson(row);
}

/**
 * Looks the TXT record up now. Found with our value: the domain is verified. Absent, other
 * values only, or no answer from the domain's DNS: a 400 that says which, kept beside the domain.
 */
export async function verifyDomain(deps: DomainDeps, customerId: string, id: string): Promise<SenderDomain> {
  const row = isUuid(id) ? await findDomain(deps.db, customerId, id) : undefined;
  if (!row) throw notFound();
  const name = recordName(row.domain);
  const lookup = await lookUpTxt(deps.resolveTxt, name, recordValue(row.verificationCode));
  const problem = {
    match: null,
    'no-record': SENDER_MESSAGES.dnsNoRecord(name),
    'other-values': SENDER_MESSAGES.dnsWrongValue(name),
    unreachable: SENDER_MESSAGES.dnsUnreachable(row.domain),
  }[lookup.found];
  const checked = await recordDomainCheck(deps.db, customerId, id, { now: deps.now(), problem });
  if (!checked) throw notFound();
  if (problem) throw new HttpError(400, problem, { domain: problem });
  return domainJson(checked);
}

export async function removeDomain(deps: Pick<DomainDeps, 'db'>, customerId: string, id: string): Promise<void> {
  if (!isUuid(id) || !(await deleteDomain(deps.db, customerId, id))) throw notFound();
}
