import type { FastifyRequest } from 'fastify';
import { clientKeyOf, isLoopbackAddress } from '../lib/ip-address';

// Headers a proxy adds when it relays someone else's request. A browser on this machine never
// sends them; a proxy on this machine (nginx, Caddy) connects from loopback but speaks for others.
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'via'] as const;

/**
 * Whether the request comes from this machine itself: the socket's own peer address, never
 * `request.ip` (which TRUST_PROXY takes from X-Forwarded-For), and nothing forwarded by a proxy.
 */
export function isLoopbackClient(request: FastifyRequest): boolean {
  if (FORWARDING_HEADERS.some((header) => request.headers[header] !== undefined)) return false;
  return isLoopbackAddress(request.socket.remoteAddress);
}

/**
 * The key every per-client limit counts by (rate limits, sign-in failures): the client's address
 * as TRUST_PROXY lets Fastify read it (`request.ip`), an IPv6 one by its /64 (lib/ip-address.ts).
 */
export function clientKey(request: FastifyRequest): string {
  return clientKeyOf(request.ip);
}

/**
 * TRUST_PROXY (config/env.ts) as Fastify's trustProxy. A hop count becomes a function trusting
 * that many peers: Fastify itself now trusts nobody for a bare number, because a client that
 * reaches the server directly could write a whole chain; so a count is for a server that can be
 * reached only through its proxies (README), and a list of their addresses for any other.
 */
export function trustedProxies(setting: false | number | string[]): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}
