import { type ChildProcess, spawn } from 'node:child_process';
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import path from 'node:path';
import nodemailer from 'nodemailer';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client';
import { secretBoxWith } from '../apps/api/src/lib/secret-box';
import { dkimKeyContext } from '../apps/api/src/modules/senders/dkim-keys';
import { loadCampaignLinks } from '../apps/api/src/modules/campaigns/campaign-links';
import { buildCampaignMail, prepareCampaign } from '../apps/api/src/modules/campaigns/campaign-message';
import type { CampaignMail } from '../apps/api/src/modules/campaigns/campaign-transport';
import { campaignById } from '../apps/api/src/modules/campaigns/campaigns.repository';
import type { Recipient } from '../apps/api/src/modules/campaigns/recipients.repository';
import { type ApiServer, BENCH_CONTACT as CONTACT, createCustomer, signInSession as signIn, startApiServer } from './api-client';
import { baseEnv } from './child-server';
import { childCpu, ownCpuMs } from './cpu-time';
import type { SinkMessage, SinkRequest } from './smtp-sink';
import { type ThrowawayDatabase, throwawayDatabase } from './throwaway-postgres';

/**
 * A 100,000-recipient campaign sent by the real engine (`apps/api/src/worker.ts`, its own process)
 * to a loopback SMTP sink (its own process), and, in the same run, the same number of messages of
 * the same content sent by nodemailer's pooled SMTP transport straight to that sink.
 */

export const CAMPAIGN_SEND = {
  recipients: 100_000,
  connections: 10,
  /** CAMPAIGN_SEND_RATE: far above what either side reaches, so the relay budget never makes a message wait. */
  rate: 100_000,
  /** Rendered copies the raw nodemailer side cycles through (the same content, recipient by recipient). */
  copies: 1_000,
  timeoutMs: 600_000,
} as const;
export const CAMPAIGN_SEND_TARGETS = { messagesPerSecond: 2_000, ratioOfRaw: 0.8 } as const;

const WORKER_APP_URL = 'https://lark.example';

// Campaigns may only be From a domain that signs. The bench customer's campaign is From their own
// authenticated domain (SENDING_DOMAIN, its row and sealed key made in SQL as a found DKIM record
// leaves them), so the engine signs each message d=<that domain> with its key, then with the
// platform's own (DKIM_DOMAIN). The raw side signs with the same two keys, so both do the same work.
const pem = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const PLATFORM_KEY = pem().privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const PLATFORM_DKIM = { domainName: 'example.com', keySelector: 'bench', privateKey: PLATFORM_KEY } as const;
const SENDING_DOMAIN = 'larkletters.example';
const DOMAIN_KEYS = pem();
const DOMAIN_DKIM = { domainName: SENDING_DOMAIN, keySelector: 'plbench', privateKey: DOMAIN_KEYS.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() } as const;
// One secrets key for every process of the run, so the worker opens the key the bench sealed.
const SECRETS_KEY = randomBytes(32);
const DKIM_ENV = {
  DKIM_DOMAIN: PLATFORM_DKIM.domainName,
  DKIM_SELECTOR: PLATFORM_DKIM.keySelector,
  DKIM_PRIVATE_KEY: PLATFORM_KEY,
  MAIL_FROM: 'Postlark <no-reply@example.com>',
  SECRETS_KEY: SECRETS_KEY.toString('base64'),
};
// What campaign-transport.ts signs (its SIGNED_HEADERS), for the raw side to sign the same.
const SIGNED_HEADERS = 'From:Sender:Reply-To:Subject:Date:Message-ID:To:MIME-Version:Content-Type:List-Unsubscribe:List-Unsubscribe-Post:List-Id:Feedback-ID:X-Postlark-Delivery';
const CAMPAIGNS = '/api/campaigns/v1/campaigns';

// A newsletter of ordinary size: merge tags in the subject and body, links, a table, about 3 KB of HTML.
const STORY = (n: number) =>
  `<h2>Story ${n}: the lark at dawn</h2><p>Every morning the lark rises before the town, and every morning someone at Lark Letters writes down what it saw. This week: the market, the river, and the baker who never sleeps. <a href="https://lark.example/stories/${n}">Read the whole story</a>.</p>`;
