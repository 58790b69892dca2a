import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

// A loopback relay that answers as real relays do when they refuse: a reply code and its text at
// RCPT TO (one address) or at the end of DATA (the whole message), as the test's plan says; the plan
// can change between passes ("the relay is fixed"). It records the recipients of what it accepted.

export interface Refusal {
  code: number;
  /** The text after the code, e.g. '5.1.1 <x@y>: Recipient address rejected: User unknown'. */
  text: string;
}

export interface RelayPlan {
  rcpt?: (address: string) => Refusal | null;
  data?: (recipients: readonly string[]) => Refusal | null;
}

export interface RefusingRelay {
  url: string;
  plan: RelayPlan;
  /** Envelope recipients of each accepted message, in order. */
  accepted: string[];
  /** How many messages it refused at DATA so far. */
  refusedData: number;
  stop(): Promise<void>;
}

const refusal = (answer: Refusal) => Object.assign(new Error(answer.text), { responseCode: answer.code });

export async function startRefusingRelay(plan: RelayPlan = {}): Promise<RefusingRelay> {
  const relay: RefusingRelay = { url: '', plan, accepted: [], refusedData: 0, stop: async () => {} };
  const server = new SMTPServer({
    // smtp-server's built-in certificate has expired: no STARTTLS, plain SMTP on loopback.
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    closeTimeout: 200,
    onRcptTo(address, _session, callback) {
      const answer = relay.plan.rcpt?.(address.address.toLowerCase());
      callback(answer ? refusal(answer) : undefined);
    },
    onData(stream, session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        const recipients = session.envelope.rcptTo.map((each) => each.address.toLowerCase());
        const answer = relay.plan.data?.(recipients);
        if (answer) {
          relay.refusedData += 1;
          return callback(refusal(answer));
        }
        relay.accepted.push(...recipients);
        callback();
      });
    },
  });
  server.on('error', () => {
    // A client that drops its connection is no failure of the relay.
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  relay.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  relay.stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return relay;
}
