import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import type { MediaAsset } from '@postlark/shared/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3MediaStorage } from '../src/modules/media/s3-media-storage';
import { useAccountsApp } from './support/accounts-app';
import { imageUpload, multipartBody, solid } from './support/media';

// The S3 path against s3rver, a local S3-compatible server that checks the SDK's signatures
// (its documented credentials S3RVER/S3RVER); the settings are filled in once it listens.
const BUCKET = 'postlark-media';
const directory = await mkdtemp(join(tmpdir(), 'postlark-s3-'));
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: BUCKET, configs: [] }] });
const settings: Record<string, string> = { S3_BUCKET: BUCKET, S3_FORCE_PATH_STYLE: 'true', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_PREFIX: 'media/' };
let endpoint = '';

beforeAll(async () => {
  const address = (await server.run()) as AddressInfo;
  endpoint = `http://127.0.0.1:${address.port}`;
  settings.S3_ENDPOINT = endpoint;
});
afterAll(async () => {
  await server.close();
  await rm(directory, { recursive: true, force: true });
});

const accounts = useAccountsApp(settings);

describe('media in an S3-compatible bucket', () => {
  it('an upload is stored in the bucket under its prefix and served by the product, and a delete removes it', async () => {
    const customer = await accounts.signedInCustomer();
    const { body, contentType } = multipartBody(imageUpload(await solid(1000, 500, '#0077cc').jpeg().toBuffer(), 'image/jpeg', 'sky.jpg'));
    const response = await accounts.app.inject({ method: 'POST', url: '/api/media/v1/images', headers: { cookie: customer.cookie, 'content-type': contentType }, payload: body });
    expect(response.statusCode, response.body).toBe(201);
    const asset = response.json().payload as MediaAsset;
    expect(asset.variants.map((variant) => variant.width)).toEqual([1000, 640]);

    // In the bucket itself, read with the SDK as another client would.
    const bucket = s3MediaStorage({ bucket: BUCKET, region: 'us-east-1', endpoint, forcePathStyle: true, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', prefix: 'media/' });
    const key = new URL(asset.url).pathname.split('/').pop()!;
    const object = await bucket.get(key);
    expect(object?.bytes).toBe(asset.variants[0]!.bytes);
    object?.body.destroy();
    const wrongPrefix = s3MediaStorage({ bucket: BUCKET, region: 'us-east-1', endpoint, forcePathStyle: true, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', prefix: '' });
    expect(await wrongPrefix.get(key)).toBeNull();

    const file = await accounts.app.inject({ method: 'GET', url: new URL(asset.url).pathname });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(file.rawPayload).metadata()).width).toBe(1000);

    expect((await accounts.call('DELETE', `media/v1/images/${asset.id}`, customer.cookie)).statusCode).toBe(200);
    expect(await bucket.get(key)).toBeNull();
    expect((await accounts.app.inject({ method: 'GET', url: new URL(asset.url).pathname })).statusCode).toBe(404);
  });
});
