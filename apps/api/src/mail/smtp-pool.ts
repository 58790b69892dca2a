import type { Readable } from 'node:stream';
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import SMTPConnection from 'nodemailer/lib/smtp-connection';
import { relayRequiresTls } from './relay-tls';

// Open SMTP connections to one relay, reused message after message: nodemailer's own protocol
// client (SMTPConnection: EHLO, STARTTLS, AUTH, PIPELINING, dot-stuffing) without its Mail layer,
// for messages that are already whole (see mime-message.ts). A connection the relay closed,
// or one that failed mid-message, is dropped and a fresh one opened for the next message; a
// refusal of one message (a 4xx/5xx to RCPT or DATA) keeps the connection after an RSET.

export interface SmtpPoolOptions {
  /** Connections open at once at most. */
  connections: number;
  connectionTimeout: number;
  greetingTimeout: number;
  socketTimeout: number;
  /** An unused connection is closed after this long (relays drop idle clients anyway). */
  idleMs: number;
}

export interface SmtpEnvelope {
  from: string;
  to: string[];
}

export interface SmtpPool {
  /** Resolves when the relay accepted the message; rejects with SMTPConnection's error (responseCode, command …). */
  send(envelope: SmtpEnvelope, message: Buffer | Readable): Promise<void>;
  close(): void;
}

interface Pooled {
  connection: SMTPConnection;
  alive: boolean;
  idleTimer?: NodeJS.Timeout;
  /** Fails the connect or message in flight: SMTPConnection does not always call back when the socket dies under it. */
  abandon?: (error: Error) => void;
}

// Errors about this one message: the connection itself is still good.
const MESSAGE_REFUSED = new Set(['EENVELOPE', 'EMESSAGE']);

/** The relay could not be reached or would not talk: no message was offered, so none was refused. */
export class RelayUnreachableError extends Error {
  override name = 'RelayUnreachableError';
}

export function smtpPool(url: string, options: SmtpPoolOptions): SmtpPool {
  const { auth, ...target } = { ...parseConnectionUrl(url), ...(relayRequiresTls(url) && { requireTLS: true }) };
  const idle: Pooled[] = [];
  const waiters: (() => void)[] = [];
  let open = 0;
  let closed = false;

  /**
   * Takes a connection out of the pool for good. `polite`: an idle one we no longer need ends its
   * session with QUIT; any other is cut, and the message in flight on it fails with `error`.
   */
  function drop(pooled: Pooled, how: { error?: Error; polite?: boolean } = {}) {
    if (!pooled.alive) return;
    pooled.alive = false;
    pooled.abandon?.(how.error ?? new Error('the relay closed the connection'));
    clearTimeout(pooled.idleTimer);
    open -= 1;
    const at = idle.indexOf(pooled);
    if (at !== -1) idle.splice(at, 1);
    if (how.polite) pooled.connection.quit();
    else pooled.connection.close();
    // Room for a new connection: someone waiting may open it.
    waiters.shift()?.();
  }

  // No connection, no greeting, or a 421 greeting: the relay is away, and no message was offered.
  const unreachable = (error: Error) => new RelayUnreachableError(error.message, { cause: error });

  function connect(): Promise<Pooled> {
    const connection = new SMTPConnection({
      ...target,
      connectionTimeout: options.connectionTimeout,
      greetingTimeout: options.greetingTimeout,
      socketTimeout: options.socketTimeout,
    });
    const pooled: Pooled = { connection, alive: true };
    open += 1;
    // Without a listener an 'error' event would end the process; the send's callback reports it.
    connection.on('error', (error: Error) => drop(pooled, { error }));
    connection.on('end', () => drop(pooled));
    return new Promise((resolve, reject) => {
      const fail = (error: Error) => {
        pooled.abandon = undefined;
        drop(pooled);
        reject(error);
      };
      const ready = () => {
        pooled.abandon = undefined;
        resolve(pooled);
      };
      // A refused greeting or a dropped socket may end the connection without calling back.
      pooled.abandon = (error) => reject(unreachable(error));
      connection.connect((error) => {
        if (error) return fail(unreachable(error));
        if (!auth) return ready();
        // Refused credentials are the sending account's problem, not an absent relay.
        connection.login(auth, (loginError) => (loginError ? fail(loginError) : ready()));
      });
    });
  }

  async function acquire(): Promise<Pooled> {
    for (;;) {
      if (closed) throw new Error('the SMTP pool is closed');
      const pooled = idle.pop();
      if (pooled) {
        clearTimeout(pooled.idleTimer);
        return pooled;
      }
      if (open < options.connections) return connect();
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  }

  function release(pooled: Pooled) {
    if (!pooled.alive) return;
    if (closed) return drop(pooled, { polite: true });
    pooled.idleTimer = setTimeout(() => drop(pooled, { polite: true }), options.idleMs).unref();
    idle.push(pooled);
    waiters.shift()?.();
  }

  /** After a refused message: RSET, and the connection serves the next one. */
  function resetAndRelease(pooled: Pooled) {
    pooled.connection.reset((error) => (error ? drop(pooled) : release(pooled)));
  }

  return {
    async send(envelope, message) {
      const pooled = await acquire();
      await new Promise<void>((resolve, reject) => {
        pooled.abandon = reject;
        pooled.connection.send(envelope, message, (error) => {
          pooled.abandon = undefined;
          if (!error) {
            release(pooled);
            return resolve();
          }
          const code = (error as { code?: string }).code ?? '';
          if (MESSAGE_REFUSED.has(code) && error.responseCode !== 421 && pooled.alive) resetAndRelease(pooled);
          else drop(pooled);
          reject(error);
        });
      });
    },
    close() {
      closed = true;
      for (const pooled of [...idle]) drop(pooled, { polite: true });
      for (const wake of waiters.splice(0)) wake();
    },
  };
}
