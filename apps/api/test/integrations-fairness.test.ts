import { INTEGRATION_MESSAGES } from '@postlark/shared/integrations';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/results';
import { suppressionHash } from '../src/modules/audience/subscribers.service';
import { runDeliveryPass } from '../src/modules/integrations/platform-delivery-pass';
import { startSyncWorker } from '../src/modules/integrations/platform-loops';
import type { SyncDeps } from '../src/modules/integrations/sync-deps';
import { runSyncPass } from '../src/modules/integrations/sync-engine';
import { CAMPAIGNS } from './support/campaigns';
import { eventually } from './support/eventually';
import { INTEGRATIONS, useIntegrationsApp } from './support/integrations';
import { type SlowPlatform, startSlowPlatform } from './support/slow-platform';

// No customer's platform holds up another's (issue 31, finding 7). Two customers on one worker,
// on the test's clock: A's Mailchimp answers slowly (a stand-in in front of the fake moves the clock
// on at every request) or not at all (a tarpit), and A has a backlog of opt-outs or a campaign to a
// large tagged split; B's import and B's campaign through Brevo still go within one turn of A's.

const { fakes, accounts, call, now, db, advance, deps, sync, connect, linkAudience } = useIntegrationsApp({ brevoRateLimits: false, settings: { CONNECTION_LINKS_MAX: '2' } });

/** Two customers signed up, two platforms' audiences imported, then many passes: more than the default 30 s on a busy machine. */
const HEAVY_TEST_MS = 120_000;

let slow: SlowPlatform | undefined;
afterEach(async () => {
  await slow?.close();
  slow = undefined;
});

/** The worker's dependencies with A's Mailchimp behind the slow stand-in, and these settings. */
function slowDeps(standIn: SlowPlatform, settings: Partial<SyncDeps['settings']>): SyncDeps {
  const base = deps();
  return { ...base, platforms: { ...base.platforms, mailchimp: { ...base.platforms.mailchimp, apiUrl: standIn.url } }, settings: { ...base.settings, ...settings } };
}

/** B: Brevo connected, an audience of `count` linked (imported unless `importNow` is false). */
async function brevoCustomer(count: number, importNow = true) {
  const brevo = fakes().brevo;
  const customer = await accounts.signedInCustomer();
  const connection = await connect('brevo', customer.cookie, brevo.apiKey);
  const { list } = brevo.seedAudience({ count, listName: `B readers ${count}`, campaigns: 0 });
  const link = await linkAudience(customer.cookie, connection.id, String(list.id));
  if (importNow) await sync();
  return { ...customer, connection, listId: link.list_id, remoteListId: list.id };
}

const campaignBody = (name: string, listId: string, connectionId: string, extra: Record<string, unknown> = {}) => ({
  name,
  subject: 'Hello {{ first_name }}',
  preheader: 'What is new',
  from_name: 'Lark Letters',
  from_email: 'news@example.com',
  content_html: '<p>Hi {{ first_name }}</p>',
  audience: { list_ids: [listId] },
  delivery_connection_id: connectionId,
  ...extra,
});

async function sendCampaign(cookie: string, body: object): Promise<string> {
  const created = await call('POST', CAMPAIGNS, cookie, body);
  expect(created.statusCode).toBe(201);
  const id = created.json().payload.campaign.id as string;
  expect((await call('POST', `${CAMPAIGNS}/${id}/send`, cookie)).statusCode).toBe(200);
  return id;
}

async function campaignOf(cookie: string, id: string): Promise<{ status: string; finished_at: string | null; ab_test_state?: { status: string } | null }> {
  return (await call('GET', `${CAMPAIGNS}/${id}`, cookie)).json().payload.campaign;
}

async function runsOf(cookie: string, connectionId: string): Promise<Array<{ kind: string; status: string; finished_at: string | null }>> {
  return (await call('GET', `${INTEGRATIONS}/${connectionId}/runs`, cookie)).json().payload.runs;
}