export const CAMPAIGN_CONTENT = {
  name: 'Send bench',
  subject: '{{ first_name | default: "Friend" }}, this week at Lark Letters',
  preheader: 'Three stories, a recipe and the crossword',
  from_name: 'Lark Letters',
  // An address at the customer's authenticated domain: any address there may send.
  from_email: 'news@larkletters.example',
  reply_to: 'hello@lark.example',
  content_html: `<h1>Hello {{ first_name | default: "there" }}</h1><p>You are on the {{ attributes.plan | default: "free" }} plan.</p>${[1, 2, 3, 4, 5].map(STORY).join('')}<table><tr><th>Day</th><th>Event</th></tr><tr><td>Monday</td><td>Market walk</td></tr><tr><td>Friday</td><td>Crossword night</td></tr></table><p>See you next week,<br>the Lark Letters team</p>`,
};

export interface SendRun {
  /** Messages the sink accepted, and the distinct Message-IDs among them. */
  accepted: number;
  distinctMessageIds: number;
  /** Messages by the signing domains of their DKIM signatures, in order. */
  signedBy: Record<string, number>;
  /** From the first accepted message to the last. */
  seconds: number;
  perSecond: number;
  /** CPU of the sending process (all threads) over the run, in seconds, and of PostgreSQL where known. */
  senderCpuSeconds: number | undefined;
  databaseCpuSeconds: number | undefined;
  meanBytes: number;
}

