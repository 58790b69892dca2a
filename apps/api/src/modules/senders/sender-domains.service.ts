import { isFreeMailDomain } from '@postlark/shared/free-mail';
import { ROUTES } from '@postlark/shared/routes';
import { SENDER_MESSAGES, SENDER_RULES, type SenderDomain, type SenderDomainCreate } from '@postlark/shared/senders';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import type { SecretBox } from '../../lib/secret-box';
import { isUuid } from '../../lib/uuid';
import type { MailService } from '../../mail/mail-service';
import { notify } from '../notifications/notify';
import { newDkimKey } from './dkim-keys';
import type { DnsLookup } from './dns-resolver';
import { checkDomainRecords, dkimRecordName, domainRecords, type RecordTargets } from './domain-records';
import {
  countDomains,
  deleteDomain,
  domainsDueCheck,
  findDomain,
  insertDomain,
  listDomains,
  recordDomainCheck,
  type SenderDomainRow,
  setDomainKey,
  accountContact,
} from './senders.repository';

export interface DomainDeps {
  db: Db;
  now: () => Date;
  dns: DnsLookup;
  /** Seals each domain's DKIM private key. */
  secrets: SecretBox;
  /** BOUNCE_DOMAIN: the return-path record points at it (none is asked for without it). */
  bounceDomain: string | null;
  /** APP_URL: the branded link domain's record points at its host. */
  appUrl: string;
  /**
   * DKIM_DELEGATION's domain: the DKIM record shown is a CNAME to the key served there. The check
   * is the same either way: a TXT look-up of the customer's name follows the CNAME to the key.
   */
  delegatedKeysDomain: string | null;
}

const targetsOf = (deps: Pick<DomainDeps, 'bounceDomain' | 'appUrl' | 'delegatedKeysDomain'>) => ({
  bounceDomain: deps.bounceDomain,
  appHost: new URL(deps.appUrl).hostname,
  delegatedKeysDomain: deps.delegatedKeysDomain,
});

const notFound = () => new HttpError(404, SENDER_MESSAGES.domainNotFound);

type KeyedRow = SenderDomainRow & { dkimSelector: string; dkimPublicKey: string; dkimPrivateKey: string };

function domainJson(row: KeyedRow, targets: RecordTargets): SenderDomain {
  return {
    id: row.id,
    domain: row.domain,
    status: row.authenticatedAt ? 'authenticated' : row.verifiedAt ? 'lost' : 'pending',
    records: domainRecords({ domain: row.domain, selector: row.dkimSelector, publicKey: row.dkimPublicKey }, row.checks, targets),
    authenticated_at: row.authenticatedAt?.toISOString() ?? null,
    last_checked_at: row.lastCheckedAt?.toISOString() ?? null,
    last_problem: row.lastProblem,
    created_at: row.createdAt.toISOString(),
  };
}

/** A row with its key: a domain added before keys existed gets one the first time it is read. */
async function keyed(deps: Pick<DomainDeps, 'db' | 'secrets'>, row: SenderDomainRow): Promise<KeyedRow> {
  if (row.dkimSelector && row.dkimPublicKey && row.dkimPrivateKey) return row as KeyedRow;
  const made = await setDomainKey(deps.db, row.id, await newDkimKey(deps.secrets, row.id));
  // Another request gave it one first: that one stands.
  const current = made ?? (await findDomain(deps.db, row.customerId, row.id));
  if (!current?.dkimPrivateKey) throw notFound();
  return current as KeyedRow;
}

/** The customer's domains, each with the records to publish and their states. */
export async function allDomains(deps: Omit<DomainDeps, 'dns'>, customerId: string): Promise<SenderDomain[]> {
  const rows = await listDomains(deps.db, customerId);
  return Promise.all(rows.map(async (row) => domainJson(await keyed(deps, row), targetsOf(deps))));
}

async function ownedRow(deps: Pick<DomainDeps, 'db' | 'secrets'>, customerId: string, id: string): Promise<KeyedRow> {
  const row = isUuid(id) ? await findDomain(deps.db, customerId, id) : undefined;
  if (!row) throw notFound();
  return keyed(deps, row);
}

export async function domainById(deps: Omit<DomainDeps, 'dns'>, customerId: string, id: string): Promise<SenderDomain> {
  return domainJson(await ownedRow(deps, customerId, id), targetsOf(deps));
}