describe('one customer’s platform does not hold up another’s', () => {
  it('while A’s sync waits on a platform that does not answer, B’s campaign still goes out through its platform', async () => {
    const mailchimp = fakes().mailchimp;
    const b = await brevoCustomer(30);
    const a = await accounts.signedInCustomer();
    const aConnection = await connect('mailchimp', a.cookie, mailchimp.apiKey);
    const seeded = mailchimp.seedAudience({ count: 20, listName: 'Tarpit', campaigns: 0 });
    await linkAudience(a.cookie, aConnection.id, seeded.listId);

    // A's platform takes A's first read and never answers it until the test lets go.
    let release = () => {};
    const tarpit = new Promise<void>((resolve) => (release = resolve));
    let held = 0;
    let holding = false;
    slow = await startSlowPlatform(mailchimp.url, async ({ path }) => {
      if (!path.includes(`/lists/${seeded.listId}/members`) || held++ > 0) return;
      holding = true;
      await tarpit;
      holding = false;
    });
    const worker = startSyncWorker(slowDeps(slow, { idleMs: 10 }));
    try {
      await eventually(() => (held > 0 ? true : undefined), { what: 'A’s read reaching the tarpit' });
      // A's import is stuck there; B sends a campaign now.
      const campaign = await sendCampaign(b.cookie, campaignBody('While A waits', b.listId, b.connection.id));
      const sent = await eventually(async () => {
        const row = await campaignOf(b.cookie, campaign);
        return row.status === 'sent' ? row : undefined;
      }, { what: 'B’s campaign going out' });
      expect(sent.status).toBe('sent');
      expect([...fakes().brevo.state.campaigns.values()].find((entry) => entry.name === 'While A waits')).toMatchObject({ status: 'sent', listIds: [b.remoteListId] });
      // A's read was still held all along: B did not wait for it.
      expect(holding).toBe(true);
    } finally {
      release();
      await worker.stop();
    }
  }, HEAVY_TEST_MS);

  it('A’s backlog of opt-outs on a slow platform is sent in slices, kept in a table: B’s import finishes within one of A’s turns', async () => {
    const mailchimp = fakes().mailchimp;
    // A erased 200 people here whom Mailchimp still has subscribed: the import owes Mailchimp 200 opt-outs.
    const a = await accounts.signedInCustomer();
    const aConnection = await connect('mailchimp', a.cookie, mailchimp.apiKey);
    const remoteList = mailchimp.createList('Erased here');
    const erased = Array.from({ length: 200 }, (_unused, index) => `gone${index}@example.com`);
    for (const email of erased) mailchimp.addMember(remoteList, email, { status: 'subscribed' });
    await db().execute(sql`
      insert into suppressions (customer_id, email_hash, reason, created_at)
      select ${a.customerId}::uuid, h, 'erased', ${now().toISOString()}::timestamptz from unnest(${sql.param(erased.map(suppressionHash))}::text[]) as h`);
    const aLink = await linkAudience(a.cookie, aConnection.id, remoteList);
    advance(1_000);
    // B's import is queued after A's.
    const b = await brevoCustomer(40, false);

    // Every request to A's Mailchimp takes a second; a slice is a minute; opt-outs go 10 at a time.
    const latencyMs = 1_000;
    slow = await startSlowPlatform(mailchimp.url, () => advance(latencyMs));
    const worker = slowDeps(slow, { sliceMs: 60_000, optOutBatch: 10 });
    const start = now().getTime();

    await runSyncPass(worker);
    // A's run had its slice and went back to the queue; what it still owes Mailchimp is in the table, not in its cursor.
    const [aRun] = rowsOf<{ status: string; cursor: Record<string, unknown> }>(await db().execute(sql`select status, cursor from connection_runs where link_id = ${aLink.id}::uuid and kind = 'import'`));
    expect(aRun?.status).toBe('queued');
    expect(aRun?.cursor).not.toHaveProperty('optOuts');
    const owed = async () => Number(rowsOf<{ count: number }>(await db().execute(sql`select count(*)::int as count from connection_opt_outs where link_id = ${aLink.id}::uuid`))[0]?.count);
    expect(await owed()).toBeGreaterThan(0);
    expect(await owed()).toBeLessThan(200);

    // The next turn is B's: its import is done within A's one slice (and one batch) of the start.
    await runSyncPass(worker);
    const bImport = (await runsOf(b.cookie, b.connection.id)).find((run) => run.kind === 'import');
    expect(bImport?.status).toBe('done');
    expect(new Date(bImport!.finished_at!).getTime() - start).toBeLessThanOrEqual(60_000 + 10 * latencyMs + 5 * latencyMs);

    // A's turns go on until Mailchimp has every opt-out, none lost on the way.
    const aImport = async () => (await runsOf(a.cookie, aConnection.id)).find((run) => run.kind === 'import');
    for (let pass = 0; pass < 80 && (await aImport())?.status !== 'done'; pass += 1) await runSyncPass(worker);
    expect((await aImport())?.status).toBe('done');
    expect(await owed()).toBe(0);
    expect(erased.filter((email) => mailchimp.getMember(remoteList, email)?.status !== 'unsubscribed')).toEqual([]);
  }, HEAVY_TEST_MS);

  it('A’s campaign to a large tagged split on a slow platform takes one slice a pass: B’s campaign goes out in the same pass', async () => {
    const mailchimp = fakes().mailchimp;
    const a = await accounts.signedInCustomer();
    const aConnection = await connect('mailchimp', a.cookie, mailchimp.apiKey);
    const seeded = mailchimp.seedAudience({ count: 120, listName: 'Big split', campaigns: 0 });
    const aLink = await linkAudience(a.cookie, aConnection.id, seeded.listId);
    const b = await brevoCustomer(30);
    await sync();

    const aCampaign = await sendCampaign(
      a.cookie,
      campaignBody('Split on a slow platform', aLink.list_id, aConnection.id, { ab_test: { dimension: 'subject', test_share: 50, wait_minutes: 600, variants: [{}, { subject: 'Other {{ first_name }}' }] } }),
    );
    advance(1_000);
    const bCampaign = await sendCampaign(b.cookie, campaignBody('B in the same pass', b.listId, b.connection.id));

    // Every request to A's Mailchimp takes 10 seconds; a slice is 30; A's people are tagged 10 at a time.
    const latencyMs = 10_000;
    slow = await startSlowPlatform(mailchimp.url, () => advance(latencyMs));
    const worker = slowDeps(slow, { sliceMs: 30_000, tagBatch: 10 });
    const start = now().getTime();

    await runDeliveryPass(worker);
    const bRow = await campaignOf(b.cookie, bCampaign);
    expect(bRow.status).toBe('sent');
    // B went out after A's one slice (a tag batch is at most three of A's requests), not after A's whole split.
    expect(new Date(bRow.finished_at!).getTime() - start).toBeLessThanOrEqual(30_000 + 3 * latencyMs);
    expect((await campaignOf(a.cookie, aCampaign)).status).toBe('sending');

    // A's split goes on in later passes from where its tagging got, and every dealt person gets their variant once.
    for (let pass = 0; pass < 40 && (await campaignOf(a.cookie, aCampaign)).ab_test_state?.status !== 'testing'; pass += 1) await runDeliveryPass(worker);
    expect((await campaignOf(a.cookie, aCampaign)).ab_test_state?.status).toBe('testing');
    const dealt = rowsOf<{ email: string; part: number }>(await db().execute(sql`select email, part from platform_delivery_recipients where campaign_id = ${aCampaign}::uuid`));
    const dealtTo = (part: number) => dealt.filter((row) => Number(row.part) === part).map((row) => mailchimp.hash(row.email)).sort();
    const sentTo = (title: string) => [...mailchimp.state.campaigns.values()].find((entry) => entry.settings.title === title)?.sentTo.slice().sort();
    expect(dealtTo(1).length).toBeGreaterThan(20);
    expect(sentTo('Split on a slow platform (A)')).toEqual(dealtTo(1));
    expect(sentTo('Split on a slow platform (B)')).toEqual(dealtTo(2));
  }, HEAVY_TEST_MS);

  it('a connection keeps at most CONNECTION_LINKS_MAX audiences in sync', async () => {
    const mailchimp = fakes().mailchimp;
    const { cookie } = await accounts.signedInCustomer();
    const connection = await connect('mailchimp', cookie, mailchimp.apiKey);
    const lists = ['First', 'Second', 'Third'].map((name) => mailchimp.createList(`Cap ${name}`));
    for (const list of lists.slice(0, 2)) expect((await call('POST', `${INTEGRATIONS}/${connection.id}/links`, cookie, { remote_audience_id: list })).statusCode).toBe(202);
    const third = await call('POST', `${INTEGRATIONS}/${connection.id}/links`, cookie, { remote_audience_id: lists[2] });
    expect(third.statusCode).toBe(409);
    expect(third.json().payload.message).toBe(INTEGRATION_MESSAGES.linkLimit(2));
    expect((await call('GET', `${INTEGRATIONS}/${connection.id}`, cookie)).json().payload.connection.links).toHaveLength(2);
  });
});
