import { randomUUID } from 'node:crypto';
import { GENERIC_MESSAGES } from '@postlark/shared/messages';
import { requestSchemas, stringFieldInputs, WORST_CASE_STRINGS } from '@postlark/shared/testing/string-field-inputs';
import { describe, expect, it } from 'vitest';
import { STRONG_PASSWORD } from './support/accounts';
import { useAccountsApp } from './support/accounts-app';
import { customerWithAudience } from './support/campaigns';

// Every route the app has, signed in and with an API key, fed what a careless client or a prober
// sends: broken JSON, the wrong types, ids that are not ids, a query that does not decode. Each
// must answer with a client error (or success), never a 5xx or a stack trace.

const accounts = useAccountsApp({ API_REQUESTS_PER_MINUTE: '100000', WAITLIST_LIMIT_PER_MINUTE: '100000', FORM_SIGNUP_LIMIT_PER_MINUTE: '100000' });

interface Route {
  method: string;
  path: string;
}

/** The route table, read from Fastify's printed tree (one line a path; children indented under their parent). */
function routesOf(printed: string): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of printed.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const [, indent = '', segment = '', methods] = match;
    const depth = indent.length / 4;
    stack.length = depth;
    stack.push(segment);
    if (!methods) continue;
    for (const method of methods.split(', ')) if (method !== 'HEAD') routes.push({ method, path: stack.join('') });
  }
  return routes;
}

const WRONG_TYPES = {
  email: 5,
  name: [],
  first_name: { a: 1 },
  list_ids: 'x',
  status: {},
  definition: 7,
  content_html: 5,
  subject: null,
  password: null,
  page: 'x',
  token: ['a'],
};

const NESTED = { a: { b: { c: [1, 2, { d: null, e: 'x'.repeat(1_000) }] } } };

type Body = { payload: string; contentType: string };
const json = (value: unknown): Body => ({ payload: JSON.stringify(value), contentType: 'application/json' });
const BODIES: Body[] = [
  { payload: '{"email": "a@b.c",', contentType: 'application/json' },
  { payload: 'not json at all', contentType: 'text/plain' },
  json({}),
  json([]),
  json(null),
  json('text'),
  json(42),
  json(WRONG_TYPES),
  json(NESTED),
];

const BAD_QUERY = '?page=abc&limit=-5&q=%ZZ&sort=;drop&status=nope&list_id=zz&since=yesterday&u=javascript:alert(1)';
// What PostgreSQL cannot hold: a NUL in text, and years outside its timestamps.
const UNSTORABLE_QUERY = '?q=a%00b&from=0000-01-01T00:00:00Z&to=0000-01-20T00:00:00Z&since=0000-01-01T00:00:00Z';

