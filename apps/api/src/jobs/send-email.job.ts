import { randomBytes } from 'node:crypto';
import { domainOf } from '@postlark/shared/senders';
import { emailMessageSchema, type EmailMessage } from '../mail/mail-service';
import { renderEmail } from '../mail/render-email';
import type { MailTransport } from '../mail/transport';
import { type CampaignTransport, SendFailure } from '../modules/campaigns/campaign-transport';
import { FROM_NOT_SENDABLE_RULE } from '../modules/campaigns/identity-transport';
import type { JobDefinition } from './job-definition';

export interface SendEmailDeps {
  transport: MailTransport;
  /** A campaign's test send goes as the campaign's messages do: its relay, From, headers and signatures. */
  campaignTransport: CampaignTransport;
  appUrl: string;
}

type ListConfirmation = Extract<EmailMessage, { template: 'subscription-confirm' }>;

/**
 * A list's confirmation From the list's sender, sent as the customer's campaigns are (its domain's
 * signature, a free-mail address rewritten onto the platform's). Answers false when that sender can
 * no longer send (its domain lost its record): the caller sends it in the customer's name instead,
 * since the person who just signed up is waiting for it.
 */
async function sentAsListSender(message: ListConfirmation, deps: SendEmailDeps): Promise<boolean> {
  if (!message.from?.address || !message.customerId) return false;
  const rendered = await renderEmail(message, deps.appUrl);
  try {
    await deps.campaignTransport.send({
      from: message.from,
      to: message.to,
      replyTo: '',
      subject: rendered.subject,
      html: rendered.html,
      text: rendered.text,
      messageId: `<confirm.${randomBytes(12).toString('hex')}@${domainOf(message.from.address)}>`,
      headers: {},
      customerId: message.customerId,
    });
    return true;
  } catch (error) {
    if (error instanceof SendFailure && error.verdict.rule === FROM_NOT_SENDABLE_RULE) return false;
    throw error;
  }
}

/**
 * Renders one message and hands it to the relay (or the dev outbox). A relay that is down fails the
 * attempt and the queue retries it: 10 retries from 5 s, doubling, span about one and a half to
 * three hours, long enough for a relay restart or an outage, after which the links have expired.
 */
export const sendEmailJob = {
  name: 'send-email',
  payload: emailMessageSchema,
  retry: { retryLimit: 10, retryDelay: 5, retryBackoff: true },
  expireInSeconds: 300,
  async handle(message, deps) {
    if (message.template === 'campaign-test') {
      const { template: _template, ...mail } = message;
      await deps.campaignTransport.send(mail);
      return;
    }
    if (message.template === 'subscription-confirm' && (await sentAsListSender(message, deps))) return;
    await deps.transport.deliver(await renderEmail(message, deps.appUrl));
  },
} satisfies JobDefinition<typeof emailMessageSchema, SendEmailDeps>;
