import { RELAY_WEBHOOK_MESSAGES as MESSAGES, type RelayName } from '@postlark/shared/webhooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/env';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import type { SoftBounceRule } from '../campaigns/bounces.repository';
import type { DeliveryHeaders } from '../campaigns/delivery-headers';
import { type ReceivedReport, recordReport } from '../inbound/record-report';
import { brevoReports, validBrevoToken } from './relays/brevo';
import { mailgunEnvelope, mailgunReports, tokenMemory, validMailgunSignature } from './relays/mailgun';
import { postmarkReports, validPostmarkCredentials } from './relays/postmark';
import { type Correlate, parseJson } from './relays/relay-report';
import { sendgridKey, sendgridReports, validSendgridSignature } from './relays/sendgrid';
import { sesReports, verifySnsMessage } from './relays/ses-sns';
import { CertificateUnavailable, type SnsHttp, snsCertificates } from './relays/sns-certificates';
import { snsEnvelope, subscribeUrlAllowed } from './relays/sns-envelope';

// The relays' own bounce and complaint webhooks (issue 32, point 5), beside our signed format at
// /webhooks/bounces: POST /webhooks/{ses,sendgrid,postmark,mailgun,brevo}, each authenticated as
// its relay documents (modules/webhooks/relays/), each off (404) until its setting is given. Every
// report goes through recordReport: kept once by its key, and done to the reader of the delivery
// it names, if it names one of ours. The body is kept as text: the signatures cover the bytes.

type RelaySettings = Pick<
  AppConfig,
  | 'SES_SNS_TOPIC_ARNS'
  | 'SENDGRID_WEBHOOK_PUBLIC_KEY'
  | 'POSTMARK_WEBHOOK_USER'
  | 'POSTMARK_WEBHOOK_PASSWORD'
  | 'MAILGUN_WEBHOOK_SIGNING_KEY'
  | 'BREVO_WEBHOOK_TOKEN'
  | 'SOFT_BOUNCES_TO_SUPPRESS'
  | 'SOFT_BOUNCE_WINDOW_DAYS'
>;

export interface RelayWebhookDeps {
  db: Db;
  now: () => Date;
  config: RelaySettings;
  /** The correlation header's check (campaign links' delivery headers). */
  delivery: Pick<DeliveryHeaders, 'messageIdOf'>;
  /** Tests only (a local certificate server): the app never passes it, so production takes certificates from SNS's hosts alone. */
  sns?: SnsHttp;
}

/** SendGrid batches up to about a thousand events, Mailgun and Brevo one or a batch; an SNS or Postmark message is one record. */
const LARGE_BODY = 1024 * 1024;
const SMALL_BODY = 256 * 1024;