describe('bad input on every route', () => {
  it('answers a client error or success, never a 5xx or a stack trace', async () => {
    const { customer, list } = await customerWithAudience(accounts);
    const created = await accounts.call('POST', 'home/v1/api-keys', customer.cookie, { name: 'Sweep', current_password: STRONG_PASSWORD });
    expect(created.statusCode).toBe(201);
    // The public API takes its key; every other route the dashboard's session.
    const bearer = { authorization: `Bearer ${created.json().payload.key as string}` };
    const session = { cookie: customer.cookie };

    const routes = routesOf(accounts.app.printRoutes({ commonPrefix: false }));
    // The sweep must see the whole app, not a tree it failed to read.
    expect(routes.length).toBeGreaterThan(80);

    const failures: string[] = [];
    for (const route of routes) {
      // Signing out would end the session every later request of the sweep relies on.
      if (route.path === '/api/authentication/v1/session' && route.method === 'DELETE') continue;
      for (const id of [randomUUID(), "not-an-id'\"", list]) {
        const path = route.path.replace(':customerId', customer.customerId).replace(/:[A-Za-z]+/g, encodeURIComponent(id));
        const attempts: { url: string; body?: Body }[] = [{ url: path }, { url: `${path}${BAD_QUERY}` }, { url: `${path}${UNSTORABLE_QUERY}` }];
        if (route.method !== 'GET') for (const body of BODIES) attempts.push({ url: path, body });
        for (const attempt of attempts) {
          const response = await accounts.app.inject({
            method: route.method as 'GET',
            url: attempt.url,
            headers: { ...(route.path.startsWith('/api/v1/') ? bearer : session), ...(attempt.body && { 'content-type': attempt.body.contentType }) },
            ...(attempt.body && { payload: attempt.body.payload }),
          });
          const leaked = /\n[^\S\n]+at [^\n]+:\d+:\d+/.test(response.body);
          if (response.statusCode >= 500 || leaked) {
            failures.push(`${route.method} ${attempt.url} ${attempt.body?.payload.slice(0, 40) ?? ''} → ${response.statusCode} ${response.body.slice(0, 120)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    // Thousands of requests, more with every route: a budget far above what a busy machine needs, not a timing assertion.
  }, 300_000);

  it('answers a megabyte of the worst case for each pattern, in each string field a route reads, with a client error', async () => {
    // Issue 18: a quadratic pattern (or one run after a failed length check) held the server for
    // minutes on such input. Each field of every request schema, in every route that reads it.
    const { customer, list } = await customerWithAudience(accounts);
    const created = await accounts.call('POST', 'home/v1/api-keys', customer.cookie, { name: 'Sweep', current_password: STRONG_PASSWORD });
    const bearer = { authorization: `Bearer ${created.json().payload.key as string}` };
    // Each schema's bodies with a marker in one string field (JSON, so bodies alike are sent once), by field path.
    const MARKER = '\u0000';
    const bodies = new Map<string, string>();
    for (const [, schema] of requestSchemas()) {
      for (const { path, input } of stringFieldInputs(schema, MARKER)) bodies.set(JSON.stringify(input), path);
    }
    const fieldsOf = (template: string) => Object.keys(JSON.parse(template) as object);
    const everyField = [...new Set([...bodies.keys()].flatMap(fieldsOf))];

    const failures: string[] = [];
    let sent = 0;
    for (const route of routesOf(accounts.app.printRoutes({ commonPrefix: false }))) {
      if (route.method === 'GET' || (route.path === '/api/authentication/v1/session' && route.method === 'DELETE')) continue;
      const url = route.path.replace(':customerId', customer.customerId).replace(/:[A-Za-z]+/g, list);
      const send = (payload: string) =>
        accounts.app.inject({ method: route.method as 'POST', url, headers: { ...(route.path.startsWith('/api/v1/') ? bearer : { cookie: customer.cookie }), 'content-type': 'application/json' }, payload });
      // Which fields the route reads: each one given the wrong type is named by its own message.
      const probe = await send(JSON.stringify(Object.fromEntries(everyField.map((field) => [field, 5]))));
      const errors = String(probe.headers['content-type']).includes('json') ? ((probe.json() as { payload?: { errors?: Record<string, string> } }).payload?.errors ?? {}) : {};
      const read = new Set(Object.entries(errors).flatMap(([key, message]) => (message === GENERIC_MESSAGES.unknownField(key) ? [] : [key.split('.')[0]!])));
      for (const [template, path] of bodies) {
        // The route's own schema's bodies: every field of the body is one the route reads.
        if (!fieldsOf(template).every((field) => read.has(field))) continue;
        for (const [attack, text] of Object.entries(WORST_CASE_STRINGS)) {
          const response = await send(template.replace(JSON.stringify(MARKER), () => JSON.stringify(text)));
          sent += 1;
          if (response.statusCode < 400 || response.statusCode >= 500) failures.push(`${route.method} ${url} ${path} ← ${attack} → ${response.statusCode} ${response.body.slice(0, 120)}`);
        }
      }
    }
    // The sweep must have reached the schemas, not only routes that read nothing.
    expect(sent).toBeGreaterThan(100);
    expect(failures).toEqual([]);
    // Thousands of megabyte requests, more with every route: far longer than the usual test.
  }, 300_000);

  it('answers a body far over any limit with a client error, never a 5xx', async () => {
    const customer = await accounts.signedInCustomer();
    const huge = JSON.stringify({ email: 'a@example.com', message: 'x'.repeat(3 * 1024 * 1024) });
    const failures: string[] = [];
    for (const route of routesOf(accounts.app.printRoutes({ commonPrefix: false }))) {
      if (route.method === 'GET') continue;
      const url = route.path.replace(':customerId', customer.customerId).replace(/:[A-Za-z]+/g, randomUUID());
      const response = await accounts.app.inject({ method: route.method as 'POST', url, headers: { cookie: customer.cookie, 'content-type': 'application/json' }, payload: huge });
      if (response.statusCode >= 500) failures.push(`${route.method} ${url} → ${response.statusCode} ${response.body.slice(0, 120)}`);
    }
    expect(failures).toEqual([]);
  });
});
