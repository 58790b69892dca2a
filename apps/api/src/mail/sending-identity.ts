import type { AppConfig } from '../config/env';
import type { Db } from '../db/client';
import { type SecretBox, secretBoxFrom } from '../lib/secret-box';
import { dkimKeyContext } from '../modules/senders/dkim-keys';
import { fromTreatment, viaAddress } from '../modules/senders/from-treatment';
import { linksName, returnPathName } from '../modules/senders/domain-records';
import { authenticatedDomain, ownedAddresses } from '../modules/senders/senders.repository';
import { type ReturnPaths, returnPathsOf } from '../modules/inbound/return-paths';
import { domainOf, SENDER_MESSAGES } from '@postlark/shared/senders';
import { type DkimSettings, dkimSettings } from './dkim';
import { type SendingPolicy, sendingPolicyFrom } from './sending-policy';

// Who a campaign or automation email says it is from, and who vouches for that (issue 30): the
// From and Reply-To a reader sees, the envelope sender bounces return to, and the DKIM keys that
// sign it. From an authenticated domain, the domain's own key signs (d=<domain>) and the envelope
// is under its return-path subdomain, so DKIM and SPF both align with the From for DMARC.

export interface SendingIdentity {
  from: { name: string; address: string };
  replyTo: string;
  /** The envelope sender (MAIL FROM): where bounces go, and what SPF checks. */
  returnPath: string;
  /** Signatures in order: the From domain's own first, then the platform's (DKIM_DOMAIN). */
  dkim: DkimSettings[];
  /**
   * The branded link domain's origin (https://links.<domain>) once its CNAME to the app is found:
   * the message's links to the app (tracking, unsubscribe, preferences) go through it instead.
   */
  linkOrigin: string | null;
}

export type IdentityOutcome = { usable: true; identity: SendingIdentity } | { usable: false; reason: string };

export interface IdentityDeps {
  db: Db;
  secrets: SecretBox;
  policy: SendingPolicy;
  /** The platform's own key (DKIM_*), when the operator set one. */
  platformDkim: DkimSettings | undefined;
  now: () => Date;
}

/** What a message is From, as the campaign row says it. */
export interface FromFields {
  customerId: string;
  fromName: string;
  fromEmail: string;
  replyTo: string;
}

// The local part of a return path with no delivery to name (a campaign's test send); a delivery's
// own is a VERP address in its place (modules/inbound/return-paths.ts, identity-transport.ts).
const BOUNCE_LOCAL_PART = 'bounces';

// A domain's opened key is kept this long: a domain whose record is gone stops signing within it
// (sending also stops at once, by the campaign's readiness check at its start).
const CACHE_MS = 5 * 60_000;

/** Works out each campaign's identity, its keys opened once per few minutes, not per message. */
export function sendingIdentities(deps: IdentityDeps) {
  const cache = new Map<string, { at: number; outcome: IdentityOutcome }>();
  const platformSignature = deps.platformDkim ? [deps.platformDkim] : [];
  const platformReturnPath = (fallback: string) => (deps.policy.bounceDomain ? `${BOUNCE_LOCAL_PART}@${deps.policy.bounceDomain}` : fallback);

  async function work(fields: FromFields): Promise<IdentityOutcome> {
    const email = fields.fromEmail.toLowerCase();
    const owned = await ownedAddresses(deps.db, fields.customerId, [email]);
    const treatment = fromTreatment(email, owned, deps.policy);
    if (treatment === 'refused') return { usable: false, reason: SENDER_MESSAGES.fromNotAuthenticated(email) };
    if (treatment === 'via-platform') {
      const address = viaAddress(email, deps.policy.viaDomain);
      return {
        usable: true,
        identity: { from: { name: fields.fromName, address }, replyTo: fields.replyTo || email, returnPath: platformReturnPath(address), dkim: platformSignature, linkOrigin: null },
      };
    }
    const domain = domainOf(email);
    const row = owned.authenticatedDomains.has(domain) ? await authenticatedDomain(deps.db, fields.customerId, domain) : undefined;
    if (!row) {
      // The operator's own domain: the platform's key is its key.
      return {
        usable: true,
        identity: { from: { name: fields.fromName, address: email }, replyTo: fields.replyTo, returnPath: platformReturnPath(email), dkim: platformSignature, linkOrigin: null },
      };
    }
    const privateKey = await deps.secrets.open(row.dkimPrivateKey!, dkimKeyContext(row.id));
    const ownReturnPath = deps.policy.bounceDomain && row.checks?.return_path === 'found' ? `${BOUNCE_LOCAL_PART}@${returnPathName(domain)}` : platformReturnPath(email);
    return {
      usable: true,
      identity: {
        from: { name: fields.fromName, address: email },
        replyTo: fields.replyTo,
        returnPath: ownReturnPath,
        dkim: [{ domainName: domain, keySelector: row.dkimSelector!, privateKey }, ...platformSignature],
        linkOrigin: row.checks?.links === 'found' ? `${new URL(deps.policy.appOrigin).protocol}//${linksName(domain)}` : null,
      },
    };
  }

  let paths: Promise<ReturnPaths> | undefined;
  return {
    /** The origin of the app's links in mail, which a branded link domain replaces. */
    appOrigin: deps.policy.appOrigin,
    /** BOUNCE_DOMAIN, lower case, or null. */
    bounceDomain: deps.policy.bounceDomain,
    /** The addresses naming each delivery (VERP, mailto unsubscribe), once BOUNCE_DOMAIN is set; else null. */
    async returnPaths(): Promise<ReturnPaths | null> {
      const domain = deps.policy.bounceDomain;
      if (!domain) return null;
      // A failed read of the secret is tried again by the next message, not kept.
      paths ??= returnPathsOf(deps.db, domain).catch((error: unknown) => {
        paths = undefined;
        throw error;
      });
      return paths;
    },
    /** The identity of mail From these fields now, or why it cannot be sent. */
    async of(fields: FromFields): Promise<IdentityOutcome> {
      const key = `${fields.customerId}\n${fields.fromEmail}\n${fields.fromName}\n${fields.replyTo}`;
      const now = deps.now().getTime();
      const cached = cache.get(key);
      if (cached && now - cached.at < CACHE_MS) return cached.outcome;
      const outcome = await work(fields);
      // A refusal is not kept: the customer may authenticate the domain a minute later.
      if (!outcome.usable) return outcome;
      if (cache.size > 1_000) cache.clear();
      cache.set(key, { at: now, outcome });
      return outcome;
    },
  };
}

export type SendingIdentities = ReturnType<typeof sendingIdentities>;

/** The identities of this process's campaign and automation mail, from the settings. */
export function sendingIdentitiesFrom(config: AppConfig, db: Db, now: () => Date = () => new Date()): SendingIdentities {
  return sendingIdentities({ db, secrets: secretBoxFrom(config), policy: sendingPolicyFrom(config), platformDkim: dkimSettings(config), now });
}