export interface CampaignSendReport {
  database: string;
  engine: SendRun & {
    /** From the worker's start to the campaign reading sent: preparing the rows included. */
    wallSeconds: number;
    /** From the worker's start to the first accepted message: start-up and the INSERT … SELECT of the rows. */
    firstMessageSeconds: number;
    ledger: Record<string, number>;
  };
  raw: SendRun & { inFlight: number };
  ratio: number;
  problems: string[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

/** The sink in its own process, spoken to over IPC. */
export async function startSink(benchDir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(benchDir, 'smtp-sink.ts')], { cwd: benchDir, env: baseEnv(), stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  children.add(child);
  const replies: ((message: SinkMessage) => void)[] = [];
  child.on('message', (message: SinkMessage) => replies.shift()?.(message));
  const next = () => new Promise<SinkMessage>((resolve) => replies.push(resolve));
  const ready = await Promise.race([next(), once(child, 'exit').then(() => Promise.reject(new Error('the SMTP sink exited before it was ready')))]);
  if (ready.type !== 'ready') throw new Error('the SMTP sink did not say ready');
  const ask = async (request: SinkRequest) => {
    const reply = next();
    child.send(request);
    const message = await reply;
    if (message.type !== 'report') throw new Error('the SMTP sink answered out of turn');
    return message;
  };
  return {
    url: `smtp://127.0.0.1:${ready.port}`,
    pid: child.pid,
    reset: () => ask({ type: 'reset' }),
    report: () => ask({ type: 'report' }),
    async stop() {
      child.disconnect();
      if (child.exitCode === null) await once(child, 'exit');
      children.delete(child);
    },
  };
}
type Sink = Awaited<ReturnType<typeof startSink>>;


/**
 * The customer, their postal address, a list of `recipients` active confirmed subscribers (made
 * in bulk by SQL) and the campaign, through a server with its workers; then the Send press through
 * a server without them (RUN_WORKERS=false), so that only the measured worker sends.
 */
export async function prepareCampaignToSend(repoRoot: string, databaseUrl: string, log: (line: string) => void): Promise<string> {
  const email = 'send-bench@example.com';
  let campaignId: string;
  let api: ApiServer | undefined = await startApiServer(repoRoot, 'send-setup-server', { DATABASE_URL: databaseUrl, ...DKIM_ENV });
  try {
    await createCustomer(api, email);
    const session = await signIn(api, email);
    await session.ok('PUT', `/api/home/v1/user/${session.customerId}/contact`, CONTACT);
    const list = await session.ok<{ list: { id: string } }>('POST', '/api/audience/v1/lists', { name: 'Everyone', double_opt_in: false });
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const plans = `(array['free','pro','team'])[1 + i % 3]`;
      await client.query(
        `insert into subscribers (customer_id, email, first_name, last_name, attributes, status, created_at, updated_at, consent_source, consent_at, confirmed_at)
         select $1::uuid, 'reader' || i || '@mail' || (i % 97) || '.example', 'Reader' || i, 'Lark', jsonb_build_object('plan', ${plans}), 'active', now(), now(), 'import', now(), now()
         from generate_series(1, $2::int) as i`,
        [session.customerId, CAMPAIGN_SEND.recipients],
      );
      await client.query(
        `insert into list_memberships (list_id, subscriber_id, status, created_at, updated_at, confirmed_at)
         select $1::uuid, id, 'confirmed', now(), now(), now() from subscribers where customer_id = $2::uuid`,
        [list.list.id, session.customerId],
      );
      await addAuthenticatedDomain(client, session.customerId);
      await client.query('vacuum (analyze) subscribers');
      await client.query('vacuum (analyze) list_memberships');
    } finally {
      await client.end();
    }
    const created = await session.ok<{ campaign: { id: string } }>('POST', CAMPAIGNS, { ...CAMPAIGN_CONTENT, audience: { list_ids: [list.list.id] } });
    campaignId = created.campaign.id;
    await api.close();
    api = undefined;
    log(`${CAMPAIGN_SEND.recipients.toLocaleString('en-US')} subscribers and the campaign are ready; pressing Send on a server without workers …`);
    // The campaign is twice the default daily quota of messages (CAMPAIGN_MESSAGES_PER_DAY).
    api = await startApiServer(repoRoot, 'send-press-server', { DATABASE_URL: databaseUrl, RUN_WORKERS: 'false', CAMPAIGN_MESSAGES_PER_DAY: String(CAMPAIGN_SEND.recipients), ...DKIM_ENV });
    const press = await signIn(api, email);
    await press.ok('POST', `${CAMPAIGNS}/${campaignId}/send`);
  } finally {
    await api?.close();
  }
  return campaignId;
}

/** The customer's sending domain as a found DKIM record leaves it: authenticated, its key sealed as the product seals it. */
async function addAuthenticatedDomain(client: pg.Client, customerId: string) {
  const id = randomUUID();
  const sealed = await secretBoxWith(SECRETS_KEY).seal(DOMAIN_DKIM.privateKey, dkimKeyContext(id));
  const publicKey = DOMAIN_KEYS.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
  const checks = { dkim: 'found', return_path: 'unchecked', dmarc: 'missing', dmarc_record: null, links: 'missing' };
  await client.query(
    `insert into sender_domains (id, customer_id, domain, verification_code, verified_at, authenticated_at, last_checked_at, dkim_selector, dkim_private_key, dkim_public_key, checks, created_at)
     values ($1, $2, $3, '', now(), now(), now(), $4, $5, $6, $7, now())`,
    [id, customerId, SENDING_DOMAIN, DOMAIN_DKIM.keySelector, sealed, publicKey, JSON.stringify(checks)],
  );
}

async function campaignState(databaseUrl: string, campaignId: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const status = (await client.query<{ status: string }>('select status from campaigns where id = $1', [campaignId])).rows[0]?.status ?? 'missing';
    const ledger = Object.fromEntries(
      (await client.query<{ status: string; count: number }>('select status, count(*)::int as count from campaign_messages where campaign_id = $1 group by status', [campaignId])).rows.map((row) => [row.status, row.count]),
    );
    return { status, ledger };
  } finally {
    await client.end();
  }
}

function runFrom(report: Extract<SinkMessage, { type: 'report' }>, cpu: { sender?: number; database?: number }): SendRun {
  const seconds = report.firstMs !== null && report.lastMs !== null ? (report.lastMs - report.firstMs) / 1000 : 0;
  return {
    accepted: report.accepted,
    distinctMessageIds: report.distinctMessageIds,
    signedBy: report.signedBy,
    seconds,
    // Intervals between the first and the last message: one fewer than the messages.
    perSecond: seconds > 0 ? (report.accepted - 1) / seconds : 0,
    senderCpuSeconds: cpu.sender === undefined ? undefined : cpu.sender / 1000,
    databaseCpuSeconds: cpu.database === undefined ? undefined : cpu.database / 1000,
    meanBytes: report.accepted > 0 ? report.bytes / report.accepted : 0,
  };
}

