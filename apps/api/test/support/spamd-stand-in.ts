import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

// A local stand-in for SpamAssassin's spamd, speaking its documented protocol (spamd(1), the
// SPAMC/1.5 request: a command line, headers, a blank line, Content-length bytes of message; the
// SPAMD/1.1 answer, then the connection closes). It judges by one made-up rule so tests can tell
// a high score from a low one, and answers a malformed request as spamd does
// (`SPAMD/1.0 76 Bad header line: …`). `mode: 'broken'` answers every request that way.

export interface SpamdStandIn {
  url: string;
  /** The messages it was asked about, as received. */
  received: string[];
  mode: 'judge' | 'broken';
  stop(): Promise<void>;
}

/** Fires when a message says FREE MONEY (in any part): the stand-in's one spammy rule. */
export const SPAMMY_PHRASE = 'FREE MONEY';

function answer(socket: Socket, text: string) {
  socket.end(text);
}

export async function startSpamdStandIn(): Promise<SpamdStandIn> {
  const received: string[] = [];
  const state: SpamdStandIn = { url: '', received, mode: 'judge', stop: async () => undefined };
  const server: Server = createServer((socket) => {
    let buffer = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
    });
    // spamc half-closes after the message; then the whole request is here.
    socket.on('end', () => {
      const headEnd = buffer.indexOf('\r\n\r\n');
      const head = headEnd < 0 ? [] : buffer.subarray(0, headEnd).toString('latin1').split('\r\n');
      const body = headEnd < 0 ? Buffer.alloc(0) : buffer.subarray(headEnd + 4);
      const [command, protocol] = (head[0] ?? '').split(' ');
      const length = head.find((line) => line.toLowerCase().startsWith('content-length:'))?.split(':')[1]?.trim();
      if (state.mode === 'broken' || !['SYMBOLS', 'REPORT', 'CHECK'].includes(command ?? '') || !protocol?.startsWith('SPAMC/')) {
        return answer(socket, `SPAMD/1.0 76 Bad header line: ${head[0] ?? ''}\r\n`);
      }
      if (Number(length) !== body.length) return answer(socket, 'SPAMD/1.0 76 Bad header line: (Content-Length mismatch)\r\n');
      const message = body.toString('utf8');
      received.push(message);
      const spammy = message.includes(SPAMMY_PHRASE);
      const rules = spammy ? ['HTML_MESSAGE', 'STAND_IN_FREE_MONEY', 'MIME_HTML_MOSTLY'] : ['HTML_MESSAGE'];
      const score = spammy ? '6.1' : '0.8';
      const rulesText = rules.join(',');
      answer(
        socket,
        `SPAMD/1.1 0 EX_OK\r\nContent-length: ${Buffer.byteLength(rulesText)}\r\nSpam: ${spammy ? 'True' : 'False'} ; ${score} / 5.0\r\n\r\n${rulesText}`,
      );
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `spamd://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.stop = () => new Promise((resolve) => server.close(() => resolve()));
  return state;
}
