import { generateKeyPairSync } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { type ChildServer, baseEnv, freePort, startChildServer, tempDataDir } from './child-server';

/** The real API server as a bench child, and a customer created through its own calls. */

export interface ApiServer {
  server: ChildServer;
  /** APP_URL: the server only emails links on its own origin, so it is the server's own address. */
  appUrl: string;
  /** The child's environment, for tools that open the same DATA_DIR after the server stopped. */
  env: NodeJS.ProcessEnv;
  dataDir: string;
  /** Stops the server (if still running) and removes its DATA_DIR. */
  close(): Promise<void>;
}

/**
 * apps/api/src/server.ts on 127.0.0.1, a free port, a fresh DATA_DIR (PGlite on disk, as
 * `npm start` runs it), LOG_LEVEL=warn, and no SMTP_URL: mail goes to the dev outbox, whose
 * `/dev/mailbox/messages.json` the bench reads links from. The shell's environment is not passed on.
 */
// Campaigns may only be From a domain that signs (issue 30); the bench customers' addresses are at
// example.com, so every bench server signs as the operator of example.com, with one key per run.
let operatorKey: string | undefined;
function operatorDkimEnv(): NodeJS.ProcessEnv {
  operatorKey ??= generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  return { DKIM_DOMAIN: 'example.com', DKIM_SELECTOR: 'bench', DKIM_PRIVATE_KEY: operatorKey };
}

export async function startApiServer(
  repoRoot: string,
  name: string,
  extraEnv: NodeJS.ProcessEnv = {},
  reuseDataDir?: string,
  /** Modules loaded into the server before it starts (`--import`), such as a probe of the bench's. */
  preload: readonly string[] = [],
): Promise<ApiServer> {
  // A restart on the data a stopped server left: that directory is removed by this server's close().
  const data = reuseDataDir ? { dir: reuseDataDir, remove: () => rm(reuseDataDir, { recursive: true, force: true }) } : await tempDataDir();
  try {
    const port = await freePort();
    const appUrl = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...baseEnv(),
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: appUrl,
      DATA_DIR: data.dir,
      LOG_LEVEL: 'warn',
      ...operatorDkimEnv(),
      ...extraEnv,
    };
    const server = await startChildServer({
      name,
      args: [...preload.flatMap((module) => ['--import', module]), 'apps/api/src/server.ts'],
      cwd: repoRoot,
      env,
      port,
      readiness: { method: 'GET', path: '/api/health' },
    });
    return {
      server,
      appUrl,
      env,
      dataDir: data.dir,
      async close() {
        await server.stop();
        await data.remove();
      },
    };
  } catch (error) {
    await data.remove();
    throw error;
  }
}

export const AUTH = '/api/authentication/v1';

async function postJson(baseUrl: string, path: string, body: unknown, cookie?: string): Promise<{ status: number; text: string; cookies: string[] }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  // The `name=value` pairs the answer set, to send back as a browser would.
  const cookies = response.headers.getSetCookie().map((header) => header.split(';')[0] ?? '');
  return { status: response.status, text: await response.text(), cookies };
}

async function expectStatus(baseUrl: string, path: string, body: unknown, status: number, cookie?: string): Promise<{ cookies: string[] }> {
  const response = await postJson(baseUrl, path, body, cookie);
  if (response.status !== status) throw new Error(`POST ${path} answered ${response.status}, expected ${status}: ${response.text.slice(0, 300)}`);
  return response;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The dev outbox's messages to one address, newest first (the outbox lists at most its newest 200). */
export async function outboxMessages(baseUrl: string, to?: string): Promise<{ id: number; to: string; text: string }[]> {
  const query = to === undefined ? '' : `?to=${encodeURIComponent(to)}`;
  const response = await fetch(`${baseUrl}/dev/mailbox/messages.json${query}`, { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`GET /dev/mailbox/messages.json answered ${response.status}`);
  return (await response.json()) as { id: number; to: string; text: string }[];
}

/** Polls the dev outbox until a sign-up mail to `email` arrives (the queue delivers within a second or two). */
async function signUpToken(baseUrl: string, email: string, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const message of await outboxMessages(baseUrl, email)) {
      const match = /\/signup\?token=([^&\s]+)&email=/.exec(message.text);
      if (match?.[1]) return decodeURIComponent(match[1]);
    }
    await sleep(200);
  }
  throw new Error(`no sign-up mail to ${email} reached the dev outbox within ${timeoutMs / 1000} s`);
}

