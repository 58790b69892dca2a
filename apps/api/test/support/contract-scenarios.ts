import type { Response } from 'light-my-request';
import { expect } from 'vitest';
import { draft, FROM_EMAIL } from './campaigns';
import { asForm } from './media';

// What each documented operation of the public API needs to answer its success: the ids in its
// path (made first through the API itself where the call consumes them) and, where the document's
// example cannot know them, the fixture's own ids or addresses put into the example's body.

export interface World {
  /** A key of a customer with a list of three (two active) and FROM_EMAIL confirmed (customerWithAudience). */
  key: string;
  list: string;
  subscriber: string;
  /** A product of the catalogue whose image_url the test serves on loopback. */
  productWithImage: string;
  call(method: string, path: string, body?: unknown): Promise<Response>;
}

type Body = Record<string, unknown>;

export interface Scenario {
  /** The answer this call must get: one of those the document lists. */
  status: number;
  /** Runs for a customer of its own: what other calls did to the shared one would change its answer. */
  alone?: true;
  params?: (world: World) => Promise<Record<string, string>>;
  body?: (example: Body, world: World) => Body;
}

let made = 0;
/** A name no earlier call of this file used. */
const fresh = (what: string) => `${what}-${(made += 1)}`;

async function created(world: World, method: string, path: string, body: unknown, pick: (payload: Body) => unknown): Promise<string> {
  const answer = await world.call(method, path, body);
  expect(answer.statusCode, `${method} ${path}: ${answer.body}`).toBeLessThan(300);
  return pick(answer.json().payload) as string;
}

const subscriber = (world: World) => created(world, 'POST', '/v1/subscribers', { email: `${fresh('person')}@example.com` }, (p) => (p.subscriber as Body).id);
const list = (world: World) => created(world, 'POST', '/v1/lists', { name: fresh('List') }, (p) => (p.list as Body).id);
const sender = (world: World) => created(world, 'POST', '/v1/senders', { email: `${fresh('desk')}@example.com` }, (p) => (p.sender as Body).id);
const domain = (world: World) => created(world, 'POST', '/v1/sending-domains', { domain: `${fresh('mail')}.example.com` }, (p) => (p.domain as Body).id);
const product = async (world: World) => {
  const id = fresh('sku');
  await created(world, 'PUT', `/v1/products/${id}`, { title: 'Lark mug' }, (p) => p);
  return id;
};

const ownTemplate = (world: World) => created(world, 'POST', '/v1/templates', { name: fresh('Template'), content_html: '<p>Hello</p>' }, (p) => p.id);

type CampaignState = 'draft' | 'scheduled' | 'sending' | 'paused';
const SCHEDULE = { send_at: '2026-12-01T09:00', timezone: 'Europe/London' };

/** A complete campaign to the fixture's list, brought to `state` through the API. */
async function campaign(world: World, state: CampaignState = 'draft'): Promise<string> {
  const id = await created(world, 'POST', '/v1/campaigns', draft(world.list, { name: fresh('Campaign') }), (p) => (p.campaign as Body).id);
  const steps: Record<CampaignState, [string, unknown?][]> = {
    draft: [],
    scheduled: [['schedule', SCHEDULE]],
    sending: [['send']],
    paused: [['send'], ['pause']],
  };
  for (const [action, body] of steps[state]) await created(world, 'POST', `/v1/campaigns/${id}/${action}`, body, (p) => p);
  return id;
}

const image = (world: World) => created(world, 'POST', '/v1/media', asForm({ file: `${fresh('picture')}.png`, alt: 'A picture' }), (p) => p.id);

const ids = (make: (world: World) => Promise<string>) => async (world: World) => ({ id: await make(world) });
const own = (pick: (world: World) => string) => async (world: World) => ({ id: pick(world) });

