import type { FastifyReply, FastifyRequest } from 'fastify';

/** Headers every answer carries: no MIME sniffing, no framing by other sites, no referrer leaks. */
export async function securityHeaders(_request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  reply.header('x-content-type-options', 'nosniff');
  reply.header('x-frame-options', 'DENY');
  // Pages that carry tokens set a stricter policy of their own; keep it.
  if (!reply.hasHeader('referrer-policy')) reply.header('referrer-policy', 'strict-origin-when-cross-origin');
  return payload;
}
