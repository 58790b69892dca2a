import { CAMPAIGN_MESSAGES } from '@postlark/shared/campaigns';
import { describe, expect, it } from 'vitest';
import { APP_URL } from './support/accounts';
import { useAccountsApp } from './support/accounts-app';
import { testDkimKey } from './support/dkim-key';
import { withoutInlineStyles, CAMPAIGNS, customerWithAudience, draft, engine } from './support/campaigns';
import { eventually } from './support/eventually';
import { confirmSender } from './support/senders';

// Issue 6, points 2, 3, 5 and 6: the editor's preview, test sends, scheduling in a timezone with
// the clock injected, open and click tracking on signed links, and DKIM, read from messages a
// real SMTP server on loopback received.

const accounts = useAccountsApp();
const { call } = accounts;

const HUMAN = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

async function sentCampaign(overrides: Record<string, unknown> = {}) {
  const audience = await customerWithAudience(accounts);
  const campaign = (await call('POST', CAMPAIGNS, audience.customer.cookie, draft(audience.list, overrides))).json().payload.campaign;
  expect((await call('POST', `${CAMPAIGNS}/${campaign.id}/send`, audience.customer.cookie)).statusCode).toBe(200);
  const sender = await engine(accounts);
  try {
    expect(await sender.run()).toBe(2);
  } finally {
    await sender.close();
  }
  return { ...audience, campaign };
}

function trackingLinksIn(html: string) {
  const pixel = /<img src="([^"]*\/t\/o\/[^"]+)"/.exec(html)?.[1];
  const click = /href="([^"]*\/t\/c\/[^"]+)"/.exec(html)?.[1]?.replaceAll('&#38;', '&');
  if (!pixel || !click) throw new Error('no tracking links in the message');
  return { pixel: new URL(pixel), click: new URL(click) };
}

const get = (url: URL | string, userAgent = HUMAN) => {
  const target = typeof url === 'string' ? new URL(url, APP_URL) : url;
  return accounts.app.inject({ method: 'GET', url: `${target.pathname}${target.search}`, headers: { 'user-agent': userAgent } });
};

describe('the editor', () => {
  it('previews unsaved content for a sample reader and reports bad merge tags by field before sending', async () => {
    const { customer } = await customerWithAudience(accounts);
    const fine = await call('POST', 'campaigns/v1/preview', customer.cookie, {
      from_name: 'Lark Letters',
      subject: 'Hello {{ first_name | default: "there" }}',
      preheader: '',
      content_html: '<p>Hi {{ first_name | default: "friend" }}</p>',
      content_text: null,
    });
    expect(fine.statusCode).toBe(200);
    expect(fine.json().payload).toMatchObject({ subject: 'Hello there', problems: {} });
    expect(withoutInlineStyles(fine.json().payload.html)).toContain('<p>Hi friend</p>');
    expect(fine.json().payload.html).toContain('Lark Letters Ltd, 1 Lark Lane, Leeds, LS1 4AP, United Kingdom');
    expect(fine.json().payload.text).toContain('Hi friend');
    expect(fine.json().payload.text).toContain('Unsubscribe or choose what you receive');

    // Delivered through a platform (issue 22): it adds its own footer, so ours is not previewed.
    const platform = await call('POST', 'campaigns/v1/preview', customer.cookie, {
      from_name: 'Lark Letters',
      subject: 'Hello',
      preheader: '',
      content_html: '<p>Hi {{ first_name | default: "friend" }}</p>',
      content_text: null,
      platform_footer: true,
    });
    expect(platform.statusCode).toBe(200);
    expect(withoutInlineStyles(platform.json().payload.html)).toContain('<p>Hi friend</p>');
    for (const rendered of [platform.json().payload.html, platform.json().payload.text]) {
      expect(rendered).not.toContain('Unsubscribe or choose what you receive');
      expect(rendered).not.toContain('1 Lark Lane');
    }

    const broken = await call('POST', 'campaigns/v1/preview', customer.cookie, {
      subject: 'Hi {{ first_name',
      preheader: '',
      content_html: '<p>Hi {{ frist_name }}</p>',
      content_text: 'Plain {{ email | upcase }}',
    });
    const { problems, html, subject } = broken.json().payload;
    expect(Object.keys(problems).sort()).toEqual(['content_html', 'subject']);
    expect(problems.content_html[0]).toMatchObject({ line: 1 });
    expect(problems.content_html[0].message).toContain('Did you mean "first_name"?');
    expect(subject).toBe('Hi {{ first_name');
    expect(html).toContain('Hi &#123;&#123; frist_name }}');
  });

  it('test-sends the saved campaign to up to five addresses, each reading their own fields or the sample’s', async () => {
    const { customer, list, ada } = await customerWithAudience(accounts);
    const campaign = (await call('POST', CAMPAIGNS, customer.cookie, draft(list))).json().payload.campaign;
    const six = Array.from({ length: 6 }, (_, index) => `t${index}@lark.example`);
    const tooMany = await call('POST', `${CAMPAIGNS}/${campaign.id}/test`, customer.cookie, { recipients: six });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().payload.message).toBe(CAMPAIGN_MESSAGES.testRecipientsTooMany);
    expect((await call('POST', `${CAMPAIGNS}/${campaign.id}/test`, customer.cookie, { recipients: [] })).json().payload.message).toBe(CAMPAIGN_MESSAGES.testRecipientsRequired);

    const outsider = `outsider-${campaign.id.slice(0, 8)}@lark.example`;
    // Tests go only to confirmed addresses (sender-enforcement.test.ts): each first got its confirmation link.
    for (const address of [ada, outsider]) await confirmSender(accounts, customer.cookie, address);
    const sent = await call('POST', `${CAMPAIGNS}/${campaign.id}/test`, customer.cookie, { recipients: [ada.toUpperCase(), outsider] });
    expect(sent.json().payload.message).toBe(CAMPAIGN_MESSAGES.testSent(2));
    expect((await accounts.smtp.waitForMessage(ada, { after: 1 })).subject).toBe('[Test] Hello Ada');
    const sample = await accounts.smtp.waitForMessage(outsider, { after: 1 });
    expect(sample.subject).toBe('[Test] Hello there');
    expect(sample.html).toContain('Your plan: free.');
    expect(sample.html).not.toContain('/t/o/');
    // A test is no campaign: nothing is recorded as sent.
    expect((await call('GET', `${CAMPAIGNS}/${campaign.id}`, customer.cookie)).json().payload.campaign).toMatchObject({ status: 'draft', messages: null });
  });
});

