import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import exifReader from 'exif-reader';
import sharp from 'sharp';
import { MEDIA_LIMITS, MEDIA_MESSAGES, type MediaAsset } from '@postlark/shared/media';
import { afterAll, describe, expect, it } from 'vitest';
import { callWithKey, customerWithKey } from './support/api-keys';
import { useAccountsApp } from './support/accounts-app';
import { eventually } from './support/eventually';
import { animatedGif, imageUpload, jpegWithGps, multipartBody, noisePng, pngBomb, solid, type UploadPart } from './support/media';

const dataDir = await mkdtemp(join(tmpdir(), 'postlark-media-'));
afterAll(() => rm(dataDir, { recursive: true, force: true }));

// Small quotas, so each is reached in a few uploads: one MB of storage, ten uploads an hour.
const accounts = useAccountsApp({ DATA_DIR: dataDir, MEDIA_STORAGE_MB_PER_ACCOUNT: '1', MEDIA_UPLOADS_PER_HOUR: '10' });
type Customer = Awaited<ReturnType<typeof accounts.signedInCustomer>>;

function upload(customer: Customer, parts: UploadPart[]) {
  const { body, contentType } = multipartBody(parts);
  return accounts.app.inject({ method: 'POST', url: '/api/media/v1/images', headers: { cookie: customer.cookie, 'content-type': contentType }, payload: body });
}

async function uploaded(customer: Customer, parts: UploadPart[]): Promise<MediaAsset> {
  const response = await upload(customer, parts);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().payload as MediaAsset;
}

/** What an inbox gets when it fetches the image's URL. */
async function served(url: string) {
  const response = await accounts.app.inject({ method: 'GET', url: new URL(url).pathname });
  return { status: response.statusCode, headers: response.headers, body: response.rawPayload };
}