async function runEngine(repoRoot: string, database: ThrowawayDatabase, sink: Sink, campaignId: string, log: (line: string) => void) {
  await sink.reset();
  const output: string[] = [];
  const started = performance.now();
  const worker = spawn(process.execPath, ['--import', 'tsx', ...(process.env.BENCH_WORKER_NODE_OPTIONS?.split(' ').filter(Boolean) ?? []), 'src/worker.ts'], {
    cwd: path.join(repoRoot, 'apps/api'),
    env: {
      ...baseEnv(),
      DATABASE_URL: database.url,
      SMTP_URL: sink.url,
      ...DKIM_ENV,
      // The start-up check that MAIL_FROM's domain resolves: a resolver that refuses at once (the
      // bench has no network) makes it warn and go on instead of failing on a name it cannot see.
      DNS_SERVERS: '127.0.0.1:9',
      APP_URL: WORKER_APP_URL,
      CAMPAIGN_SEND_RATE: String(CAMPAIGN_SEND.rate),
      CAMPAIGN_SMTP_CONNECTIONS: String(CAMPAIGN_SEND.connections),
      // The engine's throughput is measured, not a new account's first day (its warm-up would send 1,000).
      WARMUP_DAILY_LIMITS: 'off',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(worker);
  worker.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
  worker.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
  const databaseCpuBefore = database.cpuMs();
  let firstMessageSeconds = Number.NaN;
  let state: Awaited<ReturnType<typeof campaignState>> | undefined;
  let workerCpu: number | undefined;
  let lastLog = performance.now();
  try {
    for (;;) {
      if (worker.exitCode !== null) throw new Error(`the worker exited with code ${worker.exitCode}:\n${output.join('').slice(-2000)}`);
      if (performance.now() - started > CAMPAIGN_SEND.timeoutMs) throw new Error(`the campaign did not read sent within ${CAMPAIGN_SEND.timeoutMs / 1000} s`);
      const report = await sink.report();
      if (Number.isNaN(firstMessageSeconds) && report.accepted > 0) firstMessageSeconds = (performance.now() - started) / 1000;
      state = await campaignState(database.url, campaignId);
      workerCpu = childCpu(worker.pid)?.totalMs ?? workerCpu;
      if (state.status === 'sent') break;
      if (performance.now() - lastLog > 10_000) {
        log(`  engine: ${report.accepted.toLocaleString('en-US')} accepted after ${((performance.now() - started) / 1000).toFixed(0)} s`);
        lastLog = performance.now();
      }
      await sleep(200);
    }
  } finally {
    worker.kill('SIGTERM');
    if (worker.exitCode === null) await once(worker, 'exit');
    children.delete(worker);
  }
  const wallSeconds = (performance.now() - started) / 1000;
  const databaseCpuAfter = database.cpuMs();
  const report = await sink.report();
  return {
    ...runFrom(report, { sender: workerCpu, database: databaseCpuAfter === undefined || databaseCpuBefore === undefined ? undefined : databaseCpuAfter - databaseCpuBefore }),
    wallSeconds,
    firstMessageSeconds,
    ledger: state?.ledger ?? {},
  };
}

/** `copies` messages rendered by the engine's own code for the campaign's first subscribers. */
export async function renderedCopies(databaseUrl: string, campaignId: string): Promise<CampaignMail[]> {
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl });
  try {
    const row = await campaignById(database.db, campaignId);
    if (!row) throw new Error('the campaign is gone');
    const campaign = await prepareCampaign(row);
    const links = await loadCampaignLinks(database.db, WORKER_APP_URL);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const recipients = (
        await client.query<Recipient>(
          `select id, email, first_name as "firstName", last_name as "lastName", attributes from subscribers where customer_id = $1 order by id limit $2`,
          [row.customerId, CAMPAIGN_SEND.copies],
        )
      ).rows;
      // Message-IDs of the engine's form (recipients.repository.ts): 32 hex digits at the domain.
      return recipients.map((recipient, index) => buildCampaignMail(campaign, recipient, { id: index + 1, messageId: `<${randomUUID().replaceAll('-', '')}@lark.example>` }, links));
    } finally {
      await client.end();
    }
  } finally {
    await database.close();
  }
}

/**
 * nodemailer's pooled SMTP transport, configured as campaign-transport.ts configures it, sending
 * `recipients` messages: rendered copies cycled, each to its own address with its own Message-ID
 * (the same length as the engine's). `inFlight` sendMail calls are kept waiting on the pool.
 */
