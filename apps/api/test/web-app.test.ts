import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { PRERENDERED_PAGES, prerenderedFile } from '@postlark/shared/routes';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper';

// A stand-in build: the server's job is to pick the right file and status, not to render React.
const prerenderedHtml = (page: string) => `<!doctype html><div id="root"><h1>The page ${page}</h1></div>`;
const webDist = mkdtempSync(path.join(tmpdir(), 'postlark-web-'));
let testApp: TestApp;

beforeAll(async () => {
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log(1)');
  // What apps/web/scripts/precompress.ts writes beside each asset.
  writeFileSync(path.join(webDist, 'assets', 'index-abc123.js.br'), brotliCompressSync('console.log(1)'));
  // What apps/web/scripts/prerender.ts writes: each public page's HTML, with its text in #root.
  mkdirSync(path.join(webDist, 'prerendered'));
  for (const page of PRERENDERED_PAGES) writeFileSync(path.join(webDist, prerenderedFile(page)), prerenderedHtml(page));
  testApp = await buildTestApp({ WEB_DIST_DIR: webDist });
});

afterAll(async () => {
  await testApp.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it.each(['/', '/landing', '/faq', '/term', '/terms', '/privacy', '/policies', '/landing?ref=x'])(
    'answers %s with the app page',
    async (url) => {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it.each(PRERENDERED_PAGES)('answers %s with its prerendered HTML, the text in the first response', async (page) => {
    for (const url of [page, `${page}/`, `${page}?ref=newsletter`]) {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(prerenderedHtml(page));
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers /signup from a mailed link (a token in the query) with the app page, which draws that step', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/signup?token=abc&email=a%40b.co' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('<!doctype html><div id="root"></div>');
  });

  it('sends pages compressed to browsers that accept it', async () => {
    const brotli = await testApp.app.inject({ method: 'GET', url: '/faq', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(prerenderedHtml('/faq'));
    const gzip = await testApp.app.inject({ method: 'GET', url: '/no-such-page', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.statusCode).toBe(404);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe('<!doctype html><div id="root"></div>');
  });

  it('sends the brotli copy of an asset to browsers that accept it, and tells caches the answer depends on that', async () => {
    const brotli = await testApp.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe('console.log(1)');
    const plain = await testApp.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
    for (const response of [brotli, plain]) expect(response.headers.vary).toContain('accept-encoding');
  });

  it('answers an unknown page with the app page and a 404 status, so the app draws its not-found page', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/no-such-page' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toBe('<!doctype html><div id="root"></div>');
  });

  it('serves hashed assets with a long cache lifetime', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('answers a missing asset and an unknown API path with JSON 404s', async () => {
    for (const url of ['/api/v9/missing', '/api']) {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ payload: { message: expect.any(String) } });
    }
  });

  it('sends no referrer from the pages that emailed links open', async () => {
    const links = ['/signup', '/forget-password', '/confirm-email', '/cancel-email-change', '/confirm-subscription', '/confirm-sender'];
    for (const url of links.map((page) => `${page}?token=abc&email=a%40b.co`)) {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['referrer-policy']).toBe('no-referrer');
    }
    expect((await testApp.app.inject({ method: 'GET', url: '/landing' })).headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('sends the security headers', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/landing' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });
});
