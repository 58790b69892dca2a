import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

// A local OpenAI-compatible provider for API and browser tests alike (plain TypeScript on node:http,
// no test-runner imports): POST /v1/chat/completions answering as JSON or, with `stream: true`, as
// server-sent events ending in `data: [DONE]`; GET /v1/models; OpenAI's error envelope. Each test
// scripts what the next requests get (an error, a 429 with retry headers, a slow or garbage answer)
// and reads back every request it received (to prove what was, and was not, sent).

export type FakeBehaviour =
  /** A normal answer with this text (JSON or streamed, as the request asked). */
  | { kind: 'answer'; text: string; /** pause between streamed chunks */ chunkDelayMs?: number }
  /** An HTTP error in OpenAI's envelope `{ error: { message, type, code } }`. */
  | { kind: 'error'; status: number; message?: string; type?: string; code?: string | null; headers?: Record<string, string> }
  /** 429 with `retry-after` (whole seconds), `retry-after-ms` and `x-ratelimit-reset-requests` headers (default 1 s). */
  | { kind: 'rate-limited'; retryAfterSeconds?: number }
  /** The answer starts only after this long (the headers too). */
  | { kind: 'slow'; delayMs: number; text?: string }
  /** 200 with a body that is not JSON (or, streamed, events that are not JSON). */
  | { kind: 'garbage'; body?: string }
  /** 200 with JSON of the wrong shape (no choices). */
  | { kind: 'wrong-shape' }
  /** The connection is cut without an answer. */
  | { kind: 'drop' }
  /** A streamed answer that never ends: a piece of text every `intervalMs` (default 100), until the client goes away. */
  | { kind: 'dribble'; intervalMs?: number };

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** The parsed JSON body (null when there was none or it was not JSON). */
  body: FakeChatRequest | null;
  /** The body as received. */
  raw: string;
  /** The client went away before the answer was finished. */
  aborted: boolean;
}

export interface FakeChatRequest {
  model?: string;
  stream?: boolean;
  messages?: Array<{ role: string; content: string }>;
  [key: string]: unknown;
}

export interface FakeOpenAiOptions {
  /** The key it accepts as `Authorization: Bearer <key>`; others get 401. Default 'test-key'. */
  apiKey?: string;
  /** The models it knows; others get 404 model_not_found. Default ['fake-model']. */
  models?: string[];
  /** The text of an unscripted answer. Default: {@link defaultReply}. */
  reply?: (request: FakeChatRequest) => string;
  /** Split streamed bytes every this many bytes, in separate writes (checks the client's parser). Default 11. */
  streamSplitBytes?: number;
}

export interface FakeOpenAi {
  /** The base URL to configure, like http://127.0.0.1:4567/v1. */
  url: string;
  apiKey: string;
  model: string;
  /** Every request received, oldest first. */
  requests: RecordedRequest[];
  /** What the next chat-completion requests get, in order; unscripted ones get a normal answer. */
  script(...behaviours: FakeBehaviour[]): void;
  /** Forget the script and the recorded requests. */
  reset(): void;
  close(): Promise<void>;
}

export const FAKE_SUBJECTS = ['Your spring picks are here', 'Fresh arrivals, just for you', 'Three ideas for this weekend', 'We saved you a seat', 'Last call: 20% off ends tonight'];
export const FAKE_PREHEADERS = ['A quick look at what is new', 'Open for the full list inside', 'Handpicked for the season', 'Five minutes well spent', 'Do not miss the details'];

