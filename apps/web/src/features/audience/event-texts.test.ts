import { describe, expect, it } from 'vitest';
import { eventSentence, eventSourceLabel } from './event-texts';

const base = { occurred_at: '2026-11-20T10:00:00.000Z', source: 'api', value: null, currency: null, campaign_ref: null, machine: null, properties: null };

describe('event sentences', () => {
  it('read built-in events as what happened, with money in its currency', () => {
    expect(eventSentence({ ...base, name: 'order_placed', value: 42.5, currency: 'EUR', properties: { order_id: 'A1', items: [{ product_id: 'x' }, { product_id: 'y' }] } })).toBe('Placed order A1 for €42.50, 2 items');
    expect(eventSentence({ ...base, name: 'product_viewed', properties: { product_id: 'sku-9' } })).toBe('Viewed product sku-9');
    expect(eventSentence({ ...base, name: 'email_opened', machine: true })).toBe('Opened an email (by a machine: a privacy proxy or scanner)');
    expect(eventSentence({ ...base, name: 'email_clicked', machine: false, properties: { url: 'https://shop.example/sale' } })).toBe('Clicked https://shop.example/sale');
  });

  it('read a bounce with its kind, status code and the receiver’s words, and a complaint as such', () => {
    expect(eventSentence({ ...base, name: 'email_bounced', properties: { kind: 'hard', status: '5.1.1', detail: '550 5.1.1 User unknown' } })).toBe('An email bounced (the address does not exist, 5.1.1): “550 5.1.1 User unknown”');
    expect(eventSentence({ ...base, name: 'email_bounced', properties: { kind: 'soft' } })).toBe('An email bounced (a temporary problem)');
    expect(eventSentence({ ...base, name: 'email_bounced', properties: { kind: 'complaint' } })).toBe('Marked an email as spam');
  });

  it('read a custom event by its name and a few properties', () => {
    expect(eventSentence({ ...base, name: 'trial_started', properties: { plan: 'pro', seats: 3, nested: { a: 1 } } })).toBe('trial_started (plan: pro, seats: 3)');
    expect(eventSourceLabel('own')).toBe('Postlark');
    expect(eventSourceLabel('mailchimp')).toBe('Mailchimp');
  });
});
