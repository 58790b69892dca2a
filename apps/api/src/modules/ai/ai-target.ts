import { isIP } from 'node:net';
import { AI_MESSAGES } from '@postlark/shared/ai';
import { type AddressCheck, hostOf, publicAddressesOnly, publicOrLoopback } from '../outgoing-webhooks/webhook-target';

// Where a customer's AI provider may be: the public internet, and this machine too with
// AI_ALLOW_LOCAL (development, tests, a model run locally); private networks never. The server's
// default provider (AI_BASE_URL) is the operator's choice and may be anywhere.

/** Which resolved addresses a customer's provider may be connected to (checked at every call). */
export function customerAddresses(allowLocal: boolean): AddressCheck {
  return allowLocal ? publicOrLoopback : publicAddressesOnly;
}

/** What is wrong with a customer's base URL as written (a literal address, localhost), or null; names are judged by what they resolve to at each call. */
export function baseUrlProblem(text: string, allowLocal: boolean): string | null {
  const host = hostOf(new URL(text)).toLowerCase();
  if (isIP(host) !== 0) return customerAddresses(allowLocal)(host) ? null : AI_MESSAGES.baseUrlPrivate;
  if ((host === 'localhost' || host.endsWith('.localhost')) && !allowLocal) return AI_MESSAGES.baseUrlPrivate;
  return null;
}
