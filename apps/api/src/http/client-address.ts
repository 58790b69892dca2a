import type { FastifyRequest } from 'fastify';
import { isLoopbackAddress } from '../lib/ip-address';

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
