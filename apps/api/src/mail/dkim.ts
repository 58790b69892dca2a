import type { AppConfig } from '../config/env';

// One DKIM key for everything the server sends from the customer's or our domain: campaign
// messages, test sends and account mail alike, so a receiver sees every message signed the same.

export interface DkimSettings {
  domainName: string;
  keySelector: string;
  privateKey: string;
}

/** DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY, when set (the config allows all three or none). */
export function dkimSettings(config: Pick<AppConfig, 'DKIM_DOMAIN' | 'DKIM_SELECTOR' | 'DKIM_PRIVATE_KEY'>): DkimSettings | undefined {
  return config.DKIM_DOMAIN && config.DKIM_SELECTOR && config.DKIM_PRIVATE_KEY
    ? { domainName: config.DKIM_DOMAIN, keySelector: config.DKIM_SELECTOR, privateKey: config.DKIM_PRIVATE_KEY }
    : undefined;
}
