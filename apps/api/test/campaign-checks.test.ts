import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CAMPAIGN_CHECK_RULES, CAMPAIGN_CHECK_TEXTS, type CampaignCheck } from '@postlark/shared/campaign-checks';
import { CAMPAIGN_MESSAGES } from '@postlark/shared/campaigns';
import { SENDER_MESSAGES } from '@postlark/shared/senders';
import { STARTER_COPY } from '@postlark/shared/starter-copy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawQuery } from '../src/db/client';
import { rspamdCheck, SpamCheckError } from '../src/mail/spam-score';
import { returnPathName } from '../src/modules/senders/domain-records';
import { useAccountsApp } from './support/accounts-app';
import { callWithKey, apiKeyFor } from './support/api-keys';
import { CAMPAIGNS, customerWithAudience, draft } from './support/campaigns';
import { SPAMMY_PHRASE, startSpamdStandIn } from './support/spamd-stand-in';

// "Check before sending" as a customer runs it from the editor: the saved campaign built as the
// engine builds it, each check's verdict and words. Links are asked of a local web server (the
// webhooks' address guard lets loopback through only under WEBHOOKS_ALLOW_LOCAL, as for
// webhooks), the spam score of a local stand-in speaking spamd's protocol.

const spamd = await startSpamdStandIn();
const BOUNCE_DOMAIN = 'bounces.postlark.example';
const accounts = useAccountsApp({ WEBHOOKS_ALLOW_LOCAL: 'true', SPAMD_URL: spamd.url, BOUNCE_DOMAIN, API_REQUESTS_PER_MINUTE: '1000' });
const { call } = accounts;

let site: Server;
let siteUrl: string;
/** A port nothing listens on: a link that does not answer. */
let closedPort: number;
const requests: string[] = [];

beforeAll(async () => {
  site = createHttpServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    if (request.url === '/ok') return response.writeHead(200).end('fine');
    // Refuses HEAD as some servers do: the GET that follows tells it answers.
    if (request.url === '/no-head') return response.writeHead(request.method === 'HEAD' ? 405 : 200).end();
    if (request.url === '/moved') return response.writeHead(301, { location: '/gone' }).end();
    if (request.url === '/rspamd/checkv2') {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      return request.on('end', () => {
        requests.push(body.includes('Subject:') ? 'rspamd got a message' : 'rspamd got no message');
        response.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({ action: 'add header', score: 7.25, required_score: 15, symbols: { R_DKIM_NA: { name: 'R_DKIM_NA', score: 0 }, HTML_SHORT_LINK_IMG_1: { name: 'HTML_SHORT_LINK_IMG_1', score: 2.4 } } }),
        );
      });
    }
    response.writeHead(404).end('not here');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  const probe = createHttpServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
});
afterAll(async () => {
  site.closeAllConnections();
  await new Promise((resolve) => site.close(resolve));
  await spamd.stop();
});

async function campaignWith(overrides: Record<string, unknown> = {}) {
  const audience = await customerWithAudience(accounts);
  const answer = await call('POST', CAMPAIGNS, audience.customer.cookie, draft(audience.list, overrides));
  expect(answer.statusCode).toBe(201);
  return { ...audience, cookie: audience.customer.cookie, id: answer.json().payload.campaign.id as string };
}

async function checksOf(cookie: string, id: string): Promise<Record<string, CampaignCheck>> {
  const answer = await call('POST', `${CAMPAIGNS}/${id}/checks`, cookie);
  expect(answer.statusCode).toBe(200);
  const checks = answer.json().payload.checks as CampaignCheck[];
  return Object.fromEntries(checks.map((check) => [check.id, check]));
}

