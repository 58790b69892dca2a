import { isFreeMailDomain } from '@postlark/shared/free-mail';
import { domainOf, type FromTreatment } from '@postlark/shared/senders';
import type { SendingPolicy } from '../../mail/sending-policy';
import type { OwnedAddresses } from './senders.repository';

// Since 2024 Gmail, Yahoo and Microsoft ask a bulk sender's From domain to pass DMARC: a DKIM
// signature (or an SPF-checked envelope) of that same domain. So a campaign may only be From a
// domain that signs: the customer's own authenticated domain, or the operator's (DKIM_DOMAIN). A
// free-mail address can never be authenticated by anyone but its provider, so it is sent From
// the platform's domain in the customer's name (docs/decisions/012).

/** How a campaign From `email` (lower case) is sent by this customer. */
export function fromTreatment(email: string, owned: OwnedAddresses, policy: Pick<SendingPolicy, 'operatorDomain'>): FromTreatment {
  const domain = domainOf(email);
  if (owned.authenticatedDomains.has(domain)) return 'authenticated';
  // Any other address must be one the customer proved is theirs: their account's, or confirmed.
  if (email !== owned.accountEmail && !owned.confirmed.has(email)) return 'refused';
  if (policy.operatorDomain !== null && domain === policy.operatorDomain) return 'authenticated';
  return isFreeMailDomain(domain) ? 'via-platform' : 'refused';
}

// RFC 5321 caps a local part at 64 octets; dot-atom text keeps it unquoted.
const LOCAL_PART_MAX = 64;

/**
 * The platform address a free-mail From is sent as: `ada.gmail.com@send.<platform>`, the
 * customer's address readable in it (a reader sees whose it is) and stable (one per address).
 */
export function viaAddress(email: string, viaDomain: string): string {
  const at = email.lastIndexOf('@');
  const readable = `${email.slice(0, at)}.${email.slice(at + 1)}`.toLowerCase().replace(/[^a-z0-9._-]/g, '-').replace(/\.{2,}/g, '.');
  const trimmed = readable.replace(/^[.-]+|(?<![.-])[.-]+$/g, '') || 'sender';
  return `${trimmed.slice(0, LOCAL_PART_MAX).replace(/(?<![.-])[.-]+$/, '')}@${viaDomain}`;
}
