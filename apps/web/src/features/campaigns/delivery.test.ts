import { describe, expect, it } from 'vitest';
import { type ConnectionView, DELIVERY_MESSAGES, DELIVERY_TEXTS } from '@postlark/shared/integrations';
import { deliveredByLabel, deliveryOptions, platformFilter } from './delivery';

const connection = (id: string, platform: ConnectionView['platform'], status: ConnectionView['status'] = 'connected'): ConnectionView => ({
  id,
  platform,
  account_name: `${platform} account`,
  status,
  health_message: null,
  connected_at: '2026-11-01T10:00:00.000Z',
  checked_at: null,
  links: [],
  last_run: null,
  history: { imported: 0, offered: false },
});

describe('delivery through a platform', () => {
  it('offers the platforms that can send, by name and account, a broken one with its reason, never HubSpot', () => {
    const options = deliveryOptions([connection('a', 'mailchimp'), connection('b', 'hubspot'), connection('c', 'brevo', 'broken')]);
    expect(options).toEqual([
      {
        id: 'a',
        platform: 'mailchimp',
        label: DELIVERY_TEXTS.choice('Mailchimp', 'mailchimp account'),
        disabledReason: null,
      },
      {
        id: 'c',
        platform: 'brevo',
        label: DELIVERY_TEXTS.choice('Brevo', 'brevo account'),
        disabledReason: DELIVERY_MESSAGES.connectionBroken('Brevo'),
      },
    ]);
  });

  it('names the platform behind a campaign’s connection, and nothing for Postlark or an unknown one', () => {
    const connections = [connection('a', 'beehiiv')];
    expect(deliveredByLabel(connections, 'a')).toBe(DELIVERY_MESSAGES.deliveredBy('beehiiv'));
    expect(deliveredByLabel(connections, null)).toBeNull();
    expect(deliveredByLabel(connections, 'gone')).toBeNull();
    expect(deliveredByLabel(null, 'a')).toBeNull();
  });

  it('reads only an email platform from ?platform=', () => {
    expect(platformFilter('mailchimp')).toBe('mailchimp');
    expect(platformFilter('hubspot')).toBeNull();
    expect(platformFilter(null)).toBeNull();
  });
});
