import { timingSafeEqual } from 'node:crypto';
import { SENDER_RULES } from '@postlark/shared/senders';
import type { Db } from '../../db/client';
import { hmacSha256 } from '../../lib/hmac';
import { getOrCreateSecret } from '../secrets/secrets.repository';

// The addresses the inbound receiver takes mail for (issue 32, point 1), each naming one delivery
// (a campaign_messages row) and carrying a MAC, so a report says which message it is about even
// when it quotes nothing of it, and no one can make up an address that names someone else's:
//
//   b-<ledger id, base 36>-<MAC>@<BOUNCE_DOMAIN or pl-bounces.<customer domain>>   envelope sender (VERP)
//   u-<ledger id, base 36>-<MAC>@<BOUNCE_DOMAIN>                                   List-Unsubscribe mailto:
//   abuse@, postmaster@, fbl@<BOUNCE_DOMAIN>                                        complaints (ARF) and feedback
//
// Lower case only: some mail servers fold the local part's case, and base 36 and hex survive it.
// The MAC is 10 bytes of HMAC-SHA256 under a server secret over the purpose and the id.

export type IssuedAddress = { kind: 'bounce' | 'unsubscribe'; ledgerId: number } | { kind: 'feedback' };

const MAC_BYTES = 10;
const FEEDBACK_LOCAL_PARTS = new Set(['abuse', 'postmaster', 'fbl']);
const PREFIX = { bounce: 'b', unsubscribe: 'u' } as const;
// A local part of ours is at most 1 + 1 + 11 (base 36 of 2^53) + 1 + 20 characters.
const MOST_LOCAL_PART = 40;

export interface ReturnPaths {
  /** The envelope sender of a delivery's message, under `domain`. */
  bounceAddress(ledgerId: number, domain: string): string;
  /** The mailto: List-Unsubscribe address of a delivery. */
  unsubscribeAddress(ledgerId: number): string;
  /** What an address is, or null when it is not one the receiver issued (or its MAC is wrong). */
  read(address: string): IssuedAddress | null;
}

/**
 * `bounceDomain`: BOUNCE_DOMAIN; `returnPathLabel`: the first label of a customer's return-path
 * subdomain (pl-bounces.<domain>, a CNAME to BOUNCE_DOMAIN), whose addresses are ours too.
 */
export function returnPaths(secret: string, bounceDomain: string, returnPathLabel: string): ReturnPaths {
  const hmac = hmacSha256(secret);
  const mac = (kind: 'bounce' | 'unsubscribe', id: number) => hmac(`return-path:${kind}:${id}`).subarray(0, MAC_BYTES);
  const local = (kind: 'bounce' | 'unsubscribe', id: number) => `${PREFIX[kind]}-${id.toString(36)}-${mac(kind, id).toString('hex')}`;
  const ourDomain = (domain: string) => domain === bounceDomain || domain.startsWith(`${returnPathLabel}.`);

  return {
    bounceAddress: (ledgerId, domain) => `${local('bounce', ledgerId)}@${domain}`,
    unsubscribeAddress: (ledgerId) => `${local('unsubscribe', ledgerId)}@${bounceDomain}`,
    read(address) {
      const at = address.lastIndexOf('@');
      if (at <= 0 || address.length > 300) return null;
      const localPart = address.slice(0, at).toLowerCase();
      const domain = address.slice(at + 1).toLowerCase();
      if (!ourDomain(domain)) return null;
      if (FEEDBACK_LOCAL_PARTS.has(localPart)) return domain === bounceDomain ? { kind: 'feedback' } : null;
      if (localPart.length > MOST_LOCAL_PART) return null;
      const [prefix, id36, given, ...rest] = localPart.split('-');
      const kind = prefix === PREFIX.bounce ? 'bounce' : prefix === PREFIX.unsubscribe ? 'unsubscribe' : null;
      if (!kind || rest.length > 0 || !id36 || !given || !/^[0-9a-z]{1,11}$/.test(id36) || !/^[0-9a-f]+$/.test(given) || given.length !== MAC_BYTES * 2) return null;
      const ledgerId = Number.parseInt(id36, 36);
      if (!Number.isSafeInteger(ledgerId) || ledgerId <= 0) return null;
      // An unsubscribe address is only ever issued at BOUNCE_DOMAIN.
      if (kind === 'unsubscribe' && domain !== bounceDomain) return null;
      return timingSafeEqual(Buffer.from(given, 'hex'), mac(kind, ledgerId)) ? { kind, ledgerId } : null;
    },
  };
}

/** The installation's return paths (their MAC key is kept in the database, as the other link secrets are). */
export async function returnPathsOf(db: Db, bounceDomain: string): Promise<ReturnPaths> {
  return returnPaths(await getOrCreateSecret(db, 'return-paths'), bounceDomain.toLowerCase(), SENDER_RULES.returnPathLabel);
}

/** Whether an envelope sender is on a domain the receiver takes mail for (so a VERP address may replace it). */
export function onReceiverDomain(address: string, bounceDomain: string): boolean {
  const domain = address.slice(address.lastIndexOf('@') + 1).toLowerCase();
  return domain === bounceDomain || domain.startsWith(`${SENDER_RULES.returnPathLabel}.`);
}