describe('check before sending', () => {
  it('passes a small campaign from the platform’s domain, with its score and rules from spamd', async () => {
    const { cookie, id } = await campaignWith({ content_html: `<p>Hello</p><p><a href="${siteUrl}/ok">Read on</a></p><img src="https://cdn.example/logo.png" alt="Lark Letters">` });
    const checks = await checksOf(cookie, id);
    expect(Object.keys(checks)).toEqual(['from', 'address', 'unfinished', 'size', 'links', 'images', 'spam']);
    expect(checks.address).toMatchObject({ status: 'pass', detail: CAMPAIGN_CHECK_TEXTS.addressShown('Lark Letters Ltd, 1 Lark Lane, Leeds, LS1 4AP, United Kingdom') });
    expect(checks.unfinished).toMatchObject({ status: 'pass', detail: CAMPAIGN_CHECK_TEXTS.unfinishedNone });
    expect(checks.from).toMatchObject({ status: 'pass', title: CAMPAIGN_CHECK_TEXTS.fromTitle, detail: CAMPAIGN_CHECK_TEXTS.fromOperatorDomain('lark.example') });
    expect(checks.size!.status).toBe('pass');
    expect(checks.size!.detail).toMatch(/^The HTML part is [\d.]+ KB \(UTF-8, with tracked links, before transfer encoding\), under Gmail's 102 KB clipping limit\./);
    expect(checks.size!.detail).toContain(CAMPAIGN_CHECK_TEXTS.sizeEndsLast);
    expect(checks.links).toMatchObject({ status: 'pass', detail: CAMPAIGN_CHECK_TEXTS.linksAllAnswer(1) });
    expect(checks.images).toMatchObject({ status: 'pass', detail: CAMPAIGN_CHECK_TEXTS.imagesAllAlt(1) });
    expect(checks.spam).toMatchObject({ status: 'pass', detail: CAMPAIGN_CHECK_TEXTS.spamUnder(0.8, 5) + CAMPAIGN_CHECK_TEXTS.spamRules(['HTML_MESSAGE']) });
    // spamd was asked about the message as readers get it: its headers, tracked links and footer.
    const asked = spamd.received.at(-1)!;
    expect(asked).toContain('Subject: Hello there');
    expect(asked).toContain('List-Unsubscribe:');
    expect(asked).toContain('/t/c/');
  });

  it('says before Send that the postal address is missing, and warns of template words and example.com links left in', async () => {
    // Issue 38, point 10: the newsletter template's story paragraph and its buttons' example.com, untouched.
    const { cookie, id } = await campaignWith({
      content_html: `<h2>The big story</h2><p>${STARTER_COPY.newsletterStory}</p><p><a href="https://example.com">Read the full story</a> or <a href="https://www.example.org/more">more</a></p>`,
    });
    const ready = await checksOf(cookie, id);
    expect(ready.unfinished).toMatchObject({
      status: 'warn',
      title: CAMPAIGN_CHECK_TEXTS.unfinishedTitle,
      detail: `${CAMPAIGN_CHECK_TEXTS.unfinishedCopy([STARTER_COPY.newsletterStory])} ${CAMPAIGN_CHECK_TEXTS.unfinishedLinks(['https://example.com', 'https://www.example.org/more'])}`,
    });
    // Words of one's own and real links pass.
    const finished = await campaignWith({ content_html: `<p>Our spring issue is out: three stories from the field.</p><p><a href="${siteUrl}/ok">Read it</a></p>` });
    expect((await checksOf(finished.cookie, finished.id)).unfinished!.status).toBe('pass');

    // No postal address yet: a fail, said with the same words the send would refuse with.
    const noAddress = await customerWithAudience(accounts, { contact: false });
    const answer = await call('POST', CAMPAIGNS, noAddress.customer.cookie, draft(noAddress.list, { content_html: '<p>Hello</p>' }));
    const campaignId = answer.json().payload.campaign.id as string;
    const checks = await checksOf(noAddress.customer.cookie, campaignId);
    expect(checks.address).toMatchObject({ status: 'fail', title: CAMPAIGN_CHECK_TEXTS.addressTitle, detail: CAMPAIGN_MESSAGES.postalAddressRequired });
    const send = await call('POST', `${CAMPAIGNS}/${campaignId}/send`, noAddress.customer.cookie);
    expect(send.statusCode).toBe(400);
    expect(send.json().payload.errors).toEqual({ postal_address: CAMPAIGN_MESSAGES.postalAddressRequired });
  });

  it('warns of a message Gmail clips, naming what it hides; under the limit it passes', async () => {
    // ~110 KB of paragraphs: past the clip, with the pixel and footer after it.
    const paragraph = `<p>${'A lark sings at dawn over the fields. '.repeat(20)}</p>`;
    const big = await campaignWith({ content_html: paragraph.repeat(150) });
    const size = (await checksOf(big.cookie, big.id)).size!;
    expect(size.status).toBe('warn');
    const bytes = Number(/^The HTML part is ([\d.,]+) KB/.exec(size.detail)![1]!.replace(',', '')) * 1024;
    expect(bytes).toBeGreaterThan(CAMPAIGN_CHECK_RULES.clipBytes);
    expect(size.detail).toContain("Gmail clips messages past 102 KB");
    expect(size.detail).toContain(CAMPAIGN_CHECK_TEXTS.sizeHidden([CAMPAIGN_CHECK_TEXTS.hiddenFooter, CAMPAIGN_CHECK_TEXTS.hiddenPixel]));
    expect(size.detail).toContain(CAMPAIGN_CHECK_TEXTS.sizeEndsLast);
    // Over the clip is a warning only: the campaign can still be sent.
    expect((await call('POST', `${CAMPAIGNS}/${big.id}/send`, big.cookie)).statusCode).toBe(200);

    const small = await campaignWith({ content_html: paragraph.repeat(100) });
    expect((await checksOf(small.cookie, small.id)).size!.status).toBe('pass');
  });

  it('names each link that does not answer, after a GET where HEAD was refused and through redirects', async () => {
    requests.length = 0;
    const links = [`${siteUrl}/ok`, `${siteUrl}/missing`, `${siteUrl}/no-head`, `${siteUrl}/moved`, `http://127.0.0.1:${closedPort}/`, 'http://10.0.0.1/private', `${siteUrl}/ok`];
    const { cookie, id } = await campaignWith({ content_html: links.map((href, index) => `<p><a href="${href}">Link ${index}</a></p>`).join('') + '<p><a href="mailto:hello@lark.example">Write</a></p>' });
    const checks = await checksOf(cookie, id);
    expect(checks.links).toMatchObject({
      status: 'warn',
      title: CAMPAIGN_CHECK_TEXTS.linksTitle,
      detail: CAMPAIGN_CHECK_TEXTS.linksBroken([
        CAMPAIGN_CHECK_TEXTS.linkStatus(`${siteUrl}/missing`, 404),
        CAMPAIGN_CHECK_TEXTS.linkStatus(`${siteUrl}/moved`, 404),
        CAMPAIGN_CHECK_TEXTS.linkFailed(`http://127.0.0.1:${closedPort}/`, CAMPAIGN_CHECK_TEXTS.linkConnectionRefused),
        // The guard refuses a private address without connecting to it.
        CAMPAIGN_CHECK_TEXTS.linkFailed('http://10.0.0.1/private', CAMPAIGN_CHECK_TEXTS.linkRefused),
      ]),
    });
    // Each distinct link asked once (HEAD, then GET where HEAD failed); the redirect followed.
    expect(requests.filter((line) => line === 'HEAD /ok')).toHaveLength(1);
    expect(requests).toContain('GET /no-head');
    expect(requests).toContain('HEAD /gone');

    // Asked again within minutes, the answers come from the cache: no site is asked twice.
    const asked = requests.length;
    await checksOf(cookie, id);
    expect(requests).toHaveLength(asked);
  });

  it('warns of images without a description, naming them', async () => {
    const { cookie, id } = await campaignWith({
      content_html: '<p>Look</p><img src="https://cdn.example/img/hero.jpg?v=2"><img src="https://cdn.example/logo.png" alt="Lark Letters"><img src="https://cdn.example/banner.gif" alt="  ">',
    });
    expect((await checksOf(cookie, id)).images).toMatchObject({ status: 'warn', detail: CAMPAIGN_CHECK_TEXTS.imagesMissingAlt(['hero.jpg', 'banner.gif']) });
  });

  it('reports spamd’s high score with the rules that fired, and says so when spamd refuses', async () => {
    const { cookie, id } = await campaignWith({ content_html: `<p>${SPAMMY_PHRASE} for every reader</p>` });
    expect((await checksOf(cookie, id)).spam).toMatchObject({
      status: 'warn',
      detail: CAMPAIGN_CHECK_TEXTS.spamOver(6.1, 5) + CAMPAIGN_CHECK_TEXTS.spamRules(['HTML_MESSAGE', 'STAND_IN_FREE_MONEY', 'MIME_HTML_MOSTLY']),
    });
    spamd.mode = 'broken';
    try {
      const checks = await checksOf(cookie, id);
      expect(checks.spam).toMatchObject({ status: 'warn', detail: CAMPAIGN_CHECK_TEXTS.spamUnavailable('spamd answered 76 Bad header line: SYMBOLS SPAMC/1.5') });
      // The other checks still ran.
      expect(checks.size!.status).toBe('pass');
    } finally {
      spamd.mode = 'judge';
    }
  });

  it('reads rspamd’s /checkv2 answer: score, threshold and each symbol’s score', async () => {
    const score = await rspamdCheck(new URL(`${siteUrl}/rspamd/checkv2`), Buffer.from('Subject: hi\r\n\r\nhello'), 3000);
    expect(score).toEqual({ score: 7.3, threshold: 15, rules: ['HTML_SHORT_LINK_IMG_1 (2.4)', 'R_DKIM_NA (0)'] });
    expect(requests).toContain('rspamd got a message');
    await expect(rspamdCheck(new URL(`${siteUrl}/elsewhere`), Buffer.from('x'), 3000)).rejects.toThrow(new SpamCheckError('rspamd answered 404'));
  });

  it('fails a From that cannot send, as the send would; warns of an own domain’s missing return path and DMARC', async () => {
    const { cookie, id, customer } = await campaignWith({ from_email: 'news@unknown-domain.example' });
    expect((await checksOf(cookie, id)).from).toMatchObject({ status: 'fail', detail: SENDER_MESSAGES.fromNotAuthenticated('news@unknown-domain.example') });

    // An authenticated domain whose last DNS check found the DKIM key only.
    await rawQuery(
      accounts.database.db,
      `insert into sender_domains (customer_id, domain, verification_code, dkim_selector, dkim_private_key, dkim_public_key, checks, authenticated_at, created_at, last_checked_at)
       values ($1::uuid, 'larkletters.example', 'code', 'pltest', 'sealed', 'public', $2::jsonb, now(), now(), now())`,
      [customer.customerId, JSON.stringify({ dkim: 'found', return_path: 'missing', dmarc: 'missing', dmarc_record: null })],
    );
    expect((await call('PATCH', `${CAMPAIGNS}/${id}`, cookie, { from_email: 'news@larkletters.example' })).statusCode).toBe(200);
    const checks = await checksOf(cookie, id);
    expect(checks.from).toMatchObject({ status: 'pass', detail: CAMPAIGN_CHECK_TEXTS.fromOwnDomain('larkletters.example') });
    expect(checks['return-path']).toMatchObject({ status: 'warn', detail: CAMPAIGN_CHECK_TEXTS.returnPathMissing(returnPathName('larkletters.example')) });
    expect(checks.dmarc).toMatchObject({ status: 'warn', detail: CAMPAIGN_CHECK_TEXTS.dmarcMissing('larkletters.example') });
  });

  it('says what stops the content being built instead of measuring it', async () => {
    const { cookie, id } = await campaignWith({ content_html: '' });
    expect((await checksOf(cookie, id)).content).toMatchObject({ status: 'fail', detail: CAMPAIGN_MESSAGES.contentRequired });
  });

  it('answers 404 for another account’s campaign and for a bad id, and limits how often an account runs them', async () => {
    const mine = await campaignWith();
    const stranger = await customerWithAudience(accounts);
    for (const [cookie, campaignId] of [
      [stranger.customer.cookie, mine.id],
      [mine.cookie, 'not-a-uuid'],
      [mine.cookie, '0193a5b2-7c1d-7e00-8000-000000000000'],
    ] as const) {
      const answer = await call('POST', `${CAMPAIGNS}/${campaignId}/checks`, cookie);
      expect(answer.statusCode).toBe(404);
      expect(answer.json().payload.message).toBe(CAMPAIGN_MESSAGES.notFound);
    }
    expect((await call('POST', `${CAMPAIGNS}/${mine.id}/checks`)).statusCode).toBe(401);

    // The public API's twin, with the account's key: the same checks, the same 404 for another's.
    const key = await apiKeyFor(accounts, mine.cookie);
    const viaKey = await callWithKey(accounts, key, 'POST', `campaigns/${mine.id}/checks`);
    expect(viaKey.statusCode).toBe(200);
    expect(viaKey.json().payload.checks.map((check: CampaignCheck) => check.id)).toEqual(['from', 'address', 'unfinished', 'size', 'links', 'images', 'spam']);
    const strangerKey = await apiKeyFor(accounts, stranger.customer.cookie);
    expect((await callWithKey(accounts, strangerKey, 'POST', `campaigns/${mine.id}/checks`)).statusCode).toBe(404);

    // One run above through the key; the rest of the minute's runs, then a 429 with the reason.
    for (let run = 1; run < CAMPAIGN_CHECK_RULES.runsPerMinute; run += 1) expect((await call('POST', `${CAMPAIGNS}/${mine.id}/checks`, mine.cookie)).statusCode).toBe(200);
    const limited = await call('POST', `${CAMPAIGNS}/${mine.id}/checks`, mine.cookie);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().payload.message).toBe(CAMPAIGN_CHECK_TEXTS.tooOften);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('SPAMD_URL', () => {
  it('takes spamd:// and http(s) URLs, and refuses anything else at start', async () => {
    const { loadConfig } = await import('../src/config/env');
    expect(loadConfig({ SPAMD_URL: 'spamd://127.0.0.1:783' }).SPAMD_URL).toBe('spamd://127.0.0.1:783');
    expect(loadConfig({ SPAMD_URL: 'http://127.0.0.1:11333' }).SPAMD_URL).toBe('http://127.0.0.1:11333');
    expect(() => loadConfig({ SPAMD_URL: '127.0.0.1:783' })).toThrow(/SPAMD_URL: must be spamd:\/\/host:port/);
  });
});