/** Adds a domain with its own DKIM key; nothing is usable until its DKIM record is found. */
export async function addDomain(deps: Omit<DomainDeps, 'dns'>, customerId: string, body: SenderDomainCreate): Promise<SenderDomain> {
  if (isFreeMailDomain(body.domain)) throw new HttpError(400, SENDER_MESSAGES.domainFreeMail(body.domain), { domain: SENDER_MESSAGES.domainFreeMail(body.domain) });
  if ((await countDomains(deps.db, customerId)) >= SENDER_RULES.domains) throw new HttpError(409, SENDER_MESSAGES.domainsTooMany);
  const row = await insertDomain(deps.db, { customerId, domain: body.domain, verificationCode: '', createdAt: deps.now() });
  if (!row) throw new HttpError(409, SENDER_MESSAGES.domainExists, { domain: SENDER_MESSAGES.domainExists });
  return domainJson(await keyed(deps, row), targetsOf(deps));
}

/** Looks every record up and keeps what was found; answers the domain and what the check means for it. */
async function runCheck(deps: DomainDeps, row: KeyedRow): Promise<{ row: SenderDomainRow; problem: string | null }> {
  const facts = { domain: row.domain, selector: row.dkimSelector, publicKey: row.dkimPublicKey };
  const checks = await checkDomainRecords(deps.dns, facts, targetsOf(deps));
  const name = dkimRecordName(facts);
  const problem = {
    found: null,
    missing: SENDER_MESSAGES.dnsNoRecord(name),
    wrong: SENDER_MESSAGES.dnsWrongValue(name),
    unreachable: SENDER_MESSAGES.dnsUnreachable(row.domain),
    unchecked: SENDER_MESSAGES.dnsUnreachable(row.domain),
  }[checks.dkim];
  // No answer from the domain's DNS says nothing about the record: a domain that signs keeps signing.
  const authenticated = checks.dkim === 'found' || (checks.dkim === 'unreachable' && row.authenticatedAt !== null);
  const checked = await recordDomainCheck(deps.db, row.customerId, row.id, { now: deps.now(), checks, authenticated, problem });
  if (!checked) throw notFound();
  return { row: checked, problem };
}

/** "Check now": every record looked up; the answer says whether the domain can send, or what is missing. */
export async function checkDomain(deps: DomainDeps, customerId: string, id: string): Promise<{ domain: SenderDomain; message: string }> {
  const { row, problem } = await runCheck(deps, await ownedRow(deps, customerId, id));
  const domain = domainJson(await keyed(deps, row), targetsOf(deps));
  return { domain, message: problem ?? SENDER_MESSAGES.domainAuthenticated(domain.domain) };
}

export async function removeDomain(deps: Pick<DomainDeps, 'db'>, customerId: string, id: string): Promise<void> {
  if (!isUuid(id) || !(await deleteDomain(deps.db, customerId, id))) throw notFound();
}

/** Domains the daily re-check looks at per pass: a few DNS look-ups each, a pass every few minutes. */
const RECHECK_BATCH = 50;

/**
 * The daily re-check's pass: the domains checked longest ago (over a day), whoever they belong
 * to. A domain whose DKIM record is gone stops signing and being a From; its customer is told
 * by a notification and an email. Answers how many domains it looked at.
 */
export async function recheckDomains(deps: DomainDeps & { mail: MailService }): Promise<number> {
  const due = await domainsDueCheck(deps.db, new Date(deps.now().getTime() - SENDER_RULES.recheckHours * 3_600_000), RECHECK_BATCH);
  for (const row of due) {
    const before = row.authenticatedAt;
    const { row: after } = await runCheck(deps, row as KeyedRow);
    if (before && !after.authenticatedAt) {
      await notify(deps.db, row.customerId, 'sending-domain-lost', deps.now(), ROUTES.senders);
      const contact = await accountContact(deps.db, row.customerId);
      const name = dkimRecordName({ domain: row.domain, selector: row.dkimSelector! });
      if (contact) await deps.mail.enqueue({ template: 'sending-domain-lost', to: contact.email, firstName: contact.firstName, domain: row.domain, recordName: name, link: `${deps.appUrl}${ROUTES.senders}` });
    }
  }
  return due.length;
}
