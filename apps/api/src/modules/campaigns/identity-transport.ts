import type { SendingIdentities } from '../../mail/sending-identity';
import { onReceiverDomain, type ReturnPaths } from '../inbound/return-paths';
import type { SmtpReplyVerdict } from '../../mail/smtp-reply';
import { type CampaignMail, type CampaignTransport, SendFailure } from './campaign-transport';

/** The verdict's rule when a message's From can no longer be sent. */
export const FROM_NOT_SENDABLE_RULE = 'from-not-sendable';
// The same for every message of the campaign, so the circuit breaker pauses it at once.
const FROM_NOT_SENDABLE: SmtpReplyVerdict = { kind: 'sender', code: null, enhanced: null, rule: FROM_NOT_SENDABLE_RULE, sendWide: true };

/**
 * The message with every link to the app (tracking, unsubscribe and preference links, in the
 * body and the List-Unsubscribe header) on the customer's branded link domain, which points at
 * the app: a reader, and a spam filter, sees links on the sender's own domain.
 */
function withLinkOrigin(mail: CampaignMail, appOrigin: string, linkOrigin: string): CampaignMail {
  const from = `${appOrigin}/`;
  const to = `${linkOrigin}/`;
  const swap = (text: string) => text.replaceAll(from, to);
  return { ...mail, html: swap(mail.html), text: swap(mail.text), headers: Object.fromEntries(Object.entries(mail.headers).map(([name, value]) => [name, swap(value)])) };
}

/**
 * A delivery's own addresses at the receiver (modules/inbound/return-paths.ts): its envelope sender
 * names it (VERP), so a bounce says whose it is, and List-Unsubscribe gains a mailto: that
 * unsubscribes on receipt (Apple Mail and others use it rather than the URL).
 */
function withReturnPaths(mail: CampaignMail, returnPath: string, paths: ReturnPaths, bounceDomain: string): { mail: CampaignMail; returnPath: string } {
  if (mail.ledgerId === undefined || !onReceiverDomain(returnPath, bounceDomain)) return { mail, returnPath };
  const verp = paths.bounceAddress(mail.ledgerId, returnPath.slice(returnPath.lastIndexOf('@') + 1));
  const listUnsubscribe = mail.headers['List-Unsubscribe'];
  const mailto = `<mailto:${paths.unsubscribeAddress(mail.ledgerId)}?subject=unsubscribe>`;
  const headers = { ...mail.headers, 'List-Unsubscribe': listUnsubscribe ? `${listUnsubscribe}, ${mailto}` : mailto };
  return { mail: { ...mail, headers }, returnPath: verp };
}

/**
 * Sends each message as its sending identity says (mail/sending-identity.ts): From, Reply-To,
 * envelope sender and DKIM keys. A From that can no longer be sent (its domain's record is gone)
 * is a failure of the send, never of the reader.
 */
export function withSendingIdentity(transport: CampaignTransport, identities: SendingIdentities): CampaignTransport {
  return {
    async send(mail) {
      const outcome = await identities.of({ customerId: mail.customerId, fromName: mail.from.name, fromEmail: mail.from.address, replyTo: mail.replyTo });
      if (!outcome.usable) throw new SendFailure(outcome.reason, FROM_NOT_SENDABLE);
      const { identity } = outcome;
      const branded = identity.linkOrigin ? withLinkOrigin(mail, identities.appOrigin, identity.linkOrigin) : mail;
      const paths = mail.ledgerId === undefined ? null : await identities.returnPaths();
      const bounceDomain = identities.bounceDomain;
      const named = paths && bounceDomain ? withReturnPaths(branded, identity.returnPath, paths, bounceDomain) : { mail: branded, returnPath: identity.returnPath };
      await transport.send({ ...named.mail, from: identity.from, replyTo: identity.replyTo, returnPath: named.returnPath, dkim: identity.dkim });
    },
    close: () => transport.close(),
  };
}
