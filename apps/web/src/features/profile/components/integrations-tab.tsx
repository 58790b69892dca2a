import type { ReactNode } from 'react';
import { PLATFORMS, PlatformMark } from '../../../components/ui/platform-mark';
import { PROFILE_TEXTS, SAMPLE_CONNECTED } from '../profile-content';
import { ApiKeysCard, type ApiKeysCardProps } from './api-keys-card';
import { WebhooksCard } from './webhooks-card';
import type { WebhooksApi } from './webhooks-api';

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * SPEC section 2, Integrations: one platform shown connected with its date, the other two to
 * connect (static for now); below them the AI provider the writing assistant uses, the API keys that connect other apps, and the webhooks
 * that tell the customer's own systems what happens.
 */
export function IntegrationsTab({ webhooks, aiProvider, ...apiKeys }: ApiKeysCardProps & { webhooks: WebhooksApi; /** The AI provider's card, from the app. */ aiProvider?: ReactNode }) {
  const connected = PLATFORMS.filter((platform) => platform.id === SAMPLE_CONNECTED.platform);
  const others = PLATFORMS.filter((platform) => platform.id !== SAMPLE_CONNECTED.platform);
  const since = dateFormat.format(new Date(`${SAMPLE_CONNECTED.connectedOn}T00:00:00Z`));

  return (
    <div className="profile-stack">
      <p className="profile-note profile-note--soon">
        <span className="soon-pill">{PROFILE_TEXTS.comingSoon}</span>
        Connecting and disconnecting platforms from here is on its way; what you see is a preview.
      </p>
      <section className="dash-card" aria-labelledby="connected-title">
        <h2 id="connected-title" className="dash-card__title">
          Connected
        </h2>
        <ul className="profile-integrations">
          {connected.map((platform) => (
            <li key={platform.id} className="profile-integration">
              <PlatformMark platform={platform.id} size="lg" />
              <div className="profile-integration__text">
                <p className="profile-integration__name">{platform.name}</p>
                <p className="profile-integration__meta">
                  <span className="profile-integration__status" aria-hidden="true" />
                  <span>
                    Connected on <time dateTime={SAMPLE_CONNECTED.connectedOn}>{since}</time>
                  </span>
                </p>
              </div>
              <button type="button" className="btn btn--secondary profile-integration__button" disabled>
                Disconnect
              </button>
            </li>
          ))}
        </ul>
      </section>
      <section className="dash-card" aria-labelledby="not-connected-title">
        <h2 id="not-connected-title" className="dash-card__title">
          Not Connected
        </h2>
        <ul className="profile-integrations">
          {others.map((platform) => (
            <li key={platform.id} className="profile-integration">
              <PlatformMark platform={platform.id} size="lg" />
              <div className="profile-integration__text">
                <p className="profile-integration__name">{platform.name}</p>
                <p className="profile-integration__meta">Sync audiences and campaigns with {platform.name}.</p>
              </div>
              <button type="button" className="btn btn--primary profile-integration__button" disabled>
                Connect to {platform.name}
              </button>
            </li>
          ))}
        </ul>
      </section>
      {aiProvider}
      <ApiKeysCard {...apiKeys} />
      <WebhooksCard api={webhooks} />
    </div>
  );
}
