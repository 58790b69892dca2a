import * as z from 'zod/mini';
import { lowerCaseEmailSchema } from './email';

// Sender identities, sending domains and account quotas (issue 18, finding 4; issue 30). Every
// address a test send goes to must be one the customer proved is theirs: their account's own
// address, an address they confirmed by a link we mailed to it, or any address at a domain they
// authenticated (its DKIM record found). A campaign's From must also be one inboxes can
// authenticate: at such a domain, at the operator's, or a free-mail address sent in their name.

/** What the per-account quotas count; `warm-up-messages`: messages claimed under a warm-up (issue 32). */
export const USAGE_KINDS = ['campaign-messages', 'test-sends', 'sender-confirmations', 'warm-up-messages'] as const;
export type UsageKind = (typeof USAGE_KINDS)[number];
/** The kinds with a fixed limit in the settings (the warm-up's grows by the day). */
export type QuotaKind = Exclude<UsageKind, 'warm-up-messages'>;

export const SENDER_RULES = {
  /** How long a confirmation link works. */
  confirmationHours: 72,
  /** Domains one account may add. */
  domains: 20,
  domainLength: 253,
  /** The return-path subdomain: a CNAME to the platform's bounce domain. */
  returnPathLabel: 'pl-bounces',
  /** The branded link subdomain: a CNAME to the app's host; tracking and unsubscribe links use it once found. */
  linksLabel: 'links',
  /** A DMARC record to start with: reports only, nothing refused, while the customer watches. */
  suggestedDmarc: 'v=DMARC1; p=none; adkim=r; aspf=r',
  /** How often every domain's records are looked up again. */
  recheckHours: 24,
} as const;

export const SENDER_MESSAGES = {
  emailInvalid: 'Enter a valid email address, like news@example.com.',
  added: (email: string) => `We sent a confirmation link to ${email}. The address can send once the link is opened.`,
  alreadyAdded: 'This address is already one of your senders. Send the link again from its row if it was lost.',
  accountAddress: 'This is your account’s own address: it is confirmed already.',
  coveredByDomain: (domain: string) => `Every address at ${domain} can send already: the domain is verified.`,
  resent: (email: string) => `We sent the confirmation link to ${email} again.`,
  alreadyConfirmed: 'This address is confirmed already.',
  deleted: 'Sender removed. Campaigns can no longer send from it.',
  notFound: 'This sender does not exist.',
  confirmed: (email: string) => `${email} is confirmed. Campaigns can now be sent from it, and tests to it.`,
  linkInvalid: 'This confirmation link has expired or was used already. Ask for a new one on the Senders page.',
  testRecipientNotConfirmed: (email: string) =>
    `${email} is not one of your confirmed addresses. Tests only go to your confirmed senders and to addresses at your verified domains.`,
  domainInvalid: 'Enter a domain name, like example.com.',
  domainAdded: (domain: string) => `Publish the records below at the DNS provider of ${domain}, then check the domain.`,
  domainFreeMail: (domain: string) =>
    `${domain} belongs to a mailbox provider: only they can sign its mail. Campaigns from an address at it are sent from our domain in your name, with replies to you.`,
  domainExists: 'This domain is already on your list.',
  domainsTooMany: `An account can add at most ${SENDER_RULES.domains} domains. Remove one you no longer use first.`,
  domainNotFound: 'This domain does not exist.',
  domainAuthenticated: (domain: string) => `${domain} is authenticated. Every address at it can now send your campaigns, signed by ${domain}.`,
  domainLost: (domain: string, name: string) =>
    `The DKIM record of ${domain} is no longer found at ${name}: campaigns from it cannot be sent until it is published again.`,
  fromNotAuthenticated: (email: string) =>
    `${email} cannot send campaigns: ${domainOf(email)} is not authenticated. Add the domain on the Senders page and publish its DKIM record, so inboxes can tell the mail is yours.`,
  viaPlatform: (email: string, sentAs: string) =>
    `${domainOf(email)} is a mailbox provider's domain, which only it can authenticate: readers see your name From ${sentAs}, and their replies go to ${email}.`,
  domainDeleted: 'Domain removed. Its addresses can no longer send campaigns.',
  dnsNoRecord: (name: string) => `No DKIM record was found at ${name}. Add it at your DNS provider; a change can take up to an hour to show.`,
  dnsWrongValue: (name: string) => `${name} has a TXT record, but not with the key shown here. Copy the value again, whole.`,
  dnsUnreachable: (domain: string) => `The DNS servers of ${domain} did not answer. Try again in a few minutes.`,
  heldFromNotConfirmed: (email: string) =>
    `Not sent at its scheduled time: ${email} can no longer send (its domain is not authenticated, or it is no longer confirmed). Fix it on the Senders page or choose another, then send or schedule again.`,
  heldQuota: 'Not sent at its scheduled time: it would have gone past your account’s daily sending limit. Send or schedule it again later.',
} as const;

