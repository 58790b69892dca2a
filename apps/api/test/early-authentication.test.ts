import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { AUTH_API_MESSAGES } from '@postlark/shared/account-messages';
import { API_KEY_MESSAGES } from '@postlark/shared/api-keys';
import { GENERIC_MESSAGES } from '@postlark/shared/messages';
import { beforeAll, describe, expect, it } from 'vitest';
import { useAccountsApp } from './support/accounts-app';
import { callWithKey, customerWithKey } from './support/api-keys';

// Issue 31, point 2: who may send a body. The key (on /api/v1) or the session (elsewhere) is
// checked before the body is read, so a caller without one is answered 401, or 429 when it keeps
// trying, while its upload has not even started.

const UNAUTHENTICATED_PER_MINUTE = 5;
const accounts = useAccountsApp({ UNAUTHENTICATED_REQUESTS_PER_MINUTE: String(UNAUTHENTICATED_PER_MINUTE) });

let port = 0;
beforeAll(async () => {
  await accounts.app.listen({ port: 0, host: '127.0.0.1' });
  port = (accounts.app.server.address() as AddressInfo).port;
});

/**
 * Sends a request's head over a real connection and then nothing: no byte of the body it
 * announces. What the server answers, read until it hangs up; a server that waited for the body
 * would answer nothing and the test would not end.
 */
function headAlone(lines: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${lines.join('\r\n')}\r\n\r\n`));
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    socket.on('close', () => resolve(received));
    socket.on('error', (error) => (received ? resolve(received) : reject(error)));
  });
}

const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as { payload: { message: string } };

describe('a request without a key or session', () => {
  it('to POST /api/v1/events announcing 10 MB is answered 401 before the body is sent, and the connection closed', async () => {
    const answer = await headAlone(['POST /api/v1/events HTTP/1.1', 'Host: localhost', 'Content-Type: application/json', `Content-Length: ${10 * 1024 * 1024}`]);
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 401 Unauthorized');
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(bodyOf(answer).payload.message).toBe(API_KEY_MESSAGES.missing);

    const chunked = await headAlone(['POST /api/v1/products HTTP/1.1', 'Host: localhost', 'Content-Type: application/json', 'Authorization: Bearer pl_live_not-a-key', 'Transfer-Encoding: chunked']);
    expect(chunked.split('\r\n')[0]).toBe('HTTP/1.1 401 Unauthorized');
    expect(bodyOf(chunked).payload.message).toBe(API_KEY_MESSAGES.invalid);
  });

  it('to a signed-in route taking 1 MB (a campaign) is answered 401 before the body is sent', async () => {
    const answer = await headAlone(['POST /api/campaigns/v1/campaigns HTTP/1.1', 'Host: localhost', 'Content-Type: application/json', `Content-Length: ${1024 * 1024}`]);
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 401 Unauthorized');
    expect(bodyOf(answer).payload.message).toBe(AUTH_API_MESSAGES.notSignedIn);

    const stale = await headAlone(['PUT /api/automations/v1/flows/3f0c2b1e-8d4a-4c55-9e0f-1a2b3c4d5e6f HTTP/1.1', 'Host: localhost', 'Cookie: postlark_session=ended', 'Content-Type: application/json', `Content-Length: ${1024 * 1024}`]);
    expect(stale.split('\r\n')[0]).toBe('HTTP/1.1 401 Unauthorized');
  });

  it('is refused before its body is measured: 401, not the 413 its size would earn', async () => {
    accounts.advance(61_000); // the connections above counted against this client
    const big = { name: 'x'.repeat(40 * 1024) };
    expect((await accounts.call('POST', 'audience/v1/lists', undefined, big)).statusCode).toBe(401);
    expect((await callWithKey(accounts, undefined, 'POST', 'lists', big)).statusCode).toBe(401);
  });

  it('counts per client address: past the limit 429 with Retry-After, while valid keys and sessions from there go on', async () => {
    accounts.advance(61_000); // a fresh minute, whatever the tests above counted
    const { customer, key } = await customerWithKey(accounts);
    const answers: number[] = [];
    for (let index = 0; index < UNAUTHENTICATED_PER_MINUTE; index += 1) answers.push((await callWithKey(accounts, 'pl_live_wrong', 'GET', 'lists')).statusCode);
    expect(answers).toEqual(Array.from({ length: UNAUTHENTICATED_PER_MINUTE }, () => 401));

    const limited = await callWithKey(accounts, undefined, 'POST', 'events', { events: [] });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().payload.message).toBe(GENERIC_MESSAGES.tooManyRequests);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await accounts.call('POST', 'audience/v1/lists', undefined, { name: 'x' })).statusCode).toBe(429);
    // Another address is not held up by this one.
    expect((await accounts.app.inject({ method: 'GET', url: '/api/v1/lists', remoteAddress: '203.0.113.9' })).statusCode).toBe(401);

    expect((await callWithKey(accounts, key, 'GET', 'lists')).statusCode).toBe(200);
    expect((await accounts.call('POST', 'audience/v1/lists', customer.cookie, { name: 'Still here' })).statusCode).toBe(201);

    accounts.advance(60_000);
    expect((await callWithKey(accounts, undefined, 'GET', 'lists')).statusCode).toBe(401);
  });
});

describe('body limits', () => {
  it('refuse events over 5 MB and products over 7 MB with a key, and an action’s body over 64 KB', async () => {
    const { customer, key } = await customerWithKey(accounts);
    const events = await callWithKey(accounts, key, 'POST', 'events', { events: [{ name: 'x', email: 'a@shop.example', properties: { blob: 'x'.repeat(5 * 1024 * 1024) } }] });
    expect(events.statusCode).toBe(413);
    expect(events.json().payload.message).toBe(GENERIC_MESSAGES.bodyTooLarge);
    const products = await callWithKey(accounts, key, 'POST', 'products', { products: [{ id: 'x', title: 'x'.repeat(7 * 1024 * 1024) }] });
    expect(products.statusCode).toBe(413);
    // A route with no limit of its own (sending a campaign takes no fields at all).
    const send = await accounts.call('POST', 'campaigns/v1/campaigns/3f0c2b1e-8d4a-4c55-9e0f-1a2b3c4d5e6f/send', customer.cookie, { padding: 'x'.repeat(64 * 1024) });
    expect(send.statusCode).toBe(413);
  });
});
