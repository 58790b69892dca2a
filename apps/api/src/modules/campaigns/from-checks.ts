import { CAMPAIGN_CHECK_TEXTS, type CampaignCheck } from '@postlark/shared/campaign-checks';
import { CAMPAIGN_MESSAGES } from '@postlark/shared/campaigns';
import { domainOf, SENDER_MESSAGES } from '@postlark/shared/senders';
import { returnPathName } from '../senders/domain-records';
import { fromTreatment, viaAddress } from '../senders/from-treatment';
import { authenticatedDomain, ownedAddresses } from '../senders/senders.repository';
import type { CampaignDeps } from './campaigns.service';
import type { CampaignRow } from './campaigns.repository';

// The From address's part of "Check before sending": whether mail From it can be sent and how
// (the same rule readiness applies, senders/from-treatment.ts), and for the customer's own
// authenticated domain what the last DNS check found of its return path and DMARC record.

const title = CAMPAIGN_CHECK_TEXTS.fromTitle;

export async function fromChecks(deps: Pick<CampaignDeps, 'db' | 'sending'>, row: Pick<CampaignRow, 'customerId' | 'fromEmail'>): Promise<CampaignCheck[]> {
  const email = row.fromEmail.toLowerCase();
  if (!email) return [{ id: 'from', status: 'fail', title, detail: CAMPAIGN_MESSAGES.fromRequired }];
  const owned = await ownedAddresses(deps.db, row.customerId, [email]);
  const treatment = fromTreatment(email, owned, deps.sending);
  const domain = domainOf(email);
  if (treatment === 'refused') return [{ id: 'from', status: 'fail', title, detail: SENDER_MESSAGES.fromNotAuthenticated(row.fromEmail) }];
  if (treatment === 'via-platform') return [{ id: 'from', status: 'warn', title, detail: CAMPAIGN_CHECK_TEXTS.fromVia(email, viaAddress(email, deps.sending.viaDomain)) }];
  if (!owned.authenticatedDomains.has(domain)) return [{ id: 'from', status: 'pass', title, detail: CAMPAIGN_CHECK_TEXTS.fromOperatorDomain(domain) }];

  const checks: CampaignCheck[] = [{ id: 'from', status: 'pass', title, detail: CAMPAIGN_CHECK_TEXTS.fromOwnDomain(domain) }];
  const found = (await authenticatedDomain(deps.db, row.customerId, domain))?.checks ?? null;
  // Without a bounce domain the platform asks for no return-path record (domain-records.ts).
  if (deps.sending.bounceDomain) {
    const name = returnPathName(domain);
    const aligned = found?.return_path === 'found';
    checks.push({
      id: 'return-path',
      status: aligned ? 'pass' : 'warn',
      title: CAMPAIGN_CHECK_TEXTS.returnPathTitle,
      detail: aligned ? CAMPAIGN_CHECK_TEXTS.returnPathFound(name) : CAMPAIGN_CHECK_TEXTS.returnPathMissing(name),
    });
  }
  const dmarc = found?.dmarc ?? 'unchecked';
  checks.push({
    id: 'dmarc',
    status: dmarc === 'found' ? 'pass' : 'warn',
    title: CAMPAIGN_CHECK_TEXTS.dmarcTitle,
    detail:
      dmarc === 'found'
        ? CAMPAIGN_CHECK_TEXTS.dmarcFound(domain, found?.dmarc_record ?? 'a DMARC record')
        : dmarc === 'missing'
          ? CAMPAIGN_CHECK_TEXTS.dmarcMissing(domain)
          : CAMPAIGN_CHECK_TEXTS.dmarcUnknown(domain),
  });
  return checks;
}
