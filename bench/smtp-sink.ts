import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

// The relay of the campaign-send bench, run as its own process (`node --import tsx smtp-sink.ts`,
// spoken to over IPC) so that receiving does not take CPU from whichever sender is measured. It
// accepts everything and keeps only what the bench reads: how many messages it accepted, how many
// distinct Message-IDs they carried, and when the first and the last were accepted.

export type SinkRequest = { type: 'reset' } | { type: 'report' };
export type SinkMessage =
  | { type: 'ready'; port: number }
  | {
      type: 'report';
      accepted: number;
      distinctMessageIds: number;
      withoutMessageId: number;
      bytes: number;
      firstMs: number | null;
      lastMs: number | null;
      /** Messages by the d= of their DKIM signatures in order ("larkletters.example+example.com"). */
      signedBy: Record<string, number>;
    };

let accepted = 0;
let withoutMessageId = 0;
let bytes = 0;
let firstMs: number | null = null;
let lastMs: number | null = null;
let messageIds = new Set<string>();
let signedBy: Record<string, number> = {};

/** The d= tag of every DKIM-Signature in a (unfolded) head, in order, read without a pattern. */
function signingDomains(head: string): string {
  const lower = head.toLowerCase();
  const domains: string[] = [];
  for (let at = lower.indexOf('dkim-signature:'); at !== -1; at = lower.indexOf('dkim-signature:', at + 1)) {
    const lineEnd = lower.indexOf('\r\n', at);
    const line = lower.slice(at, lineEnd === -1 ? undefined : lineEnd);
    const tag = line.indexOf(' d=');
    if (tag !== -1) domains.push(line.slice(tag + 3, line.indexOf(';', tag) === -1 ? undefined : line.indexOf(';', tag)).trim());
  }
  return domains.join('+') || 'unsigned';
}

const MESSAGE_ID = /^message-id:[ \t]*(<[^>\r\n]*>)/im;

const server = new SMTPServer({
  // smtp-server's built-in certificate has expired: plain SMTP on loopback.
  disabledCommands: ['STARTTLS'],
  authOptional: true,
  logger: false,
  closeTimeout: 200,
  onData(stream, _session, callback) {
    // The Message-ID is among the headers at the start: only the first chunks are looked at.
    let head = '';
    let headDone = false;
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (headDone) return;
      head += chunk.toString('latin1');
      const end = head.indexOf('\r\n\r\n');
      if (end !== -1 || head.length > 65_536) {
        headDone = true;
        head = (end === -1 ? head : head.slice(0, end)).replace(/\r\n[ \t]+/g, ' ');
      }
    });
    stream.on('end', () => {
      const messageId = MESSAGE_ID.exec(head)?.[1];
      if (messageId) messageIds.add(messageId);
      else withoutMessageId += 1;
      const domains = signingDomains(head);
      signedBy[domains] = (signedBy[domains] ?? 0) + 1;
      accepted += 1;
      bytes += size;
      const now = performance.now();
      firstMs ??= now;
      lastMs = now;
      callback();
    });
  },
});
server.on('error', () => {
  // A sender closing its connections is no failure of the sink.
});

server.listen(0, '127.0.0.1', () => {
  const { port } = server.server.address() as AddressInfo;
  process.send?.({ type: 'ready', port } satisfies SinkMessage);
});

process.on('message', (request: SinkRequest) => {
  if (request.type === 'reset') {
    accepted = 0;
    withoutMessageId = 0;
    bytes = 0;
    firstMs = null;
    lastMs = null;
    messageIds = new Set();
    signedBy = {};
    process.send?.({ type: 'report', accepted, distinctMessageIds: 0, withoutMessageId, bytes, firstMs, lastMs, signedBy } satisfies SinkMessage);
  } else if (request.type === 'report') {
    process.send?.({ type: 'report', accepted, distinctMessageIds: messageIds.size, withoutMessageId, bytes, firstMs, lastMs, signedBy } satisfies SinkMessage);
  }
});
// The bench going away (even killed) closes the IPC channel: the sink goes with it.
process.on('disconnect', () => process.exit(0));