export async function runRaw(sink: Sink, copies: CampaignMail[], inFlight: number, log: (line: string) => void) {
  await sink.reset();
  const transporter = nodemailer.createTransport({
    url: sink.url,
    pool: true,
    maxConnections: CAMPAIGN_SEND.connections,
    maxMessages: Infinity,
    dkim: { keys: [DOMAIN_DKIM, PLATFORM_DKIM], headerFieldNames: SIGNED_HEADERS },
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  const cpuBefore = ownCpuMs();
  let next = 0;
  let failures = 0;
  let firstError: string | undefined;
  const started = performance.now();
  let lastLog = started;
  async function lane() {
    for (let i = next++; i < CAMPAIGN_SEND.recipients; i = next++) {
      const mail = copies[i % copies.length]!;
      // 32 digits keep the Message-ID as long as the engine's.
      const unique = String(i).padStart(32, '0');
      try {
        await transporter.sendMail({
          from: mail.from,
          to: `raw${i}@mail${i % 97}.example`,
          replyTo: mail.replyTo,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          messageId: `<${unique}@lark.example>`,
          headers: mail.headers,
        });
      } catch (error) {
        failures += 1;
        firstError ??= error instanceof Error ? error.message : String(error);
      }
      if (performance.now() - lastLog > 10_000) {
        log(`  raw nodemailer: ${i.toLocaleString('en-US')} sent after ${((performance.now() - started) / 1000).toFixed(0)} s`);
        lastLog = performance.now();
      }
    }
  }
  await Promise.all(Array.from({ length: inFlight }, lane));
  transporter.close();
  const cpu = ownCpuMs() - cpuBefore;
  return { ...runFrom(await sink.report(), { sender: cpu }), inFlight, failures, firstError };
}

export async function measureCampaignSend(repoRoot: string, log: (line: string) => void): Promise<CampaignSendReport> {
  const problems: string[] = [];
  let database: ThrowawayDatabase | undefined;
  let sink: Sink | undefined;
  try {
    database = await throwawayDatabase();
    log(`PostgreSQL: ${database.description}`);
    sink = await startSink(path.join(repoRoot, 'bench'));
    const campaignId = await prepareCampaignToSend(repoRoot, database.url, log);

    log(`engine: apps/api/src/worker.ts sending ${CAMPAIGN_SEND.recipients.toLocaleString('en-US')} messages …`);
    const engine = await runEngine(repoRoot, database, sink, campaignId, log);
    if (engine.distinctMessageIds !== CAMPAIGN_SEND.recipients) problems.push(`engine: the sink counted ${engine.distinctMessageIds} distinct Message-IDs, expected ${CAMPAIGN_SEND.recipients}`);
    if (engine.accepted !== engine.distinctMessageIds) problems.push(`engine: ${engine.accepted - engine.distinctMessageIds} messages accepted twice`);
    const signatures = `${SENDING_DOMAIN}+${PLATFORM_DKIM.domainName}`;
    if (engine.signedBy[signatures] !== CAMPAIGN_SEND.recipients) problems.push(`engine: signed ${JSON.stringify(engine.signedBy)}, expected every message by ${signatures}`);
    if ((engine.ledger.sent ?? 0) !== CAMPAIGN_SEND.recipients) problems.push(`engine: the ledger reads ${JSON.stringify(engine.ledger)}, expected ${CAMPAIGN_SEND.recipients} sent`);

    log(`raw nodemailer: rendering ${CAMPAIGN_SEND.copies} copies with the engine's code, then sending ${CAMPAIGN_SEND.recipients.toLocaleString('en-US')} …`);
    const copies = await renderedCopies(database.url, campaignId);
    const raw = await runRaw(sink, copies, CAMPAIGN_SEND.connections * 2, log);
    if (raw.failures > 0) problems.push(`raw nodemailer: ${raw.failures} sends failed (first: ${raw.firstError})`);
    if (raw.distinctMessageIds !== CAMPAIGN_SEND.recipients) problems.push(`raw nodemailer: the sink counted ${raw.distinctMessageIds} distinct Message-IDs, expected ${CAMPAIGN_SEND.recipients}`);
    const { failures: _failures, firstError: _firstError, ...rawRun } = raw;
    return { database: database.description, engine, raw: rawRun, ratio: raw.perSecond > 0 ? engine.perSecond / raw.perSecond : 0, problems };
  } finally {
    await sink?.stop();
    await database?.close();
  }
}
