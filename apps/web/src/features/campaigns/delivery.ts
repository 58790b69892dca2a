import {
  DELIVERY_MESSAGES,
  DELIVERY_TEXTS,
  EMAIL_PLATFORM_IDS,
  type EmailPlatformId,
  type ConnectionView,
  PLATFORM_ABILITIES,
  PLATFORM_NAMES,
  type PlatformId,
} from '@postlark/shared/integrations';

/** One entry of the editor's "Delivered by" choice: a connected platform that can send. */
export interface DeliveryOption {
  id: string;
  platform: PlatformId;
  label: string;
  /** Why it cannot be chosen now (a broken connection); null: it can. */
  disabledReason: string | null;
}

/** The connections that can deliver a campaign (HubSpot cannot), by name and account. */
export function deliveryOptions(connections: readonly ConnectionView[]): DeliveryOption[] {
  return connections
    .filter((connection) => PLATFORM_ABILITIES[connection.platform].delivery)
    .map((connection) => {
      const name = PLATFORM_NAMES[connection.platform];
      return {
        id: connection.id,
        platform: connection.platform,
        label: DELIVERY_TEXTS.choice(name, connection.account_name),
        disabledReason: connection.status === 'broken' ? DELIVERY_MESSAGES.connectionBroken(name) : null,
      };
    });
}

/** "Delivered through Mailchimp" for a campaign's connection; null for Postlark's own sending or a connection no longer listed. */
export function deliveredByLabel(connections: readonly ConnectionView[] | null, connectionId: string | null): string | null {
  if (!connectionId || !connections) return null;
  const connection = connections.find((entry) => entry.id === connectionId);
  return connection ? DELIVERY_MESSAGES.deliveredBy(PLATFORM_NAMES[connection.platform]) : null;
}

/** The `?platform=` filter of the campaigns and A/B tests pages: one of the email platforms, or none. */
export function platformFilter(value: string | null): EmailPlatformId | null {
  return (EMAIL_PLATFORM_IDS as readonly string[]).includes(value ?? '') ? (value as EmailPlatformId) : null;
}