export const SCENARIOS: Record<string, Scenario> = {
  'GET /v1/subscribers': { status: 200 },
  'POST /v1/subscribers': { status: 201 },
  'GET /v1/subscribers/{id}': { status: 200, params: own((world) => world.subscriber) },
  'PATCH /v1/subscribers/{id}': { status: 200, params: own((world) => world.subscriber) },
  'DELETE /v1/subscribers/{id}': { status: 200, params: ids(subscriber) },
  'GET /v1/lists': { status: 200 },
  'POST /v1/lists': { status: 201 },
  'GET /v1/lists/{id}': { status: 200, params: own((world) => world.list) },
  'PATCH /v1/lists/{id}': { status: 200, params: ids(list) },
  'DELETE /v1/lists/{id}': { status: 200, params: ids(list) },
  'POST /v1/lists/{id}/subscribe': { status: 202, params: ids(list) },
  'GET /v1/products': { status: 200 },
  'POST /v1/products': { status: 200 },
  'PUT /v1/products/{id}': { status: 201, params: async () => ({ id: fresh('sku/new') }) },
  'GET /v1/products/{id}': { status: 200, params: ids(product) },
  'DELETE /v1/products/{id}': { status: 200, params: ids(product) },
  'POST /v1/events': { status: 202 },
  'GET /v1/subscribers/{id}/events': { status: 200, params: own((world) => world.subscriber) },
  'GET /v1/subscribers/{id}/recommendations': { status: 200, params: own((world) => world.subscriber) },
  // One refresh runs at a time per account, and new orders (POST /v1/events) start one of their own.
  'POST /v1/insights/refresh': { status: 202, alone: true },
  'GET /v1/insights/refresh/{id}': { status: 200, alone: true, params: ids((world) => created(world, 'POST', '/v1/insights/refresh', {}, (p) => p.id)) },
  'GET /v1/senders': { status: 200 },
  'POST /v1/senders': { status: 201 },
  'DELETE /v1/senders/{id}': { status: 200, params: ids(sender) },
  'GET /v1/sending-domains': { status: 200 },
  'POST /v1/sending-domains': { status: 201 },
  'GET /v1/sending-domains/{id}': { status: 200, params: ids(domain) },
  'DELETE /v1/sending-domains/{id}': { status: 200, params: ids(domain) },
  'POST /v1/sending-domains/{id}/check': { status: 200, params: ids(domain) },
  'GET /v1/campaigns': { status: 200 },
  'POST /v1/campaigns': { status: 201 },
  'GET /v1/campaigns/{id}': { status: 200, params: ids(campaign) },
  'PATCH /v1/campaigns/{id}': { status: 200, params: ids(campaign) },
  // A test goes only to the customer's own confirmed addresses: the example's stands for one.
  'POST /v1/campaigns/{id}/test': { status: 200, params: ids(campaign), body: (example) => ({ ...example, recipients: [FROM_EMAIL] }) },
  'POST /v1/campaigns/{id}/checks': { status: 200, params: ids(campaign) },
  'POST /v1/campaigns/{id}/schedule': { status: 200, params: ids(campaign) },
  'POST /v1/campaigns/{id}/unschedule': { status: 200, params: ids((world) => campaign(world, 'scheduled')) },
  'POST /v1/campaigns/{id}/send': { status: 200, params: ids(campaign) },
  'POST /v1/campaigns/{id}/pause': { status: 200, params: ids((world) => campaign(world, 'sending')) },
  'POST /v1/campaigns/{id}/resume': { status: 200, params: ids((world) => campaign(world, 'paused')) },
  'POST /v1/campaigns/{id}/cancel': { status: 200, params: ids((world) => campaign(world, 'scheduled')) },
  'GET /v1/campaigns/{id}/report': { status: 200, params: ids((world) => campaign(world, 'sending')) },
  'GET /v1/templates': { status: 200 },
  'POST /v1/templates': { status: 201 },
  'DELETE /v1/templates/{id}': { status: 200, params: ids(ownTemplate) },
  'GET /v1/media': { status: 200 },
  'POST /v1/media': { status: 201 },
  'GET /v1/media/{id}': { status: 200, params: ids(image) },
  'PATCH /v1/media/{id}': { status: 200, params: ids(image) },
  'DELETE /v1/media/{id}': { status: 200, params: ids(image) },
  'GET /v1/media/{id}/usage': { status: 200, params: ids(image) },
  'POST /v1/media/from-product': { status: 201, body: (example, world) => ({ ...example, product_id: world.productWithImage }) },
};
