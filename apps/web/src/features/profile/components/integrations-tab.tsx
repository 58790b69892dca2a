import type { ReactNode } from 'react';
import type { PlatformId } from '@postlark/shared/integrations';
import type { IntegrationsApi } from '../integrations-api';
import { ApiKeysCard, type ApiKeysCardProps } from './api-keys-card';
import { PlatformConnections } from './platform-connections';
import { WebhooksCard } from './webhooks-card';
import type { WebhooksApi } from './webhooks-api';

/**
 * SPEC section 2, Integrations: the platforms connected and those to connect (issue 22); below them
 * the AI provider the writing assistant uses, the API keys that connect other apps, and the webhooks
 * that tell the customer's own systems what happens.
 */
export function IntegrationsTab({
  webhooks,
  aiProvider,
  platforms,
  connect,
  signedIn,
  signInError,
  ...apiKeys
}: ApiKeysCardProps & {
  webhooks: WebhooksApi;
  /** The AI provider's card, from the app. */
  aiProvider?: ReactNode;
  platforms: IntegrationsApi;
  /** ?connect=<platform>: that platform's Connect form opens at once. */
  connect?: PlatformId | null;
  /** Back from Mailchimp's sign-in: ?connected= and ?error=. */
  signedIn?: PlatformId | null;
  signInError?: string | null;
}) {
  return (
    <div className="profile-stack">
      <PlatformConnections api={platforms} connect={connect} signedIn={signedIn} signInError={signInError} />
      {aiProvider}
      <ApiKeysCard {...apiKeys} />
      <WebhooksCard api={webhooks} />
    </div>
  );
}
