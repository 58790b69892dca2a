import { BLOCK_ATTRIBUTION_DAYS, BLOCK_LIMITS, BLOCK_MESSAGES, type BlockCondition, encodeCondition } from '@postlark/shared/content-blocks';
import { describe, expect, it } from 'vitest';
import { rawQuery } from '../src/db/client';
import { RECOMMENDED_LINK } from '../src/modules/campaigns/content-blocks';
import { useAccountsApp } from './support/accounts-app';
import { apiKeyFor, callWithKey } from './support/api-keys';
import { CAMPAIGNS, customerWithAudience, draft, engine } from './support/campaigns';
import { eventually } from './support/eventually';
import { emailStep, flowCustomer, personEmail, useFlowEngine } from './support/flows';

// Issue 21, section 3: a Recommended products block and "Show only to…" blocks, rendered per
// recipient in the mail they receive, in "Preview as", attributed in the report, and refused
// with a clear 400 when they cannot be read.

const accounts = useAccountsApp({ API_REQUESTS_PER_MINUTE: '1000' });
const call = accounts.call;
const flows = useFlowEngine(accounts);
const DAY_MS = 86_400_000;

const PRODUCTS = ['kettle', 'teapot', 'tent', 'lantern'].map((id, index) => ({
  id,
  body: { title: `The ${id}`, url: `https://shop.example/p/${id}`, image_url: `https://cdn.shop.example/${id}.jpg`, price: 10 + index * 5, currency: 'EUR' },
}));

const iff = (condition: BlockCondition, inner: string) => `<div data-postlark-if="${encodeCondition(condition)}">${inner}</div>`;
const order = (email: string, id: string, at: Date, items: string[], value = 30) => ({
  name: 'order_placed',
  email,
  id: `order-${id}`,
  occurred_at: at.toISOString(),
  value,
  currency: 'EUR',
  properties: { order_id: id, items: items.map((product_id) => ({ product_id, quantity: 1, price: 10 })) },
});

