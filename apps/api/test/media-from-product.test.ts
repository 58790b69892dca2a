import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { MEDIA_MESSAGES } from '@postlark/shared/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callWithKey, customerWithKey } from './support/api-keys';
import { useAccountsApp } from './support/accounts-app';
import { solid } from './support/media';

// Issue 33, point 1: a catalogue product's image used in an email as an upload is: copied into the
// library through the webhooks' address guard, processed the same way, served from /media/. The
// shop's image server here is on loopback (WEBHOOKS_ALLOW_LOCAL, as in development); a private
// address is refused all the same, and the shop's failures are a clear 4xx.

const dataDir = await mkdtemp(join(tmpdir(), 'postlark-media-product-'));
const accounts = useAccountsApp({ DATA_DIR: dataDir, WEBHOOKS_ALLOW_LOCAL: 'true', API_REQUESTS_PER_MINUTE: '1000' });

const photo = await solid(1600, 1000, '#c2b280').jpeg().toBuffer();
let shop: Server;
let shopUrl = '';
const asked: string[] = [];

beforeAll(async () => {
  shop = createServer((request, response) => {
    asked.push(request.url ?? '');
    if (request.url === '/shirt.jpg') return response.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo);
    // A CDN's generic type: the bytes decide.
    if (request.url === '/generic') return response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(photo);
    if (request.url === '/moved') return response.writeHead(302, { location: '/shirt.jpg' }).end();
    if (request.url === '/inside') return response.writeHead(302, { location: 'http://10.1.2.3/secret.jpg' }).end();
    if (request.url === '/loop') return response.writeHead(302, { location: '/loop' }).end();
    if (request.url === '/page') return response.writeHead(200, { 'content-type': 'text/html' }).end('<html>not an image</html>');
    if (request.url === '/endless') {
      // More than the library takes, sent without a length.
      response.writeHead(200, { 'content-type': 'image/jpeg' });
      const chunk = Buffer.alloc(1024 * 1024, 0xff);
      const write = () => {
        while (response.write(chunk));
        response.once('drain', write);
      };
      write();
      response.on('close', () => response.removeAllListeners('drain'));
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
});
afterAll(async () => {
  shop.closeAllConnections();
  await new Promise((resolve) => shop.close(resolve));
  await rm(dataDir, { recursive: true, force: true });
});

async function withProduct(imageUrl: string | null) {
  const { customer, key } = await customerWithKey(accounts);
  const saved = await callWithKey(accounts, key, 'PUT', 'products/SKU-1', { title: 'Linen shirt', ...(imageUrl ? { image_url: imageUrl } : {}) });
  expect(saved.statusCode, saved.body).toBe(201);
  return { customer, key };
}

const fromProduct = (cookie: string, body: object) => accounts.call('POST', 'media/v1/images/from-product', cookie, body);

describe('a product’s image into the media library', () => {
  it('is fetched, processed as an upload, named and described by the product, and served from /media/', async () => {
    const { customer, key } = await withProduct(`${shopUrl}/moved`);
    const response = await fromProduct(customer.cookie, { product_id: 'SKU-1' });
    expect(response.statusCode, response.body).toBe(201);
    const asset = response.json().payload;
    expect(asset).toMatchObject({ message: MEDIA_MESSAGES.productImported, name: 'Linen shirt', alt: 'Linen shirt', format: 'jpeg', width: 1200, height: 750 });
    expect(asset.url).toMatch(/^http:\/\/localhost:3000\/media\/[0-9a-f]{64}\.jpg$/);
    const served = await accounts.app.inject({ method: 'GET', url: new URL(asset.url).pathname });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).width).toBe(1200);
    // The redirect was followed to the image.
    expect(asked.slice(-2)).toEqual(['/moved', '/shirt.jpg']);

    // The same call with a key; the alt text may be given; a generic type is judged by the bytes.
    await callWithKey(accounts, key, 'PUT', 'products/SKU-2', { title: 'Linen shirt, olive', image_url: `${shopUrl}/generic` });
    const byKey = await callWithKey(accounts, key, 'POST', 'media/from-product', { product_id: 'SKU-2', alt: 'The olive shirt, folded' });
    expect(byKey.statusCode, byKey.body).toBe(201);
    expect(byKey.json().payload).toMatchObject({ name: 'Linen shirt, olive', alt: 'The olive shirt, folded' });
    const library = (await accounts.call('GET', 'media/v1/images', customer.cookie)).json().payload;
    expect(library.media.map((image: { name: string }) => image.name).sort()).toEqual(['Linen shirt', 'Linen shirt, olive']);
  });

  it('refuses another account’s product, one without an image, and a private address, even behind a redirect', async () => {
    const { customer } = await withProduct(null);
    expect((await fromProduct(customer.cookie, { product_id: 'SKU-1' })).json().payload.message).toBe(MEDIA_MESSAGES.productWithoutImage);
    const other = await withProduct(`${shopUrl}/shirt.jpg`);
    const theirs = await fromProduct(customer.cookie, { product_id: 'SKU-9' });
    expect([theirs.statusCode, theirs.json().payload.message]).toEqual([404, MEDIA_MESSAGES.productNotFound]);
    expect((await fromProduct(other.customer.cookie, { product_id: 'SKU-1', extra: 1 })).statusCode).toBe(400);

    for (const address of ['http://10.0.0.7/shirt.jpg', 'http://169.254.169.254/latest/meta-data', `${shopUrl}/inside`]) {
      const { customer: owner } = await withProduct(address);
      const refused = await fromProduct(owner.cookie, { product_id: 'SKU-1' });
      expect([refused.statusCode, refused.json().payload.message], address).toEqual([422, MEDIA_MESSAGES.productImageRefused]);
    }
  });

  it('says why the shop’s answer is no image: a 404, a page, a redirect loop, a file past the limit', async () => {
    const cases: Array<[string, number, string]> = [
      ['/missing.jpg', 422, MEDIA_MESSAGES.productImageFailed('the address answered 404')],
      ['/page', 415, MEDIA_MESSAGES.unsupported],
      ['/loop', 422, MEDIA_MESSAGES.productImageFailed('too many redirects')],
      ['/endless', 422, MEDIA_MESSAGES.productImageFailed('the file is too large')],
    ];
    const { customer, key } = await withProduct(null);
    for (const [path, status, message] of cases) {
      await callWithKey(accounts, key, 'PUT', 'products/SKU-1', { title: 'Linen shirt', image_url: `${shopUrl}${path}` });
      const response = await fromProduct(customer.cookie, { product_id: 'SKU-1' });
      expect([response.statusCode, response.json().payload.message], path).toEqual([status, message]);
    }
    // Nothing of the failures is kept.
    expect((await accounts.call('GET', 'media/v1/images', customer.cookie)).json().payload).toMatchObject({ media: [], total: 0, storage: { used_bytes: 0 } });
  });
});
