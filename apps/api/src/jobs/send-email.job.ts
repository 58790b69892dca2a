import { emailMessageSchema } from '../mail/mail-service';
import { renderEmail } from '../mail/render-email';
import type { MailTransport } from '../mail/transport';
import type { CampaignTransport } from '../modules/campaigns/campaign-transport';
import type { JobDefinition } from './job-definition';

export interface SendEmailDeps {
  transport: MailTransport;
  /** A campaign's test send goes as the campaign's messages do: its relay, From, headers and signatures. */
  campaignTransport: CampaignTransport;
  appUrl: string;
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
    await deps.transport.deliver(await renderEmail(message, deps.appUrl));
  },
} satisfies JobDefinition<typeof emailMessageSchema, SendEmailDeps>;