describe('media library: uploads', () => {
  it('a phone photo is stripped of its GPS position, scaled to 1200 and 640 px and served for a year', async () => {
    const customer = await accounts.signedInCustomer();
    const photo = await jpegWithGps(2400, 1800);
    // The camera's metadata is there before the upload, GPS position included.
    expect(exifReader((await sharp(photo).metadata()).exif!).GPSInfo?.GPSLatitude).toEqual([51, 30, 0]);

    const asset = await uploaded(customer, imageUpload(photo, 'image/jpeg', 'C:\\Users\\ada\\Pictures\\harbour.jpg', 'The harbour at dawn'));
    expect(asset).toMatchObject({ name: 'harbour.jpg', alt: 'The harbour at dawn', format: 'jpeg', animated: false, width: 1200, height: 900 });
    expect(asset.variants.map((variant) => [variant.width, variant.height])).toEqual([
      [1200, 900],
      [640, 480],
    ]);
    expect(asset.url).toBe(asset.variants[0]!.url);
    expect(asset.url).toMatch(/^http:\/\/localhost:3000\/media\/[0-9a-f]{64}\.jpg$/);

    for (const variant of asset.variants) {
      const file = await served(variant.url);
      expect(file.status).toBe(200);
      expect(file.headers['content-type']).toBe('image/jpeg');
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      const meta = await sharp(file.body).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', variant.width, variant.height]);
      // Nothing of the camera's metadata is served: no EXIF at all, so no position.
      expect(meta.exif).toBeUndefined();
      expect(file.body.length).toBe(variant.bytes);
    }
    // Stored in DATA_DIR/media by its bytes' hash.
    const stored = (await readdir(join(dataDir, 'media'), { recursive: true })).filter((name) => name.endsWith('.jpg'));
    expect(stored.length).toBeGreaterThanOrEqual(2);
  });

  it('a portrait photo whose camera marked it rotated is served upright', async () => {
    const customer = await accounts.signedInCustomer();
    // Stored 800 × 600 with orientation 6: shown 600 wide and 800 tall.
    const sideways = await solid(800, 600, '#336699').jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const asset = await uploaded(customer, imageUpload(sideways, 'image/jpeg'));
    expect([asset.width, asset.height]).toEqual([600, 800]);
    const meta = await sharp((await served(asset.url)).body).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([600, 800, undefined]);
  });

  it('PNG keeps its transparency; WebP arrives as JPEG, or PNG when transparent; a small image is not enlarged', async () => {
    const customer = await accounts.signedInCustomer();
    const png = await uploaded(customer, imageUpload(await solid(800, 400, '#ff000080', 4).png().toBuffer(), 'image/png', 'badge.png'));
    expect(png).toMatchObject({ format: 'png', width: 800, height: 400 });
    expect((await sharp((await served(png.url)).body).metadata()).hasAlpha).toBe(true);

    const opaqueWebp = await uploaded(customer, imageUpload(await solid(300, 200, '#22aa44').webp().toBuffer(), 'image/webp', 'leaf.webp'));
    expect(opaqueWebp).toMatchObject({ format: 'jpeg', width: 300, height: 200 });
    expect(opaqueWebp.variants).toHaveLength(1);
    expect((await served(opaqueWebp.url)).headers['content-type']).toBe('image/jpeg');

    const clearWebp = await uploaded(customer, imageUpload(await solid(300, 200, '#22aa4400', 4).webp().toBuffer(), 'image/webp'));
    expect(clearWebp.format).toBe('png');
    expect(clearWebp.url.endsWith('.png')).toBe(true);
  });

  it('an animated GIF stays animated in every width', async () => {
    const customer = await accounts.signedInCustomer();
    const asset = await uploaded(customer, imageUpload(await animatedGif(700, 300, 3), 'image/gif', 'spinner.gif'));
    expect(asset).toMatchObject({ format: 'gif', animated: true, width: 700, height: 300 });
    expect(asset.variants.map((variant) => variant.width)).toEqual([700, 640]);
    for (const variant of asset.variants) {
      const meta = await sharp((await served(variant.url)).body).metadata();
      expect([meta.format, meta.pages, meta.width]).toEqual(['gif', 3, variant.width]);
    }
  });

  it('refuses an SVG (with its script), a file whose type is not its bytes, a damaged one and anything not an image, each with its reason', async () => {
    const customer = await accounts.signedInCustomer();
    const svg = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script></svg>');
    const dot = (colour: string) => solid(10, 10, colour).png().toBuffer();
    const refusals: [UploadPart[], number, string][] = [
      [imageUpload(svg, 'image/svg+xml', 'logo.svg'), 415, MEDIA_MESSAGES.svgRefused],
      [imageUpload(svg, 'image/png', 'logo.png'), 415, MEDIA_MESSAGES.svgRefused],
      [imageUpload(await solid(50, 50, '#000').png().toBuffer(), 'image/jpeg', 'photo.jpg'), 415, MEDIA_MESSAGES.typeMismatch('image/jpeg', 'image/png')],
      [imageUpload(Buffer.from('%PDF-1.7 not an image'), 'application/pdf', 'report.pdf'), 415, MEDIA_MESSAGES.unsupported],
      [imageUpload((await solid(400, 300, '#abcdef').jpeg().toBuffer()).subarray(0, 300), 'image/jpeg', 'cut.jpg'), 400, MEDIA_MESSAGES.undecodable],
      [[{ name: 'alt', value: 'no file' }], 400, MEDIA_MESSAGES.noFile],
      [[...imageUpload(await dot('#000'), 'image/png'), ...imageUpload(await dot('#fff'), 'image/png')], 400, MEDIA_MESSAGES.oneFile],
      [imageUpload(await dot('#000'), 'image/png', 'a.png', 'x'.repeat(MEDIA_LIMITS.altChars + 1)), 400, MEDIA_MESSAGES.altTooLong],
    ];
    for (const [parts, status, message] of refusals) {
      const response = await upload(customer, parts);
      expect([response.statusCode, response.json().payload.message]).toEqual([status, message]);
    }
    const list = await accounts.call('GET', 'media/v1/images', customer.cookie);
    expect(list.json().payload.media).toEqual([]);
  });

  it('refuses a 20,000 × 20,000 PNG from its header, before decoding it', async () => {
    const customer = await accounts.signedInCustomer();
    const bomb = await pngBomb(20_000, 20_000);
    expect(bomb.length).toBeLessThan(MEDIA_LIMITS.maxBytes);
    const response = await upload(customer, imageUpload(bomb, 'image/png', 'bomb.png'));
    expect([response.statusCode, response.json().payload.message]).toEqual([413, MEDIA_MESSAGES.tooManyPixels(40)]);
  });

  it('refuses a file over the size limit', async () => {
    const customer = await accounts.signedInCustomer();
    const oversized = Buffer.concat([await solid(10, 10, '#000').png().toBuffer(), Buffer.alloc(MEDIA_LIMITS.maxBytes)]);
    const response = await upload(customer, imageUpload(oversized, 'image/png'));
    expect([response.statusCode, response.json().payload.message]).toEqual([413, MEDIA_MESSAGES.tooLarge(MEDIA_LIMITS.maxBytes / (1024 * 1024))]);
  });

  it('holds each account to its storage and to its uploads an hour', async () => {
    const customer = await accounts.signedInCustomer();
    // About 600 KB each: the first fits in one MB, the second does not.
    await uploaded(customer, imageUpload(await noisePng(560, 360), 'image/png'));
    const full = await upload(customer, imageUpload(await noisePng(560, 360), 'image/png'));
    expect([full.statusCode, full.json().payload.message]).toEqual([413, MEDIA_MESSAGES.storageFull(1)]);
    const list = (await accounts.call('GET', 'media/v1/images', customer.cookie)).json().payload;
    expect(list.media).toHaveLength(1);
    expect(list.storage.limit_bytes).toBe(1024 * 1024);
    expect(list.storage.used_bytes).toBe(list.media[0].bytes);

    // Ten uploads an hour, refused ones counted (each cost a decode).
    const other = await accounts.signedInCustomer();
    const small = await solid(20, 20, '#123456').png().toBuffer();
    for (let n = 0; n < 10; n += 1) expect((await upload(other, imageUpload(small, 'image/png'))).statusCode).toBe(201);
    const eleventh = await upload(other, imageUpload(small, 'image/png'));
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().payload.message).toMatch(/^Too many uploads this hour\. Try again in \d+ minutes\.$/);
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(0);
    // Another account's uploads are its own.
    expect((await upload(await accounts.signedInCustomer(), imageUpload(small, 'image/png'))).statusCode).toBe(201);
  });
});

