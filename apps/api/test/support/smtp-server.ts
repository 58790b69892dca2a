import { type AddressInfo, createServer } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

// A real SMTP server on loopback that keeps what it receives, for API and browser tests alike
// (plain TypeScript, no test-runner imports). Point the app at it with SMTP_URL=server.url.

export interface ReceivedMessage {
  /** MAIL FROM and RCPT TO, as the relay saw them: who really receives the message. */
  envelope: { from: string; to: string[] };
  /** The headers' text forms. */
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: ParsedMail['headers'];
  /** The message exactly as transmitted (headers and body). */
  raw: string;
  receivedAt: Date;
}

export interface WaitOptions {
  /** Skip this many earlier messages to the address: `{ after: 1 }` waits for the second one. */
  after?: number;
  /** Give up after this long (default 10 s). */
  timeoutMs?: number;
}

export interface TestSmtpServer {
  url: string;
  port: number;
  /** Every message received, oldest first. */
  messages: ReceivedMessage[];
  /** Messages whose envelope names this recipient (any case), oldest first. */
  messagesTo(address: string): ReceivedMessage[];
  /** Polls until the (after+1)-th message to the address has arrived; rejects at the deadline. */
  waitForMessage(address: string, options?: WaitOptions | number): Promise<ReceivedMessage>;
  stop(): Promise<void>;
}

const POLL_MS = 25;
const DEFAULT_TIMEOUT_MS = 10_000;

/** A free loopback port, e.g. for a relay a test starts only later. */
export async function freeSmtpPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

export async function startTestSmtpServer(options: { port?: number; rejectRecipient?: (address: string) => boolean } = {}): Promise<TestSmtpServer> {
  const messages: ReceivedMessage[] = [];
  const server = new SMTPServer({
    // smtp-server's built-in certificate has expired: no STARTTLS, plain SMTP on loopback.
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    // A client's pooled connection must not hold stop() for the default 30 s.
    closeTimeout: 200,
    // A mailbox that does not exist: the permanent reply a relay gives, which is a hard bounce.
    onRcptTo(address, _session, callback) {
      if (!options.rejectRecipient?.(address.address)) return callback();
      return callback(Object.assign(new Error('5.1.1 No such mailbox here'), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw)
          .then((parsed) => {
            messages.push({
              envelope: {
                from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
                to: session.envelope.rcptTo.map((recipient) => recipient.address),
              },
              from: parsed.from?.text ?? '',
              to: addressText(parsed.to),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              headers: parsed.headers,
              raw,
              receivedAt: new Date(),
            });
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  server.on('error', () => {
    // A client dropping its connection is no failure of the test server.
  });

  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  const messagesTo = (address: string) =>
    messages.filter((message) => message.envelope.to.some((to) => to.toLowerCase() === address.toLowerCase()));

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    messagesTo,
    async waitForMessage(address, waitOptions = {}) {
      const { after = 0, timeoutMs = DEFAULT_TIMEOUT_MS } = typeof waitOptions === 'number' ? { timeoutMs: waitOptions } : waitOptions;
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const message = messagesTo(address)[after];
        if (message) return message;
        if (Date.now() > deadline) {
          const seen = messages.map((received) => `${received.envelope.to.join(',')}: ${received.subject}`).join('; ') || 'none';
          throw new Error(`no message #${after + 1} to ${address} within ${timeoutMs} ms (received: ${seen})`);
        }
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function addressText(value: ParsedMail['to']): string {
  if (!value) return '';
  return Array.isArray(value) ? value.map((entry) => entry.text).join(', ') : value.text;
}
