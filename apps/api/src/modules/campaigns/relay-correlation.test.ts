import { describe, expect, it } from 'vitest';
import { deliveryHeaders } from './delivery-headers';
import { CORRELATION_FIELD, relayCorrelationHeaders, withRelayCorrelation } from './relay-correlation';
import type { CampaignMail } from './campaign-transport';
import { brevoReports } from '../webhooks/relays/brevo';
import { mailgunReports } from '../webhooks/relays/mailgun';
import { postmarkReports } from '../webhooks/relays/postmark';
import { sendgridReports } from '../webhooks/relays/sendgrid';

// What a relay does with the header we set, as its documentation says, then its webhook parsed as
// the product parses it: the report finds the delivery by our value, though the relay reports a
// Message-ID of its own.

const delivery = deliveryHeaders('a-server-secret-of-some-length', 'app.postlark.example');
const MESSAGE_ID = '<9c1f0e2d3b4a59687766554433221100@app.postlark.example>';
const value = delivery.correlation(MESSAGE_ID);
const at = new Date('2026-12-02T10:00:00Z');
const RELAY_MESSAGE_ID = '<0100018c-relay-own-id@relay.example>';

function mail(headers: Record<string, string>): CampaignMail {
  return { from: { name: 'A', address: 'a@news.example' }, to: 'reader@example.com', replyTo: '', subject: 'S', html: '<p>x</p>', text: 'x', messageId: MESSAGE_ID, headers, customerId: 'c' };
}

describe('relay correlation headers', () => {
  it('Postmark: X-PM-Metadata comes back as Metadata on a bounce record', () => {
    const headers = relayCorrelationHeaders('postmark', value);
    const metadata = Object.fromEntries(Object.entries(headers).map(([name, field]) => [name.replace(/^X-PM-Metadata-/, ''), field]));
    const record = { RecordType: 'Bounce', ID: 42, Type: 'HardBounce', Email: 'reader@example.com', MessageID: 'pm-own-id', Details: 'smtp;550 5.1.1 unknown user', Metadata: metadata };
    const [report] = postmarkReports(JSON.stringify(record), delivery.messageIdOf, at)!;
    expect(report!.delivery).toEqual({ messageId: MESSAGE_ID, email: 'reader@example.com' });
  });

  it('SendGrid: X-SMTPAPI unique_args come back as top-level fields of the event', () => {
    const smtpApi = JSON.parse(relayCorrelationHeaders('sendgrid', value)['X-SMTPAPI']!) as { unique_args: Record<string, string> };
    const event = { email: 'reader@example.com', event: 'bounce', sg_event_id: 'e1', 'smtp-id': RELAY_MESSAGE_ID, reason: '550 5.1.1 no such user', status: '5.1.1', type: 'bounce', ...smtpApi.unique_args };
    const [report] = sendgridReports(JSON.stringify([event]), delivery.messageIdOf, at)!;
    expect(report!.delivery).toEqual({ messageId: MESSAGE_ID, email: 'reader@example.com' });
  });

  it('Mailgun: X-Mailgun-Variables come back as user-variables', () => {
    const variables = JSON.parse(relayCorrelationHeaders('mailgun', value)['X-Mailgun-Variables']!) as Record<string, string>;
    const data = {
      id: 'mg-1',
      event: 'failed',
      severity: 'permanent',
      recipient: 'reader@example.com',
      'delivery-status': { code: 550, message: '5.1.1 The email account that you tried to reach does not exist', 'enhanced-code': '5.1.1' },
      message: { headers: { 'message-id': RELAY_MESSAGE_ID.slice(1, -1) } },
      'user-variables': variables,
    };
    const [report] = mailgunReports(data, delivery.messageIdOf, at)!;
    expect(report!.delivery).toEqual({ messageId: MESSAGE_ID, email: 'reader@example.com' });
  });

  it('Brevo: X-Mailin-custom comes back under its own name', () => {
    const event = { event: 'hard_bounce', email: 'reader@example.com', 'message-id': RELAY_MESSAGE_ID, reason: '550 5.1.1 user unknown', ...relayCorrelationHeaders('brevo', value) };
    const [report] = brevoReports(JSON.stringify(event), delivery.messageIdOf, at)!;
    expect(report!.delivery).toEqual({ messageId: MESSAGE_ID, email: 'reader@example.com' });
  });

  it('adds the header only to messages that carry ours, and only for the relay named', async () => {
    const sent: CampaignMail[] = [];
    const transport = withRelayCorrelation({ send: async (message) => void sent.push(message), close: async () => {} }, 'postmark');
    await transport.send(mail({ 'X-Postlark-Delivery': value }));
    await transport.send(mail({}));
    expect(sent[0]!.headers[`X-PM-Metadata-${CORRELATION_FIELD}`]).toBe(value);
    expect(Object.keys(sent[1]!.headers)).toEqual([]);
    expect(relayCorrelationHeaders('ses', value)).toEqual({});
  });
});
