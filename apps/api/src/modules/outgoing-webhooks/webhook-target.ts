import { isIP } from 'node:net';
import { WEBHOOK_MESSAGES } from '@postlark/shared/outgoing-webhooks';
import { isLoopbackAddress, isPublicAddress } from '../../lib/ip-address';

// Where a customer's webhook may go. At save time the address as written (scheme, literal IPs,
// localhost); at every delivery each address its host resolves to (post-webhook.ts), since DNS
// may answer differently by then (rebinding).

/** Whether the delivery may connect to one resolved address. */
export type AddressCheck = (address: string) => boolean;

/** Production: the public internet only. */
export const publicAddressesOnly: AddressCheck = isPublicAddress;

/** WEBHOOKS_ALLOW_LOCAL (development) and tests: this machine too; private networks never. */
export const publicOrLoopback: AddressCheck = (address) => isPublicAddress(address) || isLoopbackAddress(address);

/** The host as a connection uses it: an IPv6 literal without its brackets. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/** What is wrong with a URL the customer typed (already a parsable http(s) URL without credentials), or null. */
export function targetProblem(text: string, allowLocal: boolean): string | null {
  const url = new URL(text);
  if (url.protocol !== 'https:' && !allowLocal) return WEBHOOK_MESSAGES.urlHttps;
  const host = hostOf(url).toLowerCase();
  const allowed = allowLocal ? publicOrLoopback : publicAddressesOnly;
  if (isIP(host) !== 0) return allowed(host) ? null : WEBHOOK_MESSAGES.urlPrivate;
  // Names that never leave this machine; every other name is judged by what it resolves to.
  if ((host === 'localhost' || host.endsWith('.localhost')) && !allowLocal) return WEBHOOK_MESSAGES.urlPrivate;
  return null;
}