/** A plausible answer for each of the assistant's tasks, told apart by what the prompt asks for. */
export function defaultReply(request: FakeChatRequest): string {
  // The ask is the first line of the last message; the campaign's text follows it.
  const ask = (request.messages?.at(-1)?.content ?? '').split('\n')[0]!.toLowerCase();
  if (ask.includes('preheader')) return FAKE_PREHEADERS.map((line, index) => `${index + 1}. ${line}`).join('\n');
  if (ask.includes('subject line')) return FAKE_SUBJECTS.map((line, index) => `${index + 1}. ${line}`).join('\n');
  if (ask.includes('brief')) return '<h2>Spring is here</h2>\n<p>Our new collection has arrived. <strong>Take a look</strong> before it is gone.</p>\n<ul><li>Light jackets</li><li>Linen shirts</li></ul>';
  return 'Rewritten text.';
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startFakeOpenAi(options: FakeOpenAiOptions = {}): Promise<FakeOpenAi> {
  const apiKey = options.apiKey ?? 'test-key';
  const models = options.models ?? ['fake-model'];
  const reply = options.reply ?? defaultReply;
  const splitBytes = options.streamSplitBytes ?? 11;
  const queue: FakeBehaviour[] = [];
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();

  const json = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  };
  const openAiError = (response: ServerResponse, status: number, message: string, type: string, code: string | null, headers?: Record<string, string>) =>
    json(response, status, { error: { message, type, param: null, code } }, headers);

  const completion = (model: string, text: string) => ({
    id: `chatcmpl-${requests.length}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  });

  /** Writes the bytes in small pieces, so events arrive cut at arbitrary places. */
  const writeSplit = async (response: ServerResponse, text: string, record: RecordedRequest) => {
    const bytes = Buffer.from(text);
    for (let start = 0; start < bytes.length; start += splitBytes) {
      if (record.aborted || response.destroyed) return;
      response.write(bytes.subarray(start, start + splitBytes));
      await new Promise((resolve) => setImmediate(resolve));
    }
  };

  const stream = async (response: ServerResponse, model: string, text: string, record: RecordedRequest, chunkDelayMs = 0) => {
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const id = `chatcmpl-${requests.length}`;
    const chunk = (delta: Record<string, string>, finish: string | null) =>
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: 0, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    await writeSplit(response, chunk({ role: 'assistant' }, null), record);
    for (const piece of text.match(/[\s\S]{1,8}/g) ?? []) {
      if (chunkDelayMs > 0) await sleep(chunkDelayMs);
      await writeSplit(response, chunk({ content: piece }, null), record);
    }
    await writeSplit(response, `${chunk({}, 'stop')}data: [DONE]\n\n`, record);
    response.end();
  };

  const answer = async (response: ServerResponse, request: FakeChatRequest, record: RecordedRequest, text: string, chunkDelayMs?: number) => {
    const model = String(request.model);
    if (request.stream === true) await stream(response, model, text, record, chunkDelayMs);
    else json(response, 200, completion(model, text));
  };

  const chat = async (response: ServerResponse, request: FakeChatRequest, record: RecordedRequest) => {
    const behaviour = queue.shift();
    if (behaviour?.kind === 'drop') {
      response.socket?.destroy();
      return;
    }
    if (behaviour?.kind === 'error') {
      openAiError(response, behaviour.status, behaviour.message ?? 'The server had an error while processing your request.', behaviour.type ?? 'server_error', behaviour.code ?? null, behaviour.headers);
      return;
    }
    if (behaviour?.kind === 'rate-limited') {
      const ms = Math.round((behaviour.retryAfterSeconds ?? 1) * 1000);
      const headers = { 'retry-after': String(Math.ceil(ms / 1000)), 'retry-after-ms': String(ms), 'x-ratelimit-reset-requests': `${ms}ms` };
      openAiError(response, 429, 'Rate limit reached for requests.', 'requests', 'rate_limit_exceeded', headers);
      return;
    }
    if (behaviour?.kind === 'garbage') {
      response.writeHead(200, { 'content-type': request.stream === true ? 'text/event-stream' : 'application/json' });
      response.end(request.stream === true ? `data: ${behaviour.body ?? '{not json'}\n\ndata: [DONE]\n\n` : (behaviour.body ?? '<html>Bad gateway</html>'));
      return;
    }
    if (behaviour?.kind === 'wrong-shape') {
      if (request.stream === true) {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        response.end('data: {"unexpected":true}\n\ndata: [DONE]\n\n');
      } else json(response, 200, { result: 'ok' });
      return;
    }
    if (behaviour?.kind === 'dribble') {
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const piece = `data: ${JSON.stringify({ id: 'chatcmpl-dribble', object: 'chat.completion.chunk', created: 0, model: String(request.model), choices: [{ index: 0, delta: { content: '.' }, finish_reason: null }] })}\n\n`;
      while (!record.aborted && !response.destroyed) {
        response.write(piece);
        await sleep(behaviour.intervalMs ?? 100);
      }
      return;
    }
    if (behaviour?.kind === 'slow') {
      await sleep(behaviour.delayMs);
      if (record.aborted) return;
      await answer(response, request, record, behaviour.text ?? reply(request));
      return;
    }
    await answer(response, request, record, behaviour?.kind === 'answer' ? behaviour.text : reply(request), behaviour?.kind === 'answer' ? behaviour.chunkDelayMs : undefined);
  };

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: FakeChatRequest | null = null;
      try {
        body = raw ? (JSON.parse(raw) as FakeChatRequest) : null;
      } catch {
        body = null;
      }
      const path = (request.url ?? '/').split('?')[0] ?? '/';
      const record: RecordedRequest = { method: request.method ?? 'GET', path, headers: request.headers, body, raw, aborted: false };
      requests.push(record);
      response.on('close', () => {
        if (!response.writableFinished) record.aborted = true;
      });
      void (async () => {
        if (request.headers.authorization !== `Bearer ${apiKey}`) {
          openAiError(response, 401, 'Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key');
          return;
        }
        if (request.method === 'GET' && path === '/v1/models') {
          json(response, 200, { object: 'list', data: models.map((id) => ({ id, object: 'model', owned_by: 'fake' })) });
          return;
        }
        if (request.method !== 'POST' || path !== '/v1/chat/completions') {
          openAiError(response, 404, `Unknown request URL: ${request.method} ${path}.`, 'invalid_request_error', 'unknown_url');
          return;
        }
        if (!body || !Array.isArray(body.messages)) {
          openAiError(response, 400, 'messages is required.', 'invalid_request_error', null);
          return;
        }
        if (!models.includes(String(body.model))) {
          openAiError(response, 404, `The model \`${String(body.model)}\` does not exist.`, 'invalid_request_error', 'model_not_found');
          return;
        }
        await chat(response, body, record);
      })().catch(() => response.destroy());
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    apiKey,
    model: models[0] ?? 'fake-model',
    requests,
    script: (...behaviours) => void queue.push(...behaviours),
    reset: () => {
      queue.length = 0;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
