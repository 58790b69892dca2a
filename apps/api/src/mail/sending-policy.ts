import type { AppConfig } from '../config/env';

// Which domains a campaign or automation email may be From, and where mail the platform sends on
// a customer's behalf comes from (issue 30, docs/decisions/012). Read once from the settings.

export interface SendingPolicy {
  /** DKIM_DOMAIN: the operator's own domain; its confirmed addresses sign with the platform's key. */
  operatorDomain: string | null;
  /**
   * The domain of the addresses a free-mail From is replaced by (`ada.gmail.com@send.<platform>`):
   * under DKIM_DOMAIN, so the platform's signature aligns with it, else under the app's host.
   */
  viaDomain: string;
  /** BOUNCE_DOMAIN: where return paths point; each customer's return-path subdomain is a CNAME to it. */
  bounceDomain: string | null;
  /** DKIM_DELEGATION: customers CNAME their DKIM name to a key served under this domain (DKIM_DOMAIN); null without it. */
  delegatedKeysDomain: string | null;
  /** APP_URL's origin: the links the platform puts in mail start with it, unless a branded link domain is found. */
  appOrigin: string;
}

export function sendingPolicyFrom(config: Pick<AppConfig, 'DKIM_DOMAIN' | 'BOUNCE_DOMAIN' | 'APP_URL' | 'DKIM_DELEGATION'>): SendingPolicy {
  const operatorDomain = config.DKIM_DOMAIN?.toLowerCase() ?? null;
  return {
    operatorDomain,
    viaDomain: `send.${operatorDomain ?? new URL(config.APP_URL).hostname}`,
    bounceDomain: config.BOUNCE_DOMAIN?.toLowerCase() ?? null,
    appOrigin: new URL(config.APP_URL).origin,
    delegatedKeysDomain: config.DKIM_DELEGATION ? operatorDomain : null,
  };
}