describe('media library: one upload per account at a time', () => {
  it('a second upload while the first is still arriving is refused before its body is read; another account’s goes on', async () => {
    const customer = await accounts.signedInCustomer();
    const neighbour = await accounts.signedInCustomer();
    const small = await solid(20, 20, '#abcdef').png().toBuffer();
    // The first upload arrives slowly, over a real connection: half its body, then (once the
    // others are answered) the rest.
    const { body, contentType } = multipartBody(imageUpload(await solid(300, 200, '#123456').png().toBuffer(), 'image/png'));
    const address = await accounts.app.listen({ port: 0, host: '127.0.0.1' });
    const slow = request(`${address}/api/media/v1/images`, { method: 'POST', headers: { cookie: customer.cookie, 'content-type': contentType, 'content-length': String(body.length) } });
    const first = new Promise<number>((resolve, reject) => {
      slow.on('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      slow.on('error', reject);
    });
    slow.write(body.subarray(0, body.length / 2));
    // Until the first holds the account's claim, a form without a file is only a 400 (nothing stored).
    const second = await eventually(async () => {
      const answer = await upload(customer, [{ name: 'alt', value: 'no file' }]);
      return answer.statusCode === 400 ? undefined : answer;
    });
    expect([second.statusCode, second.json().payload.message, second.headers['retry-after']]).toEqual([429, MEDIA_MESSAGES.busy, '2']);
    expect((await upload(neighbour, imageUpload(small, 'image/png'))).statusCode).toBe(201);
    slow.end(body.subarray(body.length / 2));
    expect(await first).toBe(201);
    // Given back with the answer: the next upload is taken.
    expect((await upload(customer, imageUpload(small, 'image/png'))).statusCode).toBe(201);
  });
});

describe('media library: the library', () => {
  it('lists, searches and sorts the account’s own images, edits alt text, and deletes; no other account sees or touches them', async () => {
    const customer = await accounts.signedInCustomer();
    const stranger = await accounts.signedInCustomer();
    const tiny = (colour: string) => solid(30, 20, colour).png().toBuffer();
    const first = await uploaded(customer, imageUpload(await tiny('#111111'), 'image/png', 'zebra.png', 'Stripes'));
    accounts.advance(1000);
    const second = await uploaded(customer, imageUpload(await tiny('#222222'), 'image/png', 'apple.png', 'A red apple'));
    const names = async (query: string) => ((await accounts.call('GET', `media/v1/images${query}`, customer.cookie)).json().payload.media as MediaAsset[]).map((asset) => asset.name);
    expect(await names('')).toEqual(['apple.png', 'zebra.png']);
    expect(await names('?sort=oldest')).toEqual(['zebra.png', 'apple.png']);
    expect(await names('?sort=name')).toEqual(['apple.png', 'zebra.png']);
    expect(await names('?q=stripe')).toEqual(['zebra.png']);
    expect(await names('?q=%25')).toEqual([]);
    expect((await accounts.call('GET', 'media/v1/images?sort=biggest', customer.cookie)).statusCode).toBe(400);

    const edited = await accounts.call('PATCH', `media/v1/images/${first.id}`, customer.cookie, { alt: 'Zebra stripes, black and white' });
    expect(edited.json().payload).toMatchObject({ message: MEDIA_MESSAGES.updated, alt: 'Zebra stripes, black and white' });

    // Another account: 404 for each of the first one's images, by id, and an empty library.
    for (const [method, url] of [
      ['GET', `media/v1/images/${first.id}`],
      ['PATCH', `media/v1/images/${first.id}`],
      ['DELETE', `media/v1/images/${first.id}`],
      ['GET', `media/v1/images/${first.id}/usage`],
      ['GET', 'media/v1/images/not-a-uuid'],
    ] as const) {
      const response = await accounts.call(method, url, stranger.cookie, method === 'PATCH' ? { alt: 'mine now' } : undefined);
      expect([response.statusCode, response.json().payload.message]).toEqual([404, MEDIA_MESSAGES.notFound]);
    }
    expect((await accounts.call('GET', 'media/v1/images', stranger.cookie)).json().payload.media).toEqual([]);

    const removed = await accounts.call('DELETE', `media/v1/images/${second.id}`, customer.cookie);
    expect(removed.json().payload.message).toBe(MEDIA_MESSAGES.deleted);
    expect(await names('')).toEqual(['zebra.png']);
    expect((await served(second.url)).status).toBe(404);
    expect((await served(first.url)).status).toBe(200);
  });

  it('the same bytes uploaded by two accounts share one file, which stays until neither holds it', async () => {
    const one = await accounts.signedInCustomer();
    const two = await accounts.signedInCustomer();
    const picture = await solid(40, 40, '#654321').png().toBuffer();
    const mine = await uploaded(one, imageUpload(picture, 'image/png'));
    const theirs = await uploaded(two, imageUpload(picture, 'image/png'));
    expect(theirs.url).toBe(mine.url);
    await accounts.call('DELETE', `media/v1/images/${mine.id}`, one.cookie);
    expect((await served(theirs.url)).status).toBe(200);
    await accounts.call('DELETE', `media/v1/images/${theirs.id}`, two.cookie);
    expect((await served(theirs.url)).status).toBe(404);
  });

  it('says which campaigns use an image before it is deleted', async () => {
    const customer = await accounts.signedInCustomer();
    const asset = await uploaded(customer, imageUpload(await solid(30, 30, '#00ffff').png().toBuffer(), 'image/png'));
    const created = await accounts.call('POST', 'campaigns/v1/campaigns', customer.cookie, { name: 'Spring letter', subject: 'Spring', content_html: `<p>Hello</p><img src="${asset.variants[0]!.url}" alt="">` });
    expect(created.statusCode, created.body).toBe(201);
    const usage = (await accounts.call('GET', `media/v1/images/${asset.id}/usage`, customer.cookie)).json().payload;
    expect(usage.campaigns).toEqual([{ id: created.json().payload.campaign.id, name: 'Spring letter', status: 'draft' }]);
    expect(usage.flows).toEqual([]);
  });

  it('answers only media keys under /media/, never a path into storage', async () => {
    for (const path of ['/media/..%2Fsecrets.key', '/media/abc.jpg', `/media/${'a'.repeat(64)}.svg`, `/media/${'A'.repeat(64)}.jpg`, `/media/${'a'.repeat(64)}.jpg`]) {
      expect((await accounts.app.inject({ method: 'GET', url: path })).statusCode, path).toBe(404);
    }
  });
});

describe('media library: the public API', () => {
  it('POST /api/v1/media uploads with a key, answering {id, url, width, height, alt}; GET and DELETE follow', async () => {
    const { key } = await customerWithKey(accounts);
    const { body, contentType } = multipartBody(imageUpload(await solid(900, 300, '#ff8800').png().toBuffer(), 'image/png', 'banner.png', 'Orange banner'));
    const response = await accounts.app.inject({ method: 'POST', url: '/api/v1/media', headers: { authorization: `Bearer ${key}`, 'content-type': contentType }, payload: body });
    expect(response.statusCode, response.body).toBe(201);
    const asset = response.json().payload;
    expect(asset).toMatchObject({ width: 900, height: 300, alt: 'Orange banner' });
    expect(typeof asset.id).toBe('string');
    expect(typeof asset.url).toBe('string');

    expect((await callWithKey(accounts, key, 'GET', `media/${asset.id}`)).json().payload).toMatchObject({ id: asset.id, url: asset.url });
    expect((await callWithKey(accounts, key, 'GET', 'media')).json().payload.media).toHaveLength(1);
    expect((await callWithKey(accounts, key, 'DELETE', `media/${asset.id}`)).statusCode).toBe(200);
    expect((await callWithKey(accounts, key, 'GET', `media/${asset.id}`)).statusCode).toBe(404);
    // No key: refused before the body is read.
    expect((await accounts.app.inject({ method: 'POST', url: '/api/v1/media', headers: { 'content-type': contentType }, payload: body })).statusCode).toBe(401);
  });
});
