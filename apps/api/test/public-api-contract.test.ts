import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenApiDocument, openApiDocument } from '../src/modules/public-api/openapi';
import { APP_URL } from './support/accounts';
import { useAccountsApp } from './support/accounts-app';
import { apiKeyFor } from './support/api-keys';
import { customerWithAudience } from './support/campaigns';
import { SCENARIOS, type World } from './support/contract-scenarios';
import { startTestDnsServer } from './support/dns-server';
import { testDkimKey } from './support/dkim-key';
import { asForm, FormBody, multipartBody, solid } from './support/media';
import { openApiValidator, type Operation, operationsOf } from './support/openapi-validator';

// The public API against its own OpenAPI document: every documented operation is called with a
// valid key and the document's example, and must answer a status the document lists with a body
// its schema for that status accepts; a body missing a required field gets a documented 4xx; and
// the routes Fastify registered under /api/v1 are exactly the documented ones.

// The platform signs for lark.example, so the fixture's confirmed From may send; sending domains
// are looked up on a DNS server on loopback that knows none of them.
const dkim = testDkimKey().settings;
const dns = await startTestDnsServer();
afterAll(() => dns.stop());
// A shop's image server, for a catalogue product's image (POST /v1/media/from-product).
const productPicture = await solid(300, 200, '#c2b280').png().toBuffer();
const shop = createServer((_request, response) => response.writeHead(200, { 'content-type': 'image/png' }).end(productPicture));
await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise((resolve) => shop.close(resolve)));
const shopImage = `http://127.0.0.1:${(shop.address() as AddressInfo).port}/mug.png`;
// Each operation is also called once without a key, all from one client: more than its default budget.
const accounts = useAccountsApp({
  DKIM_DOMAIN: dkim.domainName,
  DKIM_SELECTOR: dkim.keySelector,
  DKIM_PRIVATE_KEY: dkim.privateKey,
  DNS_SERVERS: dns.servers.join(','),
  UNAUTHENTICATED_REQUESTS_PER_MINUTE: '1000',
  // The shop's image server above is on loopback.
  WEBHOOKS_ALLOW_LOCAL: 'true',
});

// The operations are listed when the file is collected (one test each); the tests read the served document.
const OPERATIONS = operationsOf(openApiDocument(APP_URL));
let document: OpenApiDocument;
let validator: ReturnType<typeof openApiValidator>;
let world: World;

async function call(key: string | undefined, method: string, path: string, body?: unknown) {
  // A form's fields go as multipart/form-data, its `file` an image (support/media.ts).
  const form = body instanceof FormBody ? multipartBody(await body.parts()) : undefined;
  return accounts.app.inject({
    method: method.toUpperCase() as 'GET',
    url: `/api${path}`,
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...(form ? { 'content-type': form.contentType } : {}) },
    ...(form ? { payload: form.body } : body === undefined ? {} : { payload: body as object }),
  });
}

/** The operation's request body as documented: its schema, example, and how it is sent. */
function requested(operation: Operation) {
  const content = operation.requestBody?.content;
  const form = content?.['multipart/form-data'];
  const documented = form ?? content?.['application/json'];
  return documented && { ...documented, send: (fields: unknown) => (form ? asForm(fields as Record<string, unknown>) : fields) };
}

/** A customer with a list of three and a confirmed From (customerWithAudience), and a key of theirs. */
async function newWorld(): Promise<World> {
  const audience = await customerWithAudience(accounts);
  const key = await apiKeyFor(accounts, audience.customer.cookie);
  const product = await call(key, 'PUT', '/v1/products/mug-with-picture', { title: 'Lark mug', image_url: shopImage });
  expect(product.statusCode, product.body).toBe(201);
  return { key, list: audience.list, subscriber: audience.ids[audience.ada]!, productWithImage: 'mug-with-picture', call: (method, path, body) => call(key, method, path, body) };
}

beforeAll(async () => {
  const served = await accounts.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
  expect(served.statusCode).toBe(200);
  document = served.json();
  validator = openApiValidator(document);
  world = await newWorld();
});

const operationOf = (method: string, path: string) => document.paths[path]![method] as Operation;
const fill = (path: string, params: Record<string, string>) => path.replace(/\{(\w+)\}/g, (_whole, name: string) => encodeURIComponent(params[name]!));

/** The answer is one the operation documents, and its body fits the documented schema for it. */
function expectDocumented(name: string, operation: Operation, answer: { statusCode: number; body: string; json(): unknown }) {
  const documented = operation.responses[String(answer.statusCode)];
  expect(documented, `${name} answered ${answer.statusCode}, which the document does not list: ${answer.body}`).toBeDefined();
  expect(validator.problems(documented!.content['application/json'].schema, answer.json()), `${name} ${answer.statusCode}: ${answer.body.slice(0, 2000)}`).toEqual([]);
}