describe('scheduling', () => {
  it('sends at a wall-clock time in the chosen timezone, not before', async () => {
    const { customer, list, ada } = await customerWithAudience(accounts);
    const campaign = (await call('POST', CAMPAIGNS, customer.cookie, draft(list))).json().payload.campaign;
    const schedule = (body: object) => call('POST', `${CAMPAIGNS}/${campaign.id}/schedule`, customer.cookie, body);

    expect((await schedule({ send_at: '2026-06-01T09:00', timezone: 'Europe/Paris' })).json().payload.message).toBe(CAMPAIGN_MESSAGES.sendAtPast);
    expect((await schedule({ send_at: '2026-06-02T09:00', timezone: 'Mars/Olympus' })).json().payload.message).toBe(CAMPAIGN_MESSAGES.timezoneInvalid);
    expect((await schedule({ send_at: 'tomorrow', timezone: 'Europe/Paris' })).json().payload.message).toBe(CAMPAIGN_MESSAGES.sendAtInvalid);

    // The clock reads 2026-06-01 10:00 UTC; 14:00 in Paris (summer time) is 12:00 UTC.
    const scheduled = await schedule({ send_at: '2026-06-01T14:00', timezone: 'Europe/Paris' });
    expect(scheduled.json().payload).toMatchObject({
      message: CAMPAIGN_MESSAGES.scheduled,
      campaign: { status: 'scheduled', scheduled_at: '2026-06-01T12:00:00.000Z', scheduled_timezone: 'Europe/Paris' },
    });

    const sender = await engine(accounts);
    try {
      accounts.advance(2 * 3_600_000 - 1_000);
      expect(await sender.run()).toBe(0);
      expect(accounts.smtp.messagesTo(ada)).toHaveLength(0);
      accounts.advance(1_000);
      // The first pass starts it; the next sends.
      await sender.run();
      await sender.run();
    } finally {
      await sender.close();
    }
    await accounts.smtp.waitForMessage(ada);
    expect((await call('GET', `${CAMPAIGNS}/${campaign.id}`, customer.cookie)).json().payload.campaign).toMatchObject({ status: 'sent', messages: { sent: 2 } });
  });

  it('takes a scheduled campaign back to a draft, and keeps a scheduled one complete', async () => {
    const { customer, list } = await customerWithAudience(accounts);
    const campaign = (await call('POST', CAMPAIGNS, customer.cookie, draft(list))).json().payload.campaign;
    await call('POST', `${CAMPAIGNS}/${campaign.id}/schedule`, customer.cookie, { send_at: '2026-07-01T09:00', timezone: 'UTC' });
    const emptied = await call('PATCH', `${CAMPAIGNS}/${campaign.id}`, customer.cookie, { subject: '' });
    expect(emptied.statusCode).toBe(400);
    expect(emptied.json().payload.message).toBe(CAMPAIGN_MESSAGES.subjectRequired);
    const back = await call('POST', `${CAMPAIGNS}/${campaign.id}/unschedule`, customer.cookie);
    expect(back.json().payload).toMatchObject({ message: CAMPAIGN_MESSAGES.unscheduled, campaign: { status: 'draft', scheduled_at: null, scheduled_timezone: null } });
    expect((await call('POST', `${CAMPAIGNS}/${campaign.id}/unschedule`, customer.cookie)).statusCode).toBe(409);
  });
});

