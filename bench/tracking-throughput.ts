import { TRACKING_PATHS } from '../apps/api/src/modules/tracking/tracking-links';
import { combineLoads, type LoadFigures, type LoadRequest, runLoad } from './http-load';
import { apiCall as call, type ApiServer, createCustomer, outboxMessages, signIn, startApiServer } from './api-client';
import { type ChildServer, baseEnv, freePort, startChildServer } from './child-server';

/**
 * Tracking hits per second (open pixels and click redirects of a real sent campaign) next to a bare
 * Fastify route answering the same GIF, in the same run; then the server is stopped cleanly and
 * started again, and the campaign's report must count every hit it answered.
 */

export const TRACKING_TARGETS = { hitsPerSecond: 10_000, ratio: 0.7 } as const;
export const TRACKING_LOAD = { recipients: 100, connections: 100, warmupSeconds: 2, runSeconds: 10 } as const;

// ABBA, as the waitlist bench: a drift of the machine weighs on both sides alike.
const ORDER = ['bare', 'tracking', 'tracking', 'bare'] as const;
type Side = (typeof ORDER)[number];

// A person's mail client: the hits count as human clicks (opens this soon after delivery are machine).
const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

export interface TrackingReport {
  bare: LoadFigures;
  tracking: LoadFigures;
  ratio: number;
  /** Hits the tracking side answered 2xx or 302, warm-up included. */
  answered: number;
  /** Opens and clicks the report counts after a clean stop and a restart. */
  stored: number;
  /** Requests in flight when a run's time was up: answered by the server, not counted by autocannon. */
  uncountedInFlightMax: number;
  paths: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A customer, a list of recipients and a sent campaign with one link; its messages' tracking paths. */
async function sentCampaign(api: ApiServer, log: (line: string) => void): Promise<{ cookie: string; campaignId: string; paths: string[] }> {
  const email = 'tracking-bench@example.com';
  await createCustomer(api, email);
  const cookie = await signIn(api, email);
  const me = (await call(api, cookie, 'GET', 'authentication/v1/session')).payload;
  await call(api, cookie, 'PUT', `home/v1/user/${me.customer_id}/contact`, {
    street_address: '1 Bench Road', city: 'Leeds', state: '', company: '', postal_code: 'LS1 1AA', country: 'Germany', phone: '', vat_id: '',
  });
  const list = (await call(api, cookie, 'POST', 'audience/v1/lists', { name: 'Bench', double_opt_in: false })).payload.list.id as string;
  for (let index = 0; index < TRACKING_LOAD.recipients; index += 1) {
    await call(api, cookie, 'POST', 'audience/v1/subscribers', { email: `reader${index}@bench.example`, first_name: `Reader ${index}`, list_ids: [list] });
  }
  const campaign = (
    await call(api, cookie, 'POST', 'campaigns/v1/campaigns', {
      name: 'Tracking bench',
      subject: 'Hello {{ first_name }}',
      from_name: 'Bench',
      // The account's own address: a confirmed sender without a confirmation round trip.
      from_email: email,
      content_html: '<p>Hi {{ first_name }}</p><p><a href="https://bench.example/offer?id=1">Read more</a></p>',
      audience: { list_ids: [list] },
    })
  ).payload.campaign.id as string;
  await call(api, cookie, 'POST', `campaigns/v1/campaigns/${campaign}/send`);
  log(`campaign to ${TRACKING_LOAD.recipients} recipients sent through the dev outbox; reading its messages …`);
  for (let waited = 0; ; waited += 200) {
    const status = (await call(api, cookie, 'GET', `campaigns/v1/campaigns/${campaign}`)).payload.campaign.status;
    if (status === 'sent') break;
    if (waited > 60_000) throw new Error(`the bench campaign still reads ${status} after 60 s`);
    await sleep(200);
  }
  const paths: string[] = [];
  for (const message of await outboxMessages(api.server.url)) {
    if (!message.to.endsWith('@bench.example')) continue;
    const html = await (await fetch(`${api.server.url}/dev/mailbox/${message.id}`)).text();
    const pixel = /src="[^"]*?(\/t\/o\/[^"]+)"/.exec(html)?.[1];
    const click = /href="[^"]*?(\/t\/c\/[^"]+)"/.exec(html)?.[1];
    if (!pixel || !click) throw new Error(`message ${message.id} carries no tracking links`);
    paths.push(pixel, click.replace(/&#38;|&amp;/g, '&'));
  }
  if (paths.length !== TRACKING_LOAD.recipients * 2) throw new Error(`expected ${TRACKING_LOAD.recipients} messages, found ${paths.length / 2}`);
  return { cookie, campaignId: campaign, paths };
}

function requestFor(side: Side, paths: readonly string[]): LoadRequest {
  const headers = { 'user-agent': USER_AGENT };
  if (side === 'bare') {
    // Each tracking path's peer: a pixel for a pixel, a redirect to the same address for a click.
    const barePaths = paths.map((path, index) => {
      const query = path.indexOf('?');
      return path.startsWith(TRACKING_PATHS.click) && query !== -1 ? `/bare-click/${index}${path.slice(query)}` : `/bare-pixel/${index}`;
    });
    return { path: barePaths[0]!, paths: barePaths, headers, connections: TRACKING_LOAD.connections };
  }
  return { path: paths[0]!, paths, headers, connections: TRACKING_LOAD.connections };
}

// Pixels answer 200 and clicks 302: both are answered hits.
const answeredOf = (figures: LoadFigures) => (figures.statusCodes['200'] ?? 0) + (figures.statusCodes['302'] ?? 0);

export async function measureTrackingThroughput(repoRoot: string, log: (line: string) => void): Promise<TrackingReport> {
  let api = await startApiServer(repoRoot, 'tracking-server', { CAMPAIGN_SEND_RATE: '10000' });
  let bare: ChildServer | undefined;
  try {
    const { cookie, campaignId, paths } = await sentCampaign(api, log);
    const barePort = await freePort();
    bare = await startChildServer({
      name: 'bare-server',
      args: ['bench/bare-server.ts', '--port', String(barePort)],
      cwd: repoRoot,
      env: baseEnv(),
      port: barePort,
      readiness: { method: 'GET', path: '/bare-pixel/0' },
    });
    const serverOf = (side: Side) => (side === 'bare' ? bare! : api.server);
    let answered = 0;
    for (const side of ['bare', 'tracking'] as const) {
      log(`warm-up ${side} ${TRACKING_LOAD.warmupSeconds} s (discarded)`);
      const warmup = await runLoad(serverOf(side), requestFor(side, paths), TRACKING_LOAD.warmupSeconds, side);
      if (side === 'tracking') answered += answeredOf(warmup);
    }
    const runs: { side: Side; figures: LoadFigures }[] = [];
    for (const side of ORDER) {
      const figures = await runLoad(serverOf(side), requestFor(side, paths), TRACKING_LOAD.runSeconds, side);
      // Redirects are the click route's success: not a failure to report.
      const ok = answeredOf(figures);
      const counted = { ...figures, ok, requestsPerSecond: ok / figures.seconds, non2xx: figures.non2xx - (figures.statusCodes['302'] ?? 0) };
      log(`run ${runs.length + 1}/${ORDER.length} ${side.padEnd(8)} ${counted.requestsPerSecond.toFixed(0).padStart(7)} hits/s  p50 ${figures.p50} ms  p99 ${figures.p99} ms  other ${counted.non2xx}  errors ${figures.errors}`);
      if (side === 'tracking') answered += ok;
      runs.push({ side, figures: counted });
    }
    // A clean stop writes what is still buffered; a fresh server on the same data then reports it.
    const exit = await api.server.stop();
    if (exit !== 0) throw new Error(`the tracking server exited with ${exit} on SIGTERM`);
    api = await startApiServer(repoRoot, 'tracking-server-again', {}, api.dataDir);
    const totals = (await call(api, cookie, 'GET', `campaigns/v1/campaigns/${campaignId}/report`)).payload.report.totals;
    const barePart = combineLoads(runs.filter((run) => run.side === 'bare').map((run) => run.figures));
    const trackingPart = combineLoads(runs.filter((run) => run.side === 'tracking').map((run) => run.figures));
    return {
      bare: barePart,
      tracking: trackingPart,
      ratio: trackingPart.requestsPerSecond / barePart.requestsPerSecond,
      answered,
      stored: totals.human_opens + totals.machine_opens + totals.clicks,
      uncountedInFlightMax: TRACKING_LOAD.connections * (1 + ORDER.filter((side) => side === 'tracking').length),
      paths: paths.length,
    };
  } finally {
    await bare?.stop();
    await api.close();
  }
}
