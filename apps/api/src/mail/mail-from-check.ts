import { type AppConfig, ConfigError, isLoopbackSite, mailFromDomain } from '../config/env';
import type { DnsLookup } from '../modules/senders/dns-resolver';

/**
 * At start, with a relay and a public site: MAIL_FROM's domain must exist in DNS (an MX or an
 * address), or receivers refuse every account email. A DNS that does not answer says nothing
 * either way, so the server starts and says so.
 */
export async function checkMailFromResolves(config: AppConfig, dns: DnsLookup, warn: (message: string) => void): Promise<void> {
  if (!config.SMTP_URL || isLoopbackSite(config.APP_URL)) return;
  const domain = mailFromDomain(config.MAIL_FROM);
  const missing: string[] = [];
  for (const lookup of [() => dns.mx(domain), () => dns.a(domain), () => dns.aaaa(domain)]) {
    try {
      if ((await lookup()).length > 0) return;
      missing.push('ENODATA');
    } catch (error) {
      missing.push((error as { code?: string }).code ?? 'EUNKNOWN');
    }
  }
  if (missing.every((code) => code === 'ENOTFOUND' || code === 'ENODATA')) {
    throw new ConfigError([`MAIL_FROM: ${domain} has no MX or address record, so receivers would refuse its mail; use an address at a domain that exists, e.g. Postlark <no-reply@mail.example.com>`]);
  }
  warn(`MAIL_FROM: could not look up ${domain} (${missing.join(', ')}); starting anyway`);
}