describe('tracking', () => {
  it('counts opens and clicks through signed links, flags machine opens, and answers 404 to a changed link', async () => {
    const { customer, campaign, ada, nameless } = await sentCampaign({
      content_html: '<p>Hi {{ first_name | default: "there" }}</p><p><a href="https://lark.example/offer?a=1&amp;b=2">Offer</a> <a href="mailto:hello@lark.example">Write</a></p>',
    });
    const message = await accounts.smtp.waitForMessage(ada);
    const { pixel, click } = trackingLinksIn(message.html);
    expect(`${pixel.origin}${click.origin}`).toBe(`${APP_URL}${APP_URL}`);
    expect(message.html).toContain('href="mailto:hello@lark.example"');
    expect(message.html).toMatch(new RegExp(`href="${APP_URL}/u/[^"/]+"`));

    // Apple's privacy proxy, then a person's client within seconds of delivery: both machines.
    const proxied = await get(pixel, 'Mozilla/5.0');
    expect(proxied.statusCode).toBe(200);
    expect(proxied.headers['content-type']).toBe('image/gif');
    expect((await get(pixel)).statusCode).toBe(200);
    accounts.advance(60_000);
    expect((await get(pixel)).statusCode).toBe(200);
    const other = trackingLinksIn((await accounts.smtp.waitForMessage(nameless)).html);
    expect((await get(other.pixel, 'Barracuda Sentinel (EE)')).statusCode).toBe(200);

    const followed = await get(click);
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toBe('https://lark.example/offer?a=1&b=2');
    const elsewhere = new URL(click);
    elsewhere.searchParams.set('u', 'https://evil.example/');
    expect((await get(elsewhere)).statusCode).toBe(404);
    // One character of the MAC changed, to a different one whatever it was.
    const lastCharacter = click.pathname.at(-1) === 'A' ? 'B' : 'A';
    expect((await get(`${click.pathname.slice(0, -1)}${lastCharacter}${click.search}`)).statusCode).toBe(404);
    expect((await get(`${pixel.pathname}x`)).statusCode).toBe(404);

    const report = await eventually(async () => {
      const answer = (await call('GET', `${CAMPAIGNS}/${campaign.id}/report`, customer.cookie)).json().payload.report;
      // Opens and clicks are written by separate batches: wait until every part has both.
      const written = answer.totals.machine_opens === 3 && answer.totals.clicks === 1 && answer.links.length > 0 && answer.timeline.some((point: { clicks: number }) => point.clicks > 0);
      return written ? answer : undefined;
    }, { what: 'the hits written' });
    expect(report.totals).toMatchObject({ recipients: 2, sent: 2, human_opens: 1, unique_opens: 1, machine_opens: 3, unique_clicks: 1, open_rate: 0.5, click_rate: 0.5 });
    expect(report.links).toEqual([{ url: 'https://lark.example/offer?a=1&b=2', clicks: 1, unique_clicks: 1 }]);
    const hour = new Date(Math.floor(accounts.now().getTime() / 3_600_000) * 3_600_000).toISOString();
    expect(report.timeline).toEqual([{ at: hour, sent: 2, opens: 1, clicks: 1 }]);

    // Segments read engagement from the same hits: a scanner's open is nobody's engagement.
    const count = async (op: string, days: string) =>
      (await call('POST', 'audience/v1/segments/preview', customer.cookie, { definition: { conditions: [{ field: 'engagement', op, value: days }] } })).json().payload.count;
    expect(await count('engaged', '7')).toBe(1);
    expect(await count('not_engaged', '7')).toBe(2);
    await accounts.advanceInUse(8 * 86_400_000, customer.cookie);
    expect(await count('engaged', '7')).toBe(0);
    expect(await count('engaged', '14')).toBe(1);
  });

  it('counts clicks per link as the campaign wrote it: a merge-tag link once for everyone, the same address twice as one', async () => {
    const { customer, campaign, ada, nameless } = await sentCampaign({
      content_html:
        '<p><a href="https://lark.example/welcome?for={{ email }}">Welcome</a></p><p><a href="https://lark.example/offer">Offer</a> or <a class="button" href="https://lark.example/offer">Get it</a></p>',
    });
    const clicksIn = (html: string) => [...html.matchAll(/href="([^"]*\/t\/c\/[^"]+)"/g)].map((match) => new URL(match[1]!.replaceAll('&#38;', '&')));
    const adaMessage = await accounts.smtp.waitForMessage(ada);
    expect(adaMessage.html).not.toContain('data-postlark-link');
    expect(adaMessage.html).toContain('class="button"');
    const adaClicks = clicksIn(adaMessage.html);
    const [welcomeOfNameless] = clicksIn((await accounts.smtp.waitForMessage(nameless)).html);
    expect(adaClicks.map((url) => url.searchParams.get('u'))).toEqual([`https://lark.example/welcome?for=${ada}`, 'https://lark.example/offer', 'https://lark.example/offer']);

    // The link's number is signed with the rest: another number answers 404.
    const [row, number, mac] = adaClicks[1]!.pathname.split('/').at(-1)!.split('.');
    expect(number).toBe('1');
    expect((await get(`/t/c/${row}.2.${mac}${adaClicks[1]!.search}`)).statusCode).toBe(404);

    for (const url of [...adaClicks, welcomeOfNameless!]) expect((await get(url)).statusCode).toBe(302);
    const report = await eventually(async () => {
      const answer = (await call('GET', `${CAMPAIGNS}/${campaign.id}/report`, customer.cookie)).json().payload.report;
      return answer.totals.clicks === 4 ? answer : undefined;
    }, { what: 'the clicks written' });
    expect(report.links).toEqual([
      { url: 'https://lark.example/offer', clicks: 2, unique_clicks: 1 },
      { url: 'https://lark.example/welcome?for={{ email }}', clicks: 2, unique_clicks: 2 },
    ]);
  });

  it('puts no pixel and no redirect in a campaign with tracking turned off', async () => {
    const { ada } = await sentCampaign({ tracking: false, content_html: '<p><a href="https://lark.example/offer">Offer</a></p>' });
    const message = await accounts.smtp.waitForMessage(ada);
    expect(message.html).toContain('href="https://lark.example/offer"');
    expect(message.html).not.toMatch(/\/t\/[oc]\//);
  });
});

describe('DKIM', () => {
  it('signs each message, the unsubscribe headers included, with a signature a verifier accepts', async () => {
    const key = testDkimKey();
    const audience = await customerWithAudience(accounts);
    const campaign = (await call('POST', CAMPAIGNS, audience.customer.cookie, draft(audience.list))).json().payload.campaign;
    await call('POST', `${CAMPAIGNS}/${campaign.id}/send`, audience.customer.cookie);
    const sender = await engine(accounts, {}, key.settings);
    try {
      expect(await sender.run()).toBe(2);
    } finally {
      await sender.close();
    }
    const { raw } = await accounts.smtp.waitForMessage(audience.ada);
    expect(await key.verify(raw)).toEqual({ result: 'pass', domain: 'lark.example' });
    const signed = /DKIM-Signature:[\s\S]*?\bh=([^;]+);/i.exec(raw)?.[1]?.replace(/\s+/g, '').toLowerCase().split(':');
    expect(signed).toEqual(expect.arrayContaining(['list-unsubscribe', 'list-unsubscribe-post', 'from', 'subject', 'message-id']));

    // A relay that changes the unsubscribe header breaks the signature.
    const tampered = raw.replace('List-Unsubscribe-Post: List-Unsubscribe=One-Click', 'List-Unsubscribe-Post: List-Unsubscribe=Never');
    expect(tampered).not.toBe(raw);
    expect((await key.verify(tampered)).result).toBe('fail');
  });
});