describe('the public API answers what its OpenAPI document says', () => {
  it('serves the document the route table draws, with a scenario for each of its operations', () => {
    expect(document).toEqual(JSON.parse(JSON.stringify(openApiDocument(APP_URL))));
    expect(Object.keys(SCENARIOS).sort()).toEqual(OPERATIONS.map((entry) => entry.name).sort());
    // The key is checked and counted before anything else, so every call may get either.
    for (const { name, method, path } of OPERATIONS) expect(Object.keys(operationOf(method, path).responses), name).toEqual(expect.arrayContaining(['401', '429']));
  });

  for (const { name, method, path } of OPERATIONS) {
    it(`${name}: the documented request gets a documented answer`, async () => {
      const operation = operationOf(method, path);
      const scenario = SCENARIOS[name]!;
      const request = requested(operation);
      const example = request?.example as Record<string, unknown> | undefined;
      if (request) {
        expect(example, `${name} documents no example body`).toBeDefined();
        // The example is one the document itself accepts.
        expect(validator.problems(request.schema, example)).toEqual([]);
      }
      const caller = scenario.alone ? await newWorld() : world;
      const params = scenario.params ? await scenario.params(caller) : {};
      const fields = example && scenario.body ? scenario.body(example, caller) : example;
      const body = request && fields !== undefined ? request.send(fields) : fields;
      const answer = await caller.call(method, fill(path, params), body);
      expectDocumented(name, operation, answer);
      expect(answer.statusCode, answer.body).toBe(scenario.status);

      // Without a key: a documented 401, whatever the call.
      const anonymous = await call(undefined, method, fill(path, params), body);
      expect(anonymous.statusCode).toBe(401);
      expectDocumented(name, operation, anonymous);
    });
  }

  for (const { name, method, path } of OPERATIONS) {
    const operation = (openApiDocument(APP_URL).paths[path]![method] as Operation).requestBody;
    if (!operation) continue;
    it(`${name}: a body missing a required field, or with one the schema does not have, gets a documented 400`, async () => {
      const { schema, example, send } = requested(operationOf(method, path))!;
      const { required = [] } = validator.resolve(schema);
      const scenario = SCENARIOS[name]!;
      const caller = scenario.alone ? await newWorld() : world;
      const params = scenario.params ? await scenario.params(caller) : {};
      const bad: Record<string, unknown>[] = [{ ...(example as object), not_a_field: true }];
      for (const field of required) bad.push(Object.fromEntries(Object.entries(example as object).filter(([key]) => key !== field)));
      for (const body of bad) {
        const answer = await caller.call(method, fill(path, params), send(body));
        expect(answer.statusCode, `${name} ${JSON.stringify(body).slice(0, 200)}: ${answer.body}`).toBe(400);
        expectDocumented(name, operationOf(method, path), answer);
      }
    });
  }

  it('documents every route registered under /api/v1, and registers every documented one', () => {
    const registered = registeredRoutes(accounts.app.printRoutes())
      .filter((route) => route.path.startsWith('/api/v1/'))
      .map((route) => `${route.method} ${route.path.slice('/api'.length)}`);
    // Fastify's :name is OpenAPI's {name}; the product id is the rest of the address (a wildcard).
    const asDocumented = registered.map((route) => route.replace(/:(\w+)/g, '{$1}').replace(/\/\*$/, '/{id}'));
    expect([...new Set(asDocumented)].sort()).toEqual(OPERATIONS.map((entry) => entry.name).sort());
  });
});

/** The routes in Fastify's printRoutes() tree: each line one segment, its depth the column of its branch. */
function registeredRoutes(tree: string): { method: string; path: string }[] {
  const segments: string[] = [];
  const routes: { method: string; path: string }[] = [];
  for (const line of tree.split('\n')) {
    const branch = line.search(/[├└]── /);
    if (branch < 0) continue;
    const depth = branch / 4;
    const text = line.slice(branch + 4);
    const methods = /^(.*) \(([A-Z, ]+)\)$/.exec(text);
    segments.length = depth;
    segments.push(methods ? methods[1]! : text);
    // HEAD is Fastify's own twin of every GET, never registered on its own here.
    for (const method of methods?.[2]!.split(', ') ?? []) if (method !== 'HEAD') routes.push({ method, path: segments.join('') });
  }
  return routes;
}
