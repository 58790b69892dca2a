import DKIM from 'nodemailer/lib/dkim';
import type { Db } from '../../db/client';
import type { DkimSettings } from '../../mail/dkim';
import { mimeMessage } from '../../mail/mime-message';
import { RelayUnreachableError, smtpPool } from '../../mail/smtp-pool';
import { classifySmtpReply, type SmtpReplyVerdict } from '../../mail/smtp-reply';
import { headerValue } from '../../mail/transport';
import { insertOutboxMessage } from '../mailbox/mailbox.repository';

/** One campaign message, ready for the relay. */
export interface CampaignMail {
  from: { name: string; address: string };
  to: string;
  replyTo: string;
  subject: string;
  html: string;
  text: string;
  /** Fixed per (campaign, subscriber): a retry carries the same one. */
  messageId: string;
  headers: Record<string, string>;
  /** Whose mail it is: the account its From address belongs to. */
  customerId: string;
  /** The ledger row (campaign_messages.id) it delivers; none for a preview or a test send. */
  ledgerId?: number;
  /** The envelope sender (MAIL FROM); the From address when not set (identity-transport.ts sets it). */
  returnPath?: string;
  /** The keys that sign it, in order; the transport's own key when not set. */
  dkim?: readonly DkimSettings[];
}

/**
 * Why a message was not taken: the relay's words and what they are about (see mail/smtp-reply.ts:
 * only a `recipient` verdict is a bounce). `relayUnreachable`: the relay could not be reached at
 * all, so the message was never offered.
 */
export class SendFailure extends Error {
  override name = 'SendFailure';
  constructor(
    message: string,
    readonly verdict: SmtpReplyVerdict,
    readonly relayUnreachable = false,
  ) {
    super(message);
  }
}

export interface CampaignTransport {
  send(mail: CampaignMail): Promise<void>;
  close(): Promise<void>;
}

// The headers a DKIM signature covers: nodemailer's usual set plus the unsubscribe, list and delivery headers, so a
// relay cannot strip or change them without breaking the signature.
const SIGNED_HEADERS = 'From:Sender:Reply-To:Subject:Date:Message-ID:To:MIME-Version:Content-Type:List-Unsubscribe:List-Unsubscribe-Post:List-Id:Feedback-ID:X-Postlark-Delivery';

/** What went wrong with one message, classified once (a SendFailure already is). */
export function failureOf(error: unknown): SendFailure {
  if (error instanceof SendFailure) return error;
  if (error instanceof RelayUnreachableError) {
    const text = `The relay could not be reached: ${error.message}`.slice(0, 500);
    return new SendFailure(text, classifySmtpReply({ text: '' }), true);
  }
  const reply = error as { responseCode?: number; response?: string; message?: string; command?: string };
  const text = (reply.response ?? reply.message ?? String(error)).slice(0, 500);
  return new SendFailure(text, classifySmtpReply({ code: typeof reply.responseCode === 'number' ? reply.responseCode : undefined, text, command: reply.command }));
}

/**
 * A DKIM signer per set of keys, made once: a message From an authenticated domain is signed by
 * its own key, then the platform's. `fallback`: the key of a message that names none.
 */
function dkimSigners(fallback: DkimSettings | undefined) {
  const made = new Map<string, DKIM>();
  return (keys: readonly DkimSettings[] | undefined): DKIM | undefined => {
    const chosen = keys ?? (fallback ? [fallback] : []);
    if (chosen.length === 0) return undefined;
    const name = chosen.map((key) => `${key.keySelector}._domainkey.${key.domainName}`).join(' ');
    let signer = made.get(name);
    if (!signer) {
      if (made.size > 1_000) made.clear();
      signer = new DKIM({ keys: chosen.map((key) => ({ ...key })), headerFieldNames: SIGNED_HEADERS });
      made.set(name, signer);
    }
    return signer;
  };
}

/** Pooled SMTP to the relay at `url`: `connections` kept open and reused for every message. */
export function smtpCampaignTransport(url: string, options: { connections: number; dkim?: DkimSettings }): CampaignTransport {
  const pool = smtpPool(url, { connections: options.connections, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000, idleMs: 60_000 });
  const signers = dkimSigners(options.dkim);
  return {
    async send(mail) {
      const message = mimeMessage({ ...mail, date: new Date() });
      const signer = signers(mail.dkim);
      try {
        await pool.send({ from: mail.returnPath ?? mail.from.address, to: [mail.to] }, signer ? signer.sign(message) : message);
      } catch (error) {
        throw failureOf(error);
      }
    },
    async close() {
      pool.close();
    },
  };
}

/** Without SMTP_URL: campaign messages land in the dev outbox like every other mail. */
export function devOutboxCampaignTransport(db: Db): CampaignTransport {
  return {
    async send(mail) {
      await insertOutboxMessage(db, {
        to: headerValue(mail.to),
        from: `${headerValue(mail.from.name)} <${headerValue(mail.from.address)}>`,
        subject: headerValue(mail.subject),
        html: mail.html,
        text: mail.text,
      });
    },
    async close() {},
  };
}
