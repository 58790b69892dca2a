import { isIP } from 'node:net';
import { AI_MESSAGES } from '@postlark/shared/ai';
import { isLoopbackAddress } from '../../lib/ip-address';
import { type AddressCheck, hostOf, publicAddressesOnly, publicOrLoopback } from '../outgoing-webhooks/webhook-target';

// Where a customer's AI provider may be: the public internet, and this machine too with
// AI_ALLOW_LOCAL (development, tests, a model run locally); private networks never. Over https
// only, since the key goes with every request: plain http just to this machine, with AI_ALLOW_LOCAL.
// The server's default provider (AI_BASE_URL) is the operator's choice and may be anywhere.

/** Which resolved addresses a customer's provider may be connected to (checked at every call). */
export function customerAddresses(allowLocal: boolean): AddressCheck {
  return allowLocal ? publicOrLoopback : publicAddressesOnly;
}

/** What is wrong with a customer's base URL as written (its scheme, a literal address, localhost), or null; names are judged by what they resolve to at each call. */
export function baseUrlProblem(text: string, allowLocal: boolean): string | null {
  const url = new URL(text);
  const host = hostOf(url).toLowerCase();
  const literal = isIP(host) !== 0;
  const loopback = literal ? isLoopbackAddress(host) : host === 'localhost' || host.endsWith('.localhost');
  if (literal && !customerAddresses(allowLocal)(host)) return AI_MESSAGES.baseUrlPrivate;
  if (!literal && loopback && !allowLocal) return AI_MESSAGES.baseUrlPrivate;
  if (url.protocol !== 'https:' && !(allowLocal && loopback)) return AI_MESSAGES.baseUrlHttps;
  return null;
}
