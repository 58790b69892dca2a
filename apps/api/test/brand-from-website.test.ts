import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BRAND_FROM_WEBSITE_PATH, BRAND_KIT_PATH, BRAND_MESSAGES, BRAND_WEBSITE_FOUND } from '@postlark/shared/brand-kit';
import { MEDIA_FROM_URL_PATH, MEDIA_MESSAGES } from '@postlark/shared/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useAccountsApp } from './support/accounts-app';
import { solid } from './support/media';

// Issue 33, point 2, "Fill from my website": a customer's site read for its logo, icon, theme colour
// and colours, through the webhooks' address guard. The site here is on loopback (WEBHOOKS_ALLOW_LOCAL,
// as in development); a private address is refused all the same, and a site that cannot be read is
// a 4xx that says why. Nothing is saved until the kit is; the logo goes into the library by from-url.

const dataDir = await mkdtemp(join(tmpdir(), 'postlark-brand-site-'));
const accounts = useAccountsApp({ DATA_DIR: dataDir, WEBHOOKS_ALLOW_LOCAL: 'true', BRAND_WEBSITE_READS_PER_HOUR: '12' });

const logoPng = await solid(400, 120, '#0f766e').png().toBuffer();
const HOME = `<!doctype html>
<html lang="en"><head>
  <title>Lark &amp; Co. | Linen for every day</title>
  <meta name="theme-color" content="#0F766E">
  <meta property="og:site_name" content="Lark &amp; Co.">
  <meta property="og:image" content="/social-card.jpg">
  <link rel="icon" href="/favicon.ico" sizes="32x32">
  <link rel="apple-touch-icon" href="/apple-touch-icon.png" sizes="180x180">
  <link rel="stylesheet" href="/site.css">
  <link rel="stylesheet" href="https://fonts.elsewhere.example/css?family=Inter">
  <style>.notice { background: #fef3c7 }</style>
</head><body>
  <header><a class="brand" href="/"><img src="/img/lark-logo.png" alt="Lark &amp; Co."></a><nav><a href="/shop">Shop</a></nav></header>
  <main><img src="/hero.jpg" alt="Shirts on a line"><a class="btn" href="/shop">Shop now</a></main>
  <footer><img src="/partner-logo.png" alt="Our partner"></footer>
</body></html>`;
const SITE_CSS = `:root { --brand-primary: #0f766e }
body { color: #1c1917; background: #fffbeb; font-family: Inter, sans-serif }
a { color: #b45309 } a:hover { color: #78350f }
.btn { background-color: #b45309; color: #fff; border-radius: 999px }
.card { border: 1px solid #e7e5e4 }`;

let site: Server;
let siteUrl = '';
const asked: string[] = [];

