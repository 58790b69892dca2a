import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerAddress, type SMTPServerSession } from 'smtp-server';
import { createRateLimiter } from '../../lib/rate-limiter';
import { type InboundDeps, type InboundOutcome, handleInbound } from './inbound.service';
import type { IssuedAddress, ReturnPaths } from './return-paths';

// The inbound receiver (issue 32, point 1): the SMTP server the MX of BOUNCE_DOMAIN (and of each
// customer's return-path subdomain) points at. It takes mail only for addresses it issued
// (return-paths.ts) and answers anything else 550 at RCPT, before a byte of body is read; it
// relays nothing and asks no one to authenticate. A message is handled before the 250: a
// database that fails answers 451, so the sending server keeps it and tries again, and nothing
// a receiver reported is lost.

export interface InboundServerSettings {
  host: string;
  port: number;
  /** The name in the greeting and EHLO (the MX host's name). */
  name: string;
  maxMessageBytes: number;
  maxConnections: number;
  connectionsPerClient: number;
  messagesPerClientPerMinute: number;
  /** PEM key and certificate paths: STARTTLS is offered only with both. */
  tls?: { keyFile: string; certFile: string };
}

export interface InboundServer {
  port: number;
  stop(): Promise<void>;
}

type Log = { info(object: object, message: string): void; warn(object: object, message: string): void };

const smtpError = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });

// What a session's recipients were issued as, by session id (smtp-server keeps no per-recipient data of ours).
type Accepted = Map<string, IssuedAddress[]>;

export async function startInboundServer(settings: InboundServerSettings, deps: InboundDeps & { paths: ReturnPaths; log: Log }): Promise<InboundServer> {
  const perClient = new Map<string, number>();
  const messages = createRateLimiter({ limit: settings.messagesPerClientPerMinute, windowMs: 60_000, now: () => deps.now().getTime() });
  const accepted: Accepted = new Map();

  async function deliver(raw: Buffer, session: SMTPServerSession): Promise<InboundOutcome[]> {
    const outcomes: InboundOutcome[] = [];
    for (const to of accepted.get(session.id) ?? []) outcomes.push(await handleInbound(deps, raw, to));
    return outcomes;
  }

  const server = new SMTPServer({
    name: settings.name,
    banner: 'Postlark receives reports for its own addresses only',
    size: settings.maxMessageBytes,
    authOptional: true,
    disabledCommands: settings.tls ? ['AUTH'] : ['AUTH', 'STARTTLS'],
    ...(settings.tls && { key: readFileSync(settings.tls.keyFile), cert: readFileSync(settings.tls.certFile) }),
    maxClients: settings.maxConnections,
    // No reverse lookups: a sender's slow DNS must not hold a connection, and nothing here uses the name.
    disableReverseLookup: true,
    socketTimeout: 60_000,
    closeTimeout: 1_000,
    logger: false,
    onConnect(session, callback) {
      const count = perClient.get(session.remoteAddress) ?? 0;
      if (count >= settings.connectionsPerClient) return callback(smtpError(421, 'Too many connections from your address, try again later'));
      perClient.set(session.remoteAddress, count + 1);
      return callback();
    },
    onClose(session) {
      accepted.delete(session.id);
      const count = (perClient.get(session.remoteAddress) ?? 1) - 1;
      if (count <= 0) perClient.delete(session.remoteAddress);
      else perClient.set(session.remoteAddress, count);
    },
    onMailFrom(_address, session, callback) {
      accepted.set(session.id, []);
      const verdict = messages.hit(session.remoteAddress);
      if (!verdict.allowed) return callback(smtpError(421, `Too many messages from your address, try again in ${verdict.retryAfterSeconds} seconds`));
      return callback();
    },
    onRcptTo(address: SMTPServerAddress, session, callback) {
      const issued = deps.paths.read(address.address);
      if (!issued) return callback(smtpError(550, '5.1.1 No such address here'));
      const list = accepted.get(session.id) ?? [];
      if (list.length >= 50) return callback(smtpError(452, '4.5.3 Too many recipients'));
      list.push(issued);
      accepted.set(session.id, list);
      return callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => {
        if (!stream.sizeExceeded) chunks.push(chunk);
      });
      stream.on('end', () => {
        if (stream.sizeExceeded) return callback(smtpError(552, '5.3.4 Message too big for a report'));
        const raw = Buffer.concat(chunks);
        deliver(raw, session).then(
          (outcomes) => {
            deps.log.info({ outcomes, bytes: raw.length }, 'inbound message handled');
            accepted.set(session.id, []);
            callback(null, 'Received');
          },
          (error: unknown) => {
            deps.log.warn({ err: error }, 'inbound message could not be recorded; the sender will try again');
            callback(smtpError(451, '4.3.0 Could not record the message now, try again later'));
          },
        );
      });
    },
  });
  server.on('error', (error) => deps.log.warn({ err: error }, 'inbound SMTP error'));

  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(settings.port, settings.host, () => resolve());
  });
  return {
    port: (server.server.address() as AddressInfo).port,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
