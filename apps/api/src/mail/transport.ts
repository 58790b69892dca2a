import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { type AppConfig, mailFromAddress } from '../config/env';
import type { Db } from '../db/client';
import { type DkimSettings, dkimSettings } from './dkim';
import { relayRequiresTls } from './relay-tls';
import { insertOutboxMessage } from '../modules/mailbox/mailbox.repository';
import type { RenderedEmail } from './render-email';

export type MailLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export interface MailTransport {
  kind: 'smtp' | 'dev-outbox';
  /** Resolves once the relay (or the outbox) has accepted the message; rejects to be retried. */
  deliver(email: RenderedEmail): Promise<void>;
  close(): Promise<void>;
}

/** A header value on one line: CR and LF would start a new header (`Bcc:`) or the body. */
export function headerValue(value: string): string {
  return value.replace(/[\r\n]+/g, ' ').trim();
}

/**
 * Account mail (verification, reset, notices): SMTP_URL with SMTP_HEADERS when set; otherwise the
 * dev outbox. The outbox is never used beside a relay. Campaigns and automation emails are the
 * other stream (modules/campaigns/marketing-stream.ts). Account mail takes nothing from the relay
 * budget: there is little of it, and a campaign must never hold back a password reset.
 */
export function createMailTransport(deps: { config: AppConfig; db: Db; log: MailLog }): MailTransport {
  const from = headerValue(deps.config.MAIL_FROM);
  return deps.config.SMTP_URL ? smtpTransport(deps.config.SMTP_URL, from, dkimSettings(deps.config), deps.config.SMTP_HEADERS) : devOutboxTransport(deps.db, from, deps.log);
}

function smtpTransport(url: string, from: string, dkim: DkimSettings | undefined, headers: Record<string, string> | undefined): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: 3,
    // A relay that hangs fails the attempt in seconds; the queue retries it later. Nodemailer's
    // defaults (two minutes to connect, ten idle) would hold a worker for as long.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    ...(relayRequiresTls(url) && { requireTLS: true }),
    ...(dkim && { dkim }),
  });
  return {
    kind: 'smtp',
    async deliver(email) {
      await transporter.sendMail({
        from: email.fromName ? { name: headerValue(email.fromName), address: mailFromAddress(from) } : from,
        to: headerValue(email.to),
        subject: headerValue(email.subject),
        html: email.html,
        text: email.text,
        ...(headers && { headers }),
      });
    },
    async close() {
      transporter.close();
    },
  };
}

function devOutboxTransport(db: Db, from: string, log: MailLog): MailTransport {
  return {
    kind: 'dev-outbox',
    async deliver(email) {
      const stored = await insertOutboxMessage(db, {
        to: headerValue(email.to),
        from: email.fromName ? `${headerValue(email.fromName)} <${mailFromAddress(from)}>` : from,
        subject: headerValue(email.subject),
        html: email.html,
        text: email.text,
      });
      // Who and what only: its links carry tokens, and logs travel further than this database.
      log.info({ mailbox: `/dev/mailbox/${stored.id}`, to: stored.to, subject: stored.subject }, `dev outbox: "${stored.subject}"`);
    },
    async close() {},
  };
}
