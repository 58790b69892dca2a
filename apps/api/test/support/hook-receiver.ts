import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';

/** A local webhook receiver: records every POST; a GET answers `getStatus` (Mailchimp checks a URL with one before saving it). */
export interface HookReceiver {
  url: string;
  posts: Array<{ contentType: string; body: string; headers: IncomingHttpHeaders }>;
  gets: number;
  getStatus: number;
}

/** The receiver on loopback at `path` (with its query), for the test file; emptied before each test. */
export function useHookReceiver(path: string): HookReceiver {
  const receiver: HookReceiver = { url: '', posts: [], gets: 0, getStatus: 200 };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method === 'GET') {
        receiver.gets++;
        response.writeHead(receiver.getStatus).end();
        return;
      }
      receiver.posts.push({ contentType: String(request.headers['content-type']), body: Buffer.concat(chunks).toString('utf8'), headers: request.headers });
      response.writeHead(200).end();
    });
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    receiver.posts.length = 0;
    receiver.gets = 0;
    receiver.getStatus = 200;
  });
  return receiver;
}