export function relayWebhookRoutes(deps: RelayWebhookDeps) {
  const { config } = deps;
  const rule: SoftBounceRule = { toSuppress: config.SOFT_BOUNCES_TO_SUPPRESS, windowDays: config.SOFT_BOUNCE_WINDOW_DAYS };
  const correlate: Correlate = (value) => deps.delivery.messageIdOf(value);
  const topics = new Set((config.SES_SNS_TOPIC_ARNS ?? '').split(',').map((arn) => arn.trim()).filter(Boolean));
  const certificates = snsCertificates(deps.sns, deps.now);
  const sendgrid = config.SENDGRID_WEBHOOK_PUBLIC_KEY ? sendgridKey(config.SENDGRID_WEBHOOK_PUBLIC_KEY) : null;
  const mailgunTokens = tokenMemory();

  const rawOf = (request: FastifyRequest) => (typeof request.body === 'string' ? request.body : '');
  const offUnless = (relay: RelayName, on: unknown) => {
    if (!on) throw new HttpError(404, MESSAGES.notConfigured[relay]);
  };
  const shapeOf = (raw: string, reports: ReceivedReport[] | null): ReceivedReport[] => {
    if (reports) return reports;
    throw new HttpError(400, parseJson(raw) === undefined ? MESSAGES.badJson : MESSAGES.badShape);
  };

  async function recordAll(reports: ReceivedReport[]) {
    const counts = { received: reports.length, recorded: 0, duplicates: 0, unmatched: 0 };
    // One transaction each (recordReport's): a failure leaves the rest to the relay's retry, and what was recorded stays once.
    for (const report of reports) {
      const as = await recordReport(deps.db, report, rule);
      if (as === 'recorded') counts.recorded += 1;
      else if (as === 'duplicate') counts.duplicates += 1;
      else counts.unmatched += 1;
    }
    return { payload: { message: MESSAGES.received, ...counts } };
  }

  return async (app: FastifyInstance) => {
    if (config.SENDGRID_WEBHOOK_PUBLIC_KEY && !sendgrid) app.log.warn('SENDGRID_WEBHOOK_PUBLIC_KEY is not a P-256 public key: the SendGrid webhook is off');
    // SNS posts its JSON as text/plain (the app refuses text/plain elsewhere); the others as application/json.
    for (const type of ['application/json', 'text/plain']) {
      app.addContentTypeParser(type, { parseAs: 'string' }, (_request, body, done) => done(null, body));
    }

    app.post('/webhooks/ses', { bodyLimit: SMALL_BODY }, async (request) => {
      offUnless('ses', topics.size > 0);
      const raw = rawOf(request);
      const envelope = snsEnvelope(raw);
      if (!envelope) throw new HttpError(400, parseJson(raw) === undefined ? MESSAGES.badJson : MESSAGES.badShape);
      const announced = request.headers['x-amz-sns-message-type'];
      if (announced !== undefined && announced !== envelope.Type) throw new HttpError(400, MESSAGES.badShape);
      if (!topics.has(envelope.TopicArn)) throw new HttpError(403, MESSAGES.unknownTopic);
      const subscribeUrl = envelope.SubscribeURL ?? '';
      if (envelope.Type === 'SubscriptionConfirmation' && !subscribeUrlAllowed(subscribeUrl, envelope.TopicArn)) throw new HttpError(400, MESSAGES.subscribeUrlRefused);
      let verified;
      try {
        verified = await verifySnsMessage(envelope, certificates, deps.now());
      } catch (error) {
        if (error instanceof CertificateUnavailable) throw new HttpError(503, MESSAGES.certificateUnavailable);
        throw error;
      }
      if (verified === 'bad-certificate') throw new HttpError(401, MESSAGES.certificateRefused);
      if (verified === 'bad-signature') throw new HttpError(401, MESSAGES.badSignature);
      if (envelope.Type === 'SubscriptionConfirmation') {
        if (!(await certificates.confirm(subscribeUrl))) throw new HttpError(503, MESSAGES.subscriptionFailed);
        request.log.info({ topicArn: envelope.TopicArn }, 'SNS subscription confirmed');
        return { payload: { message: MESSAGES.subscriptionConfirmed } };
      }
      if (envelope.Type === 'UnsubscribeConfirmation') {
        request.log.warn({ topicArn: envelope.TopicArn }, 'SNS subscription ended: SES reports from this topic stop');
        return { payload: { message: MESSAGES.unsubscribed } };
      }
      return recordAll(shapeOf(envelope.Message, sesReports(envelope, correlate, deps.now())));
    });

    app.post('/webhooks/sendgrid', { bodyLimit: LARGE_BODY }, async (request) => {
      offUnless('sendgrid', sendgrid);
      const raw = rawOf(request);
      if (!sendgrid || !validSendgridSignature(sendgrid, request.headers, raw, deps.now())) throw new HttpError(401, MESSAGES.badSignature);
      return recordAll(shapeOf(raw, sendgridReports(raw, correlate, deps.now())));
    });

    app.post('/webhooks/postmark', { bodyLimit: SMALL_BODY }, async (request) => {
      const user = config.POSTMARK_WEBHOOK_USER;
      const password = config.POSTMARK_WEBHOOK_PASSWORD;
      offUnless('postmark', user && password);
      if (!validPostmarkCredentials(user ?? '', password ?? '', request.headers)) {
        throw new HttpError(401, MESSAGES.badCredentials, undefined, { 'www-authenticate': 'Basic realm="postlark-webhooks"' });
      }
      const raw = rawOf(request);
      return recordAll(shapeOf(raw, postmarkReports(raw, correlate, deps.now())));
    });

    app.post('/webhooks/mailgun', { bodyLimit: LARGE_BODY }, async (request) => {
      const key = config.MAILGUN_WEBHOOK_SIGNING_KEY;
      offUnless('mailgun', key);
      const raw = rawOf(request);
      const envelope = mailgunEnvelope(raw);
      if (!envelope) throw new HttpError(400, parseJson(raw) === undefined ? MESSAGES.badJson : MESSAGES.badShape);
      if (!validMailgunSignature(key ?? '', envelope, deps.now())) throw new HttpError(401, MESSAGES.badSignature);
      if (!mailgunTokens.take(envelope.token, deps.now())) throw new HttpError(401, MESSAGES.tokenReused);
      const reports = mailgunReports(envelope.eventData, correlate, deps.now());
      if (!reports) throw new HttpError(400, MESSAGES.badShape);
      try {
        return await recordAll(reports);
      } catch (error) {
        mailgunTokens.release(envelope.token);
        throw error;
      }
    });

    app.post('/webhooks/brevo', { bodyLimit: LARGE_BODY }, async (request) => {
      const token = config.BREVO_WEBHOOK_TOKEN;
      offUnless('brevo', token);
      if (!validBrevoToken(token ?? '', request.headers)) throw new HttpError(401, MESSAGES.badCredentials);
      const raw = rawOf(request);
      return recordAll(shapeOf(raw, brevoReports(raw, correlate, deps.now())));
    });
  };
}