export const BENCH_PASSWORD = 'Bench$Pass2026';

/** The postal address every campaign's footer needs, as the profile's contact details take it. */
export const BENCH_CONTACT = { street_address: '1 Lark Lane', city: 'Leeds', state: '', company: 'Lark Letters Ltd', postal_code: 'LS1 4AP', country: 'United Kingdom', phone: '', vat_id: '' };

/** The journey a visitor takes: email-send, the emailed link, email-verification, signup (201). */
export async function createCustomer(api: ApiServer, email: string, password = BENCH_PASSWORD): Promise<void> {
  const base = api.server.url;
  await expectStatus(base, `${AUTH}/email-send/`, { email_receiver: email, direct_url: `${api.appUrl}/signup`, page: 'sign-up' }, 200);
  const token = await signUpToken(base, email);
  // Verifying hands this client the sign-up ticket cookie that signup must present.
  const verified = await expectStatus(base, `${AUTH}/email-verification/`, { email_receiver: email, token, password: null }, 200);
  await expectStatus(
    base,
    `${AUTH}/signup/`,
    {
      customer_details: {
        first_name: 'Bench',
        last_name: '',
        email,
        gender: 'Others',
        password,
        dob: '1990-01-01',
        country: 'Germany',
        reached_by_option: '',
      },
    },
    201,
    verified.cookies.join('; '),
  );
}

/** The sign-in body the bench sends: one customer, the right password, every time. */
export const loginBody = (email: string, password = BENCH_PASSWORD) =>
  JSON.stringify({ customer_details: { email, password, login_mode: 'manual' } });

/** A sign-in must succeed before the load: a failed one would count towards the throttle. */
export async function checkSignIn(api: ApiServer, email: string, password = BENCH_PASSWORD): Promise<void> {
  const response = await postJson(api.server.url, `${AUTH}/login/`, JSON.parse(loginBody(email, password)));
  if (response.status !== 200) throw new Error(`sign-in as ${email} answered ${response.status}: ${response.text.slice(0, 300)}`);
}

/** A dashboard call with the session cookie; a non-2xx answer throws. */
export async function apiCall(api: ApiServer, cookie: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${api.server.url}/api/${path}`, {
    method,
    headers: { cookie, ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(20_000),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} /api/${path} answered ${response.status}: ${text.slice(0, 300)}`);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the bench reads a few known fields of several answers
  return JSON.parse(text) as { payload: Record<string, any> };
}

/** Signs in with the bench password; the session cookie. */
export async function signIn(api: ApiServer, email: string): Promise<string> {
  const response = await fetch(`${api.server.url}${AUTH}/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: loginBody(email, BENCH_PASSWORD),
  });
  const cookie = response.headers.get('set-cookie')?.split(';')[0];
  if (!response.ok || !cookie) throw new Error(`sign-in answered ${response.status}`);
  return cookie;
}

/** A public API key of the signed-in customer (the dashboard asks for the password again). */
export async function createApiKey(api: ApiServer, cookie: string, password = BENCH_PASSWORD): Promise<string> {
  const created = await apiCall(api, cookie, 'POST', 'home/v1/api-keys', { name: 'Bench', current_password: password });
  return created.payload.key as string;
}

/** Signs in with the bench password: the customer's id, and `ok` for dashboard calls that must succeed. */
export async function signInSession(api: ApiServer, email: string) {
  const response = await fetch(`${api.server.url}${AUTH}/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: loginBody(email, BENCH_PASSWORD) });
  const body = (await response.json()) as { payload: { customer_id: string } };
  const cookie = response.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
  if (response.status !== 200 || !cookie) throw new Error(`sign-in answered ${response.status}`);
  return {
    customerId: body.payload.customer_id,
    cookie,
    async ok<T>(method: string, url: string, payload?: unknown): Promise<T> {
      const answer = await fetch(`${api.server.url}${url}`, {
        method,
        headers: { cookie, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
        body: payload === undefined ? undefined : JSON.stringify(payload),
        signal: AbortSignal.timeout(60_000),
      });
      const text = await answer.text();
      if (!answer.ok) throw new Error(`${method} ${url} answered ${answer.status}: ${text.slice(0, 300)}`);
      return (JSON.parse(text) as { payload: T }).payload;
    },
  };
}
