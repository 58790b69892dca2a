import type { Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';

// A loopback relay that misbehaves the way real ones do, for the crash test: it refuses some
// connections with 421, answers some RCPT and DATA with 451 (and some DATA with 421, closing the
// connection), and drops some connections in the middle of DATA. It records every message it
// accepted (replied 250 to): its Message-ID and envelope recipients. Nothing is parsed beyond the
// Message-ID header, so it keeps up with thousands of messages a second.

export interface AcceptedMessage {
  messageId: string;
  to: string[];
}

export interface FaultPlan {
  /** Refuse every n-th connection with a 421 greeting, at most `max` times. */
  greeting421: { every: number; max: number };
  /** Answer every n-th RCPT TO with 451. */
  rcpt451Every: number;
  /** Answer every n-th DATA with 451 after reading it. */
  data451Every: number;
  /** Answer every n-th DATA with 421 after reading it, and close the connection. */
  data421Every: number;
  /** Destroy the connection's socket in the middle of every n-th DATA. */
  dataDropEvery: number;
}

export interface FaultCounts {
  greeting421: number;
  rcpt451: number;
  data451: number;
  data421: number;
  dataDropped: number;
}

export interface FaultySmtpSink {
  url: string;
  accepted: AcceptedMessage[];
  faults: FaultCounts;
  /** Connections clients opened so far (refused ones included). */
  connections: number;
  /** Called after each acceptance (the 250 is already on its way), with how many were accepted so far. */
  onAccepted?: (count: number) => void;
  stop(): Promise<void>;
}

function smtpError(code: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode: code });
}

/** The Message-ID header of a raw message (the first header block only). */
export function messageIdOf(raw: string): string | undefined {
  const end = raw.indexOf('\r\n\r\n');
  const headers = (end === -1 ? raw : raw.slice(0, end)).replace(/\r\n[ \t]+/g, ' ');
  return /^message-id:\s*(<[^>]*>)/im.exec(headers)?.[1];
}

/**
 * Faults are counted per kind, and a recipient is faulted at most once (on whichever attempt
 * first meets a fault), so every message goes through within the engine's attempts; a refused
 * connection is not tied to a recipient and is capped instead.
 */
export async function startFaultySmtpSink(plan: FaultPlan): Promise<FaultySmtpSink> {
  const accepted: AcceptedMessage[] = [];
  const faults: FaultCounts = { greeting421: 0, rcpt451: 0, data451: 0, data421: 0, dataDropped: 0 };
  const faulted = new Set<string>();
  let connections = 0;
  let rcpts = 0;
  let datas = 0;

  const recipientsOf = (session: SMTPServerSession) => session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase());
  const fresh = (session: SMTPServerSession) => recipientsOf(session).every((address) => !faulted.has(address));
  const markFaulted = (session: SMTPServerSession) => {
    for (const address of recipientsOf(session)) faulted.add(address);
  };

  const sink: FaultySmtpSink = { url: '', accepted, faults, connections: 0, stop: async () => {} };
  const server: SMTPServer = new SMTPServer({
    // smtp-server's built-in certificate has expired: no STARTTLS, plain SMTP on loopback.
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    closeTimeout: 200,
    onConnect(_session, callback) {
      connections += 1;
      sink.connections = connections;
      if (connections % plan.greeting421.every === 0 && faults.greeting421 < plan.greeting421.max) {
        faults.greeting421 += 1;
        return callback(smtpError(421, 'Too busy, try again later'));
      }
      callback();
    },
    onRcptTo(address, _session, callback) {
      const recipient = address.address.toLowerCase();
      if (!faulted.has(recipient)) {
        rcpts += 1;
        if (rcpts % plan.rcpt451Every === 0) {
          faulted.add(recipient);
          faults.rcpt451 += 1;
          return callback(smtpError(451, 'Temporary local problem, try again'));
        }
      }
      callback();
    },
    onData(stream, session, callback) {
      let fault: 'data451' | 'data421' | 'drop' | undefined;
      if (fresh(session)) {
        datas += 1;
        if (datas % plan.dataDropEvery === 0) fault = 'drop';
        else if (datas % plan.data421Every === 0) fault = 'data421';
        else if (datas % plan.data451Every === 0) fault = 'data451';
        if (fault) markFaulted(session);
      }
      const chunks: Buffer[] = [];
      let dropped = false;
      stream.on('data', (chunk: Buffer) => {
        if (fault === 'drop' && !dropped) {
          // The connection dies mid-message: nothing was accepted, the client sees it close.
          dropped = true;
          faults.dataDropped += 1;
          const connection = [...(server as unknown as { connections: Set<{ id: string; _socket: Socket }> }).connections].find((each) => each.id === session.id);
          connection?._socket.destroy();
          return;
        }
        chunks.push(chunk);
      });
      stream.on('end', () => {
        if (dropped) return;
        if (fault === 'data421') {
          faults.data421 += 1;
          return callback(smtpError(421, 'Service shutting down, closing connection'));
        }
        if (fault === 'data451') {
          faults.data451 += 1;
          return callback(smtpError(451, 'Temporary failure, try again'));
        }
        const messageId = messageIdOf(Buffer.concat(chunks).toString('utf8')) ?? '(none)';
        accepted.push({ messageId, to: recipientsOf(session) });
        callback();
        sink.onAccepted?.(accepted.length);
      });
    },
  });
  server.on('error', () => {
    // Dropped connections (ours, and a killed client's) are no failure of the sink.
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  sink.url = `smtp://127.0.0.1:${port}`;
  sink.stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return sink;
}
