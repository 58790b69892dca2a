import { emailMessageSchema } from '../mail/mail-service';
import { renderEmail } from '../mail/render-email';
import type { MailTransport } from '../mail/transport';
import type { JobDefinition } from './job-definition';

export interface SendEmailDeps {
  transport: MailTransport;
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
    await deps.transport.deliver(await renderEmail(message, deps.appUrl));
  },
} satisfies JobDefinition<typeof emailMessageSchema, SendEmailDeps>;
