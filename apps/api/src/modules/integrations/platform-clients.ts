import type { PlatformId } from '@postlark/shared/integrations';
import type { AppConfig } from '../../config/env';
import { beehiivClient } from './beehiiv/client';
import { brevoClient } from './brevo/client';
import { hubspotClient } from './hubspot/client';
import { mailchimpClient } from './mailchimp/client';
import { mailchimpApiUrl } from './mailchimp/oauth';
import type { PlatformClient } from './platform-client';
import { PLATFORM_HTTP_DEFAULTS, type PlatformHttpSettings } from './platform-http';

/** Where each platform's API is (settings, so the tests' fakes stand in) and how its calls behave. */
export interface PlatformSettings {
  mailchimp: { apiUrl: string; loginUrl: string; oauth: { clientId: string; clientSecret: string } | null };
  brevo: { apiUrl: string };
  beehiiv: { apiUrl: string };
  hubspot: { apiUrl: string };
  http: PlatformHttpSettings;
  /** What one account may do with its connections (settings). */
  limits: { linksPerConnection: number; connectAttemptsPerHour: number; connectAttemptsPerClientPerHour: number };
}

export function platformSettingsFrom(config: AppConfig): PlatformSettings {
  return {
    mailchimp: {
      apiUrl: config.MAILCHIMP_API_URL,
      loginUrl: config.MAILCHIMP_LOGIN_URL,
      oauth: config.MAILCHIMP_CLIENT_ID && config.MAILCHIMP_CLIENT_SECRET ? { clientId: config.MAILCHIMP_CLIENT_ID, clientSecret: config.MAILCHIMP_CLIENT_SECRET } : null,
    },
    brevo: { apiUrl: config.BREVO_API_URL },
    beehiiv: { apiUrl: config.BEEHIIV_API_URL },
    hubspot: { apiUrl: config.HUBSPOT_API_URL },
    http: PLATFORM_HTTP_DEFAULTS,
    limits: { linksPerConnection: config.CONNECTION_LINKS_MAX, connectAttemptsPerHour: config.CONNECT_ATTEMPTS_PER_HOUR, connectAttemptsPerClientPerHour: config.CONNECT_ATTEMPTS_PER_CLIENT_PER_HOUR },
  };
}

/** What a client needs of a connection: the opened secret and the account reference kept beside it. */
export interface Credentials {
  platform: PlatformId;
  authKind: 'oauth' | 'api_key' | 'token';
  secret: string;
  /** Mailchimp's data centre, beehiiv's publication (empty: the key's first), HubSpot's portal. */
  accountRef: string;
}

export function clientFor(settings: PlatformSettings, credentials: Credentials): PlatformClient {
  const http = settings.http;
  switch (credentials.platform) {
    case 'mailchimp':
      return mailchimpClient({
        apiUrl: mailchimpApiUrl(settings.mailchimp.apiUrl, credentials.accountRef),
        auth: { kind: credentials.authKind === 'oauth' ? 'oauth' : 'api_key', secret: credentials.secret },
        http,
      });
    case 'brevo':
      return brevoClient({ apiUrl: settings.brevo.apiUrl, apiKey: credentials.secret, http });
    case 'beehiiv':
      return beehiivClient({ apiUrl: settings.beehiiv.apiUrl, apiKey: credentials.secret, publicationId: credentials.accountRef || null, http });
    case 'hubspot':
      return hubspotClient({ apiUrl: settings.hubspot.apiUrl, token: credentials.secret, http });
  }
}