beforeAll(async () => {
  site = createServer((request, response) => {
    asked.push(request.url ?? '');
    const url = request.url ?? '';
    if (url === '/') return response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(HOME);
    if (url === '/www') return response.writeHead(301, { location: '/' }).end();
    if (url === '/site.css') return response.writeHead(200, { 'content-type': 'text/css' }).end(SITE_CSS);
    if (url === '/img/lark-logo.png') return response.writeHead(200, { 'content-type': 'image/png' }).end(logoPng);
    // A page whose only colour is its logo's; the logo is found from its structured data.
    if (url === '/plain') {
      const jsonLd = JSON.stringify({ '@context': 'https://schema.org', '@graph': [{ '@type': 'WebSite' }, { '@type': 'Organization', logo: { '@type': 'ImageObject', url: '/img/lark-logo.png' } }] });
      return response.writeHead(200, { 'content-type': 'text/html' }).end(`<html><head><title>Plain</title><script type="application/ld+json">${jsonLd}</script></head><body><p>Hello</p></body></html>`);
    }
    if (url === '/inside') return response.writeHead(302, { location: 'http://10.1.2.3/' }).end();
    if (url === '/feed.json') return response.writeHead(200, { 'content-type': 'application/json' }).end('{"items":[]}');
    if (url === '/huge') {
      // Past the page limit, sent without a length.
      response.writeHead(200, { 'content-type': 'text/html' });
      const chunk = Buffer.alloc(256 * 1024, 'a');
      const write = () => {
        while (response.write(chunk));
        response.once('drain', write);
      };
      write();
      response.on('close', () => response.removeAllListeners('drain'));
      return;
    }
    if (url === '/slow') {
      // Headers, then nothing: the deadline ends it.
      response.writeHead(200, { 'content-type': 'text/html' });
      response.write('<html><head>');
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(async () => {
  site.closeAllConnections();
  await new Promise((resolve) => site.close(resolve));
  await rm(dataDir, { recursive: true, force: true });
});

type Customer = Awaited<ReturnType<typeof accounts.signedInCustomer>>;
const fromWebsite = (customer: Customer, body: object) => accounts.call('POST', BRAND_FROM_WEBSITE_PATH, customer.cookie, body);

describe('filling the brand kit from a website', () => {
  it('suggests the site’s name, logo, icon, theme colour and colours, saying where each came from, and saves nothing', async () => {
    const customer = await accounts.signedInCustomer();
    const response = await fromWebsite(customer, { url: `${siteUrl}/www` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().payload).toEqual({
      url: `${siteUrl}/`,
      site_name: 'Lark & Co.',
      // The image marked in the header, not the hero or the footer's partner; the apple-touch-icon before the favicon.
      logo: { url: `${siteUrl}/img/lark-logo.png` },
      icon: { url: `${siteUrl}/apple-touch-icon.png` },
      theme_color: '#0f766e',
      // The theme colour is the primary; links and buttons are their own; the button's text is white on it.
      colors: { primary: '#0f766e', link: '#b45309', button: '#b45309', button_text: '#ffffff', text: '#1c1917', background: '#fffbeb' },
      found: [
        BRAND_WEBSITE_FOUND.siteName.og,
        BRAND_WEBSITE_FOUND.logo.header,
        BRAND_WEBSITE_FOUND.icon.apple,
        BRAND_WEBSITE_FOUND.themeColor,
        BRAND_WEBSITE_FOUND.stylesheets(1),
        'Primary #0f766e is the theme colour.',
        'Text #1c1917 is the page’s text colour.',
        'Background #fffbeb is the page’s background.',
        'Links #b45309 is the links’ colour.',
        'Buttons #b45309 is the buttons’ colour.',
        'Button text #ffffff is the best contrast on the buttons.',
      ],
    });
    // Only the site's own style sheet was read (not another site's fonts), and no image: the style gave the colours.
    expect(asked.slice(-3)).toEqual(['/www', '/', '/site.css']);
    // Nothing is saved until the customer saves the kit.
    expect((await accounts.call('GET', BRAND_KIT_PATH, customer.cookie)).json().payload.updated_at).toBeNull();

    // Accepting the logo copies it into the library, counted as an upload, which the kit can then name.
    const imported = await accounts.call('POST', MEDIA_FROM_URL_PATH, customer.cookie, { url: `${siteUrl}/img/lark-logo.png`, alt: 'Lark & Co.' });
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json().payload).toMatchObject({ message: MEDIA_MESSAGES.urlImported, name: 'lark-logo.png', alt: 'Lark & Co.', format: 'png', width: 400, height: 120 });
    // The same guard: a private address, even behind a redirect, is not fetched; a page is no image.
    for (const url of ['http://10.0.0.7/logo.png', `${siteUrl}/inside`]) {
      const refused = await accounts.call('POST', MEDIA_FROM_URL_PATH, customer.cookie, { url });
      expect([refused.statusCode, refused.json().payload.message], url).toEqual([422, MEDIA_MESSAGES.urlImageRefused]);
    }
    expect((await accounts.call('POST', MEDIA_FROM_URL_PATH, customer.cookie, { url: `${siteUrl}/` })).statusCode).toBe(415);
    expect((await accounts.call('POST', MEDIA_FROM_URL_PATH, customer.cookie, { url: 'file:///etc/passwd' })).json().payload.errors).toEqual({ url: MEDIA_MESSAGES.urlInvalid });
  });

  it('takes the logo from JSON-LD, and the primary from the logo when the page declares no colour', async () => {
    const customer = await accounts.signedInCustomer();
    const response = await fromWebsite(customer, { url: `${siteUrl}/plain` });
    expect(response.statusCode, response.body).toBe(200);
    const suggestion = response.json().payload;
    expect(suggestion).toMatchObject({ site_name: 'Plain', logo: { url: `${siteUrl}/img/lark-logo.png` }, icon: null, theme_color: null });
    expect(suggestion.colors).toEqual({ primary: '#0f766e', link: '#0f766e', button: '#0f766e', button_text: '#ffffff' });
    expect(suggestion.found).toContain(BRAND_WEBSITE_FOUND.logo.jsonLd);
    expect(suggestion.found).toContain('Primary #0f766e is the logo’s main colour.');
  });

  it('refuses a private address, also behind a redirect, and an address that is no web address', async () => {
    const customer = await accounts.signedInCustomer();
    for (const url of ['http://10.0.0.7/', 'http://169.254.169.254/latest/meta-data', `${siteUrl}/inside`]) {
      const refused = await fromWebsite(customer, { url });
      expect([refused.statusCode, refused.json().payload.message], url).toEqual([422, BRAND_MESSAGES.websiteRefused]);
    }
    for (const url of ['', 'example.com', 'ftp://example.com/', 'javascript:alert(1)']) {
      const bad = await fromWebsite(customer, { url });
      expect([bad.statusCode, bad.json().payload.errors?.url], url).toEqual([400, BRAND_MESSAGES.websiteUrl]);
    }
    const long = await fromWebsite(customer, { url: `https://example.com/${'a'.repeat(600)}` });
    expect([long.statusCode, long.json().payload.errors?.url]).toEqual([400, BRAND_MESSAGES.tooLong(500)]);
    expect((await fromWebsite(customer, { url: siteUrl, extra: true })).statusCode).toBe(400);
    expect((await accounts.call('POST', BRAND_FROM_WEBSITE_PATH, undefined, { url: siteUrl })).statusCode).toBe(401);
  });

  it('says why a site cannot be read: not a page, a 404, too large, no answer in time', async () => {
    const customer = await accounts.signedInCustomer();
    const cases: Array<[string, string]> = [
      ['/feed.json', BRAND_MESSAGES.websiteNotHtml],
      ['/missing', BRAND_MESSAGES.websiteFailed('the address answered 404')],
      ['/huge', BRAND_MESSAGES.websiteFailed('the file is too large')],
      ['/slow', BRAND_MESSAGES.websiteFailed('no answer in time')],
    ];
    for (const [path, message] of cases) {
      const response = await fromWebsite(customer, { url: `${siteUrl}${path}` });
      expect([response.statusCode, response.json().payload.message], path).toEqual([422, message]);
    }
  }, 30_000);

  it('is limited per account an hour', async () => {
    const customer = await accounts.signedInCustomer();
    for (let read = 0; read < 12; read += 1) expect((await fromWebsite(customer, { url: `${siteUrl}/missing` })).statusCode).toBe(422);
    const limited = await fromWebsite(customer, { url: `${siteUrl}/` });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().payload.message).toBe(BRAND_MESSAGES.websitePerHour(Number(limited.headers['retry-after'])));
    // Another account reads on.
    expect((await fromWebsite(await accounts.signedInCustomer(), { url: `${siteUrl}/` })).statusCode).toBe(200);
  });
});