export const QUOTA_MESSAGES = {
  campaignMessages: (limit: number, left: number) =>
    `Your account can send ${limit.toLocaleString('en')} campaign messages a day; this campaign would go past that (${left.toLocaleString('en')} left now). Try again later or choose a smaller audience.`,
  testSends: (limit: number) => `Your account can send ${limit.toLocaleString('en')} test messages an hour. Try again later.`,
  senderConfirmations: (limit: number) => `Your account can send ${limit.toLocaleString('en')} confirmation emails an hour. Try again later.`,
  // Double opt-in confirmations count against the campaign messages of the day, as flow emails do.
  subscriptionConfirmations: (limit: number) =>
    `Your account can send ${limit.toLocaleString('en')} messages a day, confirmation emails included, and has none left now. Try again later.`,
} as const;

// Dot-separated labels of letters, digits and inner hyphens, ending in a top-level part of letters.
// Each label must be followed by a dot, so no two ways to match one input: linear.
const DOMAIN_PATTERN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export const senderCreateSchema = z.strictObject({ email: lowerCaseEmailSchema(SENDER_MESSAGES.emailInvalid) });
export type SenderCreate = z.output<typeof senderCreateSchema>;

export const senderConfirmSchema = z.strictObject({
  token: z.string({ error: SENDER_MESSAGES.linkInvalid }).check(z.maxLength(128, { error: SENDER_MESSAGES.linkInvalid, abort: true }), z.minLength(1, SENDER_MESSAGES.linkInvalid)),
});

export const senderDomainCreateSchema = z.strictObject({
  domain: z
    .string({ error: SENDER_MESSAGES.domainInvalid })
    .check(z.trim(), z.toLowerCase(), z.maxLength(SENDER_RULES.domainLength, { error: SENDER_MESSAGES.domainInvalid, abort: true }), z.regex(DOMAIN_PATTERN, SENDER_MESSAGES.domainInvalid)),
});
export type SenderDomainCreate = z.output<typeof senderDomainCreateSchema>;

/** The domain part of an address, lower-cased. */
export function domainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

export interface SenderIdentity {
  id: string;
  email: string;
  status: 'pending' | 'confirmed';
  created_at: string;
  confirmed_at: string | null;
  /** When the last confirmation link was mailed. */
  confirmation_sent_at: string;
  /** Pending, and its link no longer works: it has to be sent again. */
  link_expired: boolean;
}

/** What a look-up of one record found: `wrong` is a record at the name with another value. */
export const RECORD_STATES = ['unchecked', 'missing', 'wrong', 'found', 'unreachable'] as const;
export type RecordState = (typeof RECORD_STATES)[number];

/** What the last check found of each record of a domain, as stored beside it. */
export interface DomainRecordChecks {
  dkim: RecordState;
  return_path: RecordState;
  dmarc: RecordState;
  /** The domain's own DMARC record, when it has one. */
  dmarc_record: string | null;
  /** The branded link domain (links.<domain>), once looked up. */
  links?: RecordState;
}

/** One DNS record a sending domain asks for, with what the last check found. */
export interface DomainRecord {
  purpose: 'dkim' | 'return-path' | 'dmarc' | 'links';
  type: 'TXT' | 'CNAME';
  /** The full name, e.g. pl1a2b3c._domainkey.example.com. */
  name: string;
  /** What to publish (for DMARC: a suggested starting record, or the one found). */
  value: string;
  state: RecordState;
  /** DKIM is: without it nothing is signed for the domain. The others make delivery better. */
  required: boolean;
}

export interface SenderDomain {
  id: string;
  domain: string;
  /** authenticated: its DKIM record is found, so it signs and may be a From; lost: it was, and is not found any more. */
  status: 'pending' | 'authenticated' | 'lost';
  /** What to publish at the domain's DNS provider, each with its live state. */
  records: DomainRecord[];
  authenticated_at: string | null;
  last_checked_at: string | null;
  /** Why the domain cannot send yet, until the DKIM record is found. */
  last_problem: string | null;
  created_at: string;
}

/**
 * How a campaign From an address is sent: `authenticated`, as written, signed by its own domain;
 * `via-platform`, a free-mail address that no one but its provider can authenticate, sent From the
 * platform's domain with the customer's name and Reply-To the address; `refused`, not usable.
 */
export type FromTreatment = 'authenticated' | 'via-platform' | 'refused';

/** Everything the Senders page and the editor's From field show. */
export interface SenderOverview {
  /** The account's own address: confirmed when the account was (see docs/decisions/004). */
  account_email: string;
  senders: SenderIdentity[];
  domains: SenderDomain[];
  /**
   * The addresses campaigns may be sent from, best first (at an authenticated domain first), each
   * with how it is sent: what the editor's From field offers.
   */
  from_addresses: { email: string; treatment: Exclude<FromTreatment, 'refused'>; sent_as: string }[];
}

/** The addresses a campaign may be sent from now, best first. */
export function confirmedAddresses(overview: SenderOverview): string[] {
  return overview.from_addresses.map((entry) => entry.email);
}

/** The addresses a test send may go to, as quick picks: the account's own and every confirmed sender, whatever their domain. */
export function testRecipientAddresses(overview: SenderOverview): string[] {
  const confirmed = overview.senders.filter((sender) => sender.status === 'confirmed').map((sender) => sender.email);
  return [...new Set([overview.account_email.toLowerCase(), ...confirmed])];
}
