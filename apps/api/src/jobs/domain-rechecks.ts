import type { AppConfig } from '../config/env';
import type { Db } from '../db/client';
import { secretBoxFrom } from '../lib/secret-box';
import type { MailService } from '../mail/mail-service';
import { sendingPolicyFrom } from '../mail/sending-policy';
import { dnsLookup } from '../modules/senders/dns-resolver';
import { recheckDomains } from '../modules/senders/sender-domains.service';
import { describe, type JobLog } from './job-worker';

// Every sending domain's records are looked up again once a day (SENDER_RULES.recheckHours): a
// pass every ten minutes takes the few checked longest ago, whoever they belong to, so no account's
// many domains hold up another's.
const PASS_EVERY_MS = 10 * 60_000;

/** The daily re-check of sending domains beside the workers (as the insights schedule). */
export function startDomainRechecks(options: { config: AppConfig; db: Db; now: () => Date; log: JobLog; mail: MailService; everyMs?: number }): { stop(): Promise<void> } {
  const { config, db, now, log } = options;
  const policy = sendingPolicyFrom(config);
  const deps = {
    db,
    now,
    dns: dnsLookup(config.DNS_SERVERS),
    secrets: secretBoxFrom(config),
    bounceDomain: policy.bounceDomain,
    delegatedKeysDomain: policy.delegatedKeysDomain,
    mail: options.mail,
    appUrl: config.APP_URL,
  };
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    running = recheckDomains(deps)
      .then(
        (checked) => {
          if (checked > 0) log.info({ checked }, 'sending domains checked again');
        },
        (error: unknown) => log.warn({ reason: describe(error) }, 'sending domain re-check failed; trying again later'),
      )
      .finally(() => {
        busy = false;
      });
  }, options.everyMs ?? PASS_EVERY_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
