import { confirmedAddresses, domainOf, type SenderOverview } from '@postlark/shared/senders';

/** What the editor's From field offers for the address it holds. */
export interface FromChoices {
  /** The account's address and every confirmed sender. */
  confirmed: string[];
  /** Verified domains: any address at one may be typed. */
  domains: string[];
  /** The verified domain whose address is being typed, or ''. */
  otherDomain: string;
  /** A saved address that cannot send (kept in the draft, shown as not confirmed), or ''. */
  unconfirmed: string;
}

/**
 * `picked` is the domain chosen from the list ('' for a listed address, null before any choice:
 * then the saved address's own domain, when verified and the address is not confirmed itself).
 */
export function fromChoices(value: string, senders: SenderOverview, picked: string | null): FromChoices {
  const confirmed = confirmedAddresses(senders);
  const domains = senders.domains.filter((domain) => domain.status === 'verified').map((domain) => domain.domain);
  const savedAtDomain = value && !confirmed.includes(value) && domains.includes(domainOf(value)) ? domainOf(value) : '';
  const otherDomain = picked ?? savedAtDomain;
  const unconfirmed = value && !confirmed.includes(value) && !otherDomain ? value : '';
  return { confirmed, domains, otherDomain, unconfirmed };
}
