import { confirmedAddresses, domainOf, type SenderOverview } from '@postlark/shared/senders';

/** What the editor's From field offers for the address it holds. */
export interface FromChoices {
  /** The addresses campaigns may be sent from, best first (at an authenticated domain first). */
  confirmed: string[];
  /** Authenticated domains: any address at one may be typed. */
  domains: string[];
  /** The authenticated domain whose address is being typed, or ''. */
  otherDomain: string;
  /** A saved address that cannot send (kept in the draft, shown as such), or ''. */
  unconfirmed: string;
  /** The address a free-mail From goes out as (our domain, in the customer's name), when it is one; else ''. */
  sentAs: string;
  /** No domain of the account is authenticated: every campaign goes from a free-mail or the operator's address. */
  noDomain: boolean;
}

/**
 * `picked` is the domain chosen from the list ('' for a listed address, null before any choice:
 * then the saved address's own domain, when authenticated and the address is not listed itself).
 */
export function fromChoices(value: string, senders: SenderOverview, picked: string | null): FromChoices {
  const confirmed = confirmedAddresses(senders);
  const domains = senders.domains.filter((domain) => domain.status === 'authenticated').map((domain) => domain.domain);
  const savedAtDomain = value && !confirmed.includes(value) && domains.includes(domainOf(value)) ? domainOf(value) : '';
  const otherDomain = picked ?? savedAtDomain;
  const unconfirmed = value && !confirmed.includes(value) && !otherDomain ? value : '';
  const entry = senders.from_addresses.find((address) => address.email === value);
  const sentAs = entry?.treatment === 'via-platform' ? entry.sent_as : '';
  return { confirmed, domains, otherDomain, unconfirmed, sentAs, noDomain: domains.length === 0 };
}