const get = (url: string) => {
  const target = new URL(url);
  return accounts.app.inject({ method: 'GET', url: `${target.pathname}${target.search}`, headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0' } });
};

/**
 * Ada (plan pro, first name Ada, ordered the kettle lately) and the nameless reader (dormant,
 * on the VIP list, ordered the tent two months ago); shoppers who bought kettle with teapot and
 * tent with lantern: Ada's recommendation is the teapot, the other's the lantern.
 */
async function shop() {
  const audience = await customerWithAudience(accounts);
  const { customer, ids, ada, nameless } = audience;
  const key = await apiKeyFor(accounts, customer.cookie);
  for (const product of PRODUCTS) expect((await callWithKey(accounts, key, 'PUT', `products/${product.id}`, product.body)).statusCode).toBe(201);
  const now = accounts.now();
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const events = [
    order(`s1@${ada.split('@')[1]}`, 's1', daysAgo(20), ['kettle', 'teapot']),
    order(`s2@${ada.split('@')[1]}`, 's2', daysAgo(18), ['kettle', 'teapot']),
    order(`s3@${ada.split('@')[1]}`, 's3', daysAgo(16), ['tent', 'lantern']),
    order(`s4@${ada.split('@')[1]}`, 's4', daysAgo(14), ['tent', 'lantern']),
    order(ada, 'a1', daysAgo(3), ['kettle']),
    order(nameless, 'n1', daysAgo(60), ['tent']),
  ];
  const stored = await callWithKey(accounts, key, 'POST', 'events', { events });
  expect(stored.json().payload.accepted).toBe(events.length);
  await call('PATCH', `audience/v1/subscribers/${ids[ada]}`, customer.cookie, { attributes: { plan: 'pro' } });
  const vip = (await call('POST', 'audience/v1/lists', customer.cookie, { name: 'VIP', double_opt_in: false })).json().payload.list.id as string;
  await rawQuery(accounts.database.db, `insert into list_memberships (list_id, subscriber_id, status, created_at, updated_at, confirmed_at) values ($1::uuid, $2::uuid, 'confirmed', now(), now(), now()) on conflict do nothing`, [vip, ids[nameless]]);
  const segment = (await call('POST', 'audience/v1/segments', customer.cookie, { name: 'Adas', definition: { match: 'all', conditions: [{ field: 'first_name', op: 'is', value: 'Ada' }] } })).json().payload.segment.id as string;
  // The engagement band of the last insights refresh (the nameless reader is dormant; Ada was never scored).
  await rawQuery(accounts.database.db, `insert into subscriber_insights (subscriber_id, customer_id, engagement, updated_at) values ($1::uuid, $2::uuid, $3::jsonb, now())`, [
    ids[nameless],
    customer.customerId,
    JSON.stringify({ score: 0.01, band: 'dormant', reasons: [] }),
  ]);
  const content = [
    '<p>Hi {{ first_name | default: "there" }}</p>',
    '<div data-postlark-block="recommendations" data-count="1" data-layout="grid"><p>Recommended products: filled in for each person</p></div>',
    iff({ type: 'field', field: 'attribute', key: 'plan', op: 'equals', value: 'pro' }, '<p>Pro corner</p>'),
    iff({ type: 'engagement', bands: ['dormant', 'cooling'] }, '<p>We miss you</p>'),
    iff({ type: 'event', name: 'order_placed', days: 30 }, `<p>Thanks for your order</p>${iff({ type: 'list', list_id: vip }, '<p>Nested VIP</p>')}`),
    iff({ type: 'segment', segment_id: segment }, '<p>Segment of Adas</p>'),
    iff({ type: 'list', list_id: vip }, '<p>VIP lounge</p>'),
  ].join('');
  return { ...audience, key, content, vip, segment };
}

/** Content with this many different conditions, each its own block. */
const conditions = (count: number) => Array.from({ length: count }, (_, index) => iff({ type: 'field', field: 'email', key: '', op: 'contains', value: `@shop${index}.example` }, `<p>${index}</p>`)).join('');
/** Content with conditional blocks nested this deep. */
const nested = (depth: number) => Array.from({ length: depth }).reduce<string>((inner) => iff({ type: 'field', field: 'first_name', key: '', op: 'equals', value: 'Ada' }, inner), '<p>deep</p>');

const shown = (html: string) => ['Pro corner', 'We miss you', 'Thanks for your order', 'Nested VIP', 'Segment of Adas', 'VIP lounge'].filter((text) => html.includes(text));

/** The campaign made from the content, sent to the list's two people by the engine. */
async function sentToBoth(cookie: string, list: string, content: string) {
  const campaign = (await call('POST', CAMPAIGNS, cookie, draft(list, { content_html: content }))).json().payload.campaign;
  expect((await call('POST', `${CAMPAIGNS}/${campaign.id}/send`, cookie)).statusCode).toBe(200);
  const sender = await engine(accounts);
  try {
    expect(await sender.run()).toBe(2);
  } finally {
    await sender.close();
  }
  return campaign;
}

/** The mail's tracked link to `target`. */
const trackedLink = (html: string, target: string) =>
  [...html.matchAll(/href="([^"]*\/t\/c\/[^"]+)"/g)].map((match) => new URL(match[1]!.replaceAll('&#38;', '&').replaceAll('&amp;', '&'))).find((url) => url.searchParams.get('u') === target)!;

describe('content blocks', () => {
  it('send each person their own products and only the blocks they match, and attribute product clicks and orders to the block', async () => {
    const { customer, list, ada, nameless, content, key } = await shop();
    const campaign = await sentToBoth(customer.cookie, list, content);
    const adaMail = await accounts.smtp.waitForMessage(ada);
    const otherMail = await accounts.smtp.waitForMessage(nameless);
    expect(adaMail.html).toContain('The teapot');
    expect(adaMail.html).not.toContain('The lantern');
    expect(adaMail.html).toContain('<img src="https://cdn.shop.example/teapot.jpg" width="168" height="168" alt="The teapot"');
    expect(adaMail.html).toContain('€15.00');
    expect(otherMail.html).toContain('The lantern');
    expect(otherMail.html).not.toContain('The teapot');
    // Never a product the person already bought, and the editor's placeholder never reaches anyone.
    expect(adaMail.html).not.toContain('The kettle');
    expect(adaMail.html).not.toContain('filled in for each person');
    expect(shown(adaMail.html)).toEqual(['Pro corner', 'Thanks for your order', 'Segment of Adas']);
    expect(shown(otherMail.html)).toEqual(['We miss you', 'VIP lounge']);
    expect(adaMail.text).toContain('The teapot');
    expect(adaMail.text).not.toContain('VIP lounge');
    expect(adaMail.html).not.toContain('data-postlark');

    // The product's links carry the block's own link number, signed like every tracked link.
    const teapot = trackedLink(adaMail.html, 'https://shop.example/p/teapot');
    expect(teapot.pathname.split('/').at(-1)!.split('.')[1]).toBe(RECOMMENDED_LINK.toString(36));
    accounts.advance(10 * 60_000);
    expect((await get(teapot.href)).statusCode).toBe(302);

    // Ada orders the next day (attributed), and again ten days later (outside the window); the other never clicked.
    await accounts.advanceInUse(DAY_MS, customer.cookie);
    await callWithKey(accounts, key, 'POST', 'events', { events: [order(ada, 'a2', accounts.now(), ['teapot'], 42.5), order(nameless, 'n2', accounts.now(), ['lantern'], 99)] });
    await accounts.advanceInUse(10 * DAY_MS, customer.cookie);
    await callWithKey(accounts, key, 'POST', 'events', { events: [order(ada, 'a3', accounts.now(), ['lantern'], 7)] });
    const report = await eventually(async () => {
      const answer = (await call('GET', `${CAMPAIGNS}/${campaign.id}/report`, customer.cookie)).json().payload.report;
      return answer.blocks?.[0]?.clicks === 1 ? answer : undefined;
    }, { what: 'the product click written', timeoutMs: 30_000 });
    expect(report.blocks).toEqual([{ block: 'recommendations', clicks: 1, unique_clicks: 1, orders: 1, revenue: 42.5, currency: 'EUR' }]);
    expect(report.links).toEqual([{ url: BLOCK_MESSAGES.recommendedProducts, clicks: 1, unique_clicks: 1 }]);
  });

  it('credits an order to the block when any product click came less than the attribution window before it, not only the first', async () => {
    const { customer, list, ada, content, key } = await shop();
    const campaign = await sentToBoth(customer.cookie, list, content);
    const adaMail = await accounts.smtp.waitForMessage(ada);
    const teapot = trackedLink(adaMail.html, 'https://shop.example/p/teapot');
    const report = async (clicks: number) =>
      eventually(async () => {
        const answer = (await call('GET', `${CAMPAIGNS}/${campaign.id}/report`, customer.cookie)).json().payload.report;
        return answer.blocks?.[0]?.clicks === clicks ? answer : undefined;
      }, { what: `${clicks} product clicks written`, timeoutMs: 30_000 });
    // Ada clicks on day 0 and again on day 4, and orders on day 7: within the window of her second click only.
    accounts.advance(10 * 60_000);
    expect((await get(teapot.href)).statusCode).toBe(302);
    await report(1);
    await accounts.advanceInUse(4 * DAY_MS, customer.cookie);
    expect((await get(teapot.href)).statusCode).toBe(302);
    await report(2);
    await accounts.advanceInUse(3 * DAY_MS, customer.cookie);
    await callWithKey(accounts, key, 'POST', 'events', { events: [order(ada, 'late', accounts.now(), ['teapot'], 42.5)] });
    // And again the full window after that second click: no click came less than the window before it.
    await accounts.advanceInUse((BLOCK_ATTRIBUTION_DAYS - 3) * DAY_MS, customer.cookie);
    await callWithKey(accounts, key, 'POST', 'events', { events: [order(ada, 'later', accounts.now(), ['lantern'], 7)] });
    expect((await report(2)).blocks).toEqual([{ block: 'recommendations', clicks: 2, unique_clicks: 1, orders: 1, revenue: 42.5, currency: 'EUR' }]);
  });

  it('preview as each person shows exactly what they get; another account’s subscriber is not found', async () => {
    const { customer, ids, ada, nameless, content } = await shop();
    const preview = (subscriber_id?: string) => call('POST', 'campaigns/v1/preview', customer.cookie, { subject: 'Hi {{ first_name | default: "there" }}', preheader: '', content_html: content, content_text: null, ...(subscriber_id && { subscriber_id }) });
    const asAda = (await preview(ids[ada])).json().payload;
    expect(asAda.subject).toBe('Hi Ada');
    expect(asAda.html).toContain('The teapot');
    expect(shown(asAda.html)).toEqual(['Pro corner', 'Thanks for your order', 'Segment of Adas']);
    const asOther = (await preview(ids[nameless])).json().payload;
    expect(asOther.html).toContain('The lantern');
    expect(shown(asOther.html)).toEqual(['We miss you', 'VIP lounge']);
    expect(asOther.problems).toEqual({});
    // The sample reader matches no condition.
    expect(shown((await preview()).json().payload.html)).toEqual([]);

    const stranger = await accounts.signedInCustomer();
    const refused = await call('POST', 'campaigns/v1/preview', stranger.cookie, { subject: 'x', preheader: '', content_html: '<p>x</p>', content_text: null, subscriber_id: ids[ada] });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().payload.message).toBe(BLOCK_MESSAGES.subscriberNotFound);
    expect((await preview('not-a-uuid')).statusCode).toBe(400);
  });

  it('refuses a block or condition that cannot be read with a 400 naming the content, on save, preview and send', async () => {
    const { customer, list, segment, ids, ada } = await shop();
    const stranger = await shop();
    const save = (content_html: string) => call('POST', CAMPAIGNS, customer.cookie, draft(list, { content_html }));
    const cases: [string, string][] = [
      ['<div data-postlark-block="carousel"></div>', BLOCK_MESSAGES.blockUnknown('carousel')],
      ['<div data-postlark-block="recommendations" data-count="9"></div>', BLOCK_MESSAGES.countInvalid],
      ['<div data-postlark-block="recommendations" data-layout="stack"></div>', BLOCK_MESSAGES.layoutInvalid],
      ['<div data-postlark-if="%7Bnot json">x</div>', BLOCK_MESSAGES.conditionInvalid],
      [iff({ type: 'event', name: 'order_placed', days: 0 } as BlockCondition, 'x'), BLOCK_MESSAGES.conditionInvalid],
      ['<div data-postlark-if="' + encodeCondition({ type: 'list', list_id: list }) + '"><p>never closed', BLOCK_MESSAGES.notClosed],
      [iff({ type: 'segment', segment_id: stranger.segment }, 'x'), BLOCK_MESSAGES.segmentNotYours],
      [iff({ type: 'list', list_id: stranger.vip }, 'x'), BLOCK_MESSAGES.listNotYours],
      [conditions(BLOCK_LIMITS.conditions + 1), BLOCK_MESSAGES.tooManyConditions],
      [nested(BLOCK_LIMITS.depth + 1), BLOCK_MESSAGES.nestedTooDeep],
    ];
    for (const [html, message] of cases) {
      const refused = await save(html);
      expect(refused.statusCode, html).toBe(400);
      expect(refused.json().payload).toMatchObject({ message, errors: { content_html: message } });
    }
    // Up to the limits is fine.
    for (const html of [conditions(BLOCK_LIMITS.conditions), nested(BLOCK_LIMITS.depth)]) expect((await save(html)).statusCode).toBe(201);
    const good = (await save(iff({ type: 'segment', segment_id: segment }, '<p>x</p>'))).json().payload.campaign;
    const patched = await call('PATCH', `${CAMPAIGNS}/${good.id}`, customer.cookie, { content_html: '<div data-postlark-block="carousel"></div>' });
    expect(patched.statusCode).toBe(400);
    expect(patched.json().payload.errors.content_html).toBe(BLOCK_MESSAGES.blockUnknown('carousel'));

    // The preview shows the problem beside the content instead of failing.
    const preview = await call('POST', 'campaigns/v1/preview', customer.cookie, { subject: 's', preheader: '', content_html: '<div data-postlark-block="recommendations" data-count="0"></div><p>Body</p>', content_text: null });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().payload.problems.content_html[0].message).toBe(BLOCK_MESSAGES.countInvalid);
    expect(preview.json().payload.html).toContain('Body');
    // So does a segment or list that is not the customer's own, as saving refuses it, "Preview as" someone too.
    const asAda = (content_html: string) => call('POST', 'campaigns/v1/preview', customer.cookie, { subject: 's', preheader: '', content_html, content_text: null, subscriber_id: ids[ada] });
    for (const [html, message] of [
      [iff({ type: 'segment', segment_id: stranger.segment }, '<p>Segment part</p>'), BLOCK_MESSAGES.segmentNotYours],
      [iff({ type: 'list', list_id: stranger.vip }, '<p>List part</p>'), BLOCK_MESSAGES.listNotYours],
      [conditions(BLOCK_LIMITS.conditions + 1), BLOCK_MESSAGES.tooManyConditions],
    ] as const) {
      const shownAs = await asAda(`${html}<p>Body</p>`);
      expect(shownAs.statusCode).toBe(200);
      expect(shownAs.json().payload.problems.content_html[0].message).toBe(message);
      expect(shownAs.json().payload.html).toContain('Body');
    }

    // Content stored before (or around) the check is refused again when sent.
    for (const [html, message] of [
      ['<div data-postlark-if="garbage">x</div>', BLOCK_MESSAGES.conditionInvalid],
      [conditions(BLOCK_LIMITS.conditions + 1), BLOCK_MESSAGES.tooManyConditions],
    ] as const) {
      await rawQuery(accounts.database.db, 'update campaigns set content_html = $1 where id = $2::uuid', [html, good.id]);
      const send = await call('POST', `${CAMPAIGNS}/${good.id}/send`, customer.cookie);
      expect(send.statusCode).toBe(400);
      expect(send.json().payload.errors.content_html).toBe(message);
      const test = await call('POST', `${CAMPAIGNS}/${good.id}/test`, customer.cookie, { recipients: ['news@lark.example'] });
      expect(test.statusCode).toBe(400);
      expect(test.json().payload.errors.content_html).toBe(message);
    }
  });

  it('fill an automation email per person too: an order starts the flow, each buyer gets products that go with theirs', async () => {
    const customer = await flowCustomer(accounts);
    const ada = personEmail('ada');
    const bo = personEmail('bo');
    await customer.subscriber(ada, { first_name: 'Ada', attributes: { plan: 'pro' } });
    await customer.subscriber(bo, { first_name: 'Bo' });
    for (const product of PRODUCTS) expect((await callWithKey(accounts, customer.key, 'PUT', `products/${product.id}`, product.body)).statusCode).toBe(201);
    const daysAgo = (days: number) => new Date(accounts.now().getTime() - days * DAY_MS);
    await customer.events([
      order(personEmail('s'), 'f1', daysAgo(20), ['kettle', 'teapot']),
      order(personEmail('s'), 'f2', daysAgo(18), ['kettle', 'teapot']),
      order(personEmail('s'), 'f3', daysAgo(16), ['tent', 'lantern']),
      order(personEmail('s'), 'f4', daysAgo(14), ['tent', 'lantern']),
    ]);
    await customer.activeFlow('Thanks', {
      trigger: { type: 'event', event: 'order_placed', filters: [] },
      start: 'thanks',
      steps: [
        emailStep('thanks', null, {
          content_html: `<p>Thanks {{ first_name }}</p><div data-postlark-block="recommendations" data-count="1" data-layout="list"></div>${iff({ type: 'field', field: 'attribute', key: 'plan', op: 'equals', value: 'pro' }, '<p>Pro corner</p>')}`,
        }),
      ],
    });
    // A block that cannot be read, or too many conditions, keeps a flow from going live, naming the step's content.
    for (const [content_html, message] of [
      ['<div data-postlark-block="carousel"></div>', BLOCK_MESSAGES.blockUnknown('carousel')],
      [conditions(BLOCK_LIMITS.conditions + 1), BLOCK_MESSAGES.tooManyConditions],
    ] as const) {
      const broken = await accounts.call('POST', 'automations/v1/flows', customer.cookie, {
        name: `Broken ${message.length}`,
        definition: { trigger: { type: 'event', event: 'order_placed', filters: [] }, start: 'x', steps: [emailStep('x', null, { content_html })] },
      });
      const refused = await accounts.call('POST', `automations/v1/flows/${broken.json().payload.flow.id}/activate`, customer.cookie);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().payload.errors['steps.0.content_html']).toBe(message);
    }
    await customer.events([order(ada, 'fa', accounts.now(), ['kettle']), order(bo, 'fb', accounts.now(), ['tent'])]);
    await flows.drain();
    const adaMail = await accounts.smtp.waitForMessage(ada);
    const boMail = await accounts.smtp.waitForMessage(bo);
    expect(adaMail.html).toContain('The teapot');
    expect(adaMail.html).toContain('width="96" height="96"');
    expect(adaMail.html).toContain('Pro corner');
    expect(boMail.html).toContain('The lantern');
    expect(boMail.html).not.toContain('The teapot');
    expect(boMail.html).not.toContain('Pro corner');
  });
});
