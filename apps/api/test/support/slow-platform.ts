import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

// A slow platform: a local stand-in in front of a platform's fake (test/support/fakes), passing
// every request on after `before` has run. `before` decides how slow it is, in the test's terms:
// it moves the test's clock on (a platform that takes seconds to answer, on an injected clock) or
// holds the request until the test lets it go (a tarpit). Only the worker is pointed at it; the
// app's own routes keep talking to the fake directly.

export interface SlowPlatform {
  url: string;
  /** Requests passed on so far. */
  readonly answered: number;
  close(): Promise<void>;
}

const HOP_HEADERS = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive']);

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startSlowPlatform(target: string, before: (request: { method: string; path: string }) => Promise<void> | void): Promise<SlowPlatform> {
  let answered = 0;
  const server = createServer((request, response) => {
    void (async () => {
      const body = await bodyOf(request);
      const method = request.method ?? 'GET';
      const path = request.url ?? '/';
      await before({ method, path });
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers)) if (!HOP_HEADERS.has(name) && typeof value === 'string') headers[name] = value;
      try {
        const answer = await fetch(`${target.replace(/\/$/, '')}${path}`, { method, headers, body: method === 'GET' || method === 'HEAD' || body.length === 0 ? undefined : body, redirect: 'manual' });
        const text = Buffer.from(await answer.arrayBuffer());
        const passed: Record<string, string> = {};
        answer.headers.forEach((value, name) => {
          if (!HOP_HEADERS.has(name) && name !== 'content-encoding') passed[name] = value;
        });
        answered += 1;
        response.writeHead(answer.status, passed);
        response.end(text);
      } catch {
        response.socket?.destroy();
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get answered() {
      return answered;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
