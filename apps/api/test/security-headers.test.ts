import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper';
import { startTestSmtpServer, type TestSmtpServer } from './support/smtp-server';

const webDist = mkdtempSync(path.join(tmpdir(), 'postlark-web-'));
let plain: TestApp;
let secure: TestApp;
let smtp: TestSmtpServer;

beforeAll(async () => {
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  smtp = await startTestSmtpServer();
  plain = await buildTestApp({ WEB_DIST_DIR: webDist });
  secure = await buildTestApp({ WEB_DIST_DIR: webDist, APP_URL: 'https://mail.example.com', SMTP_URL: smtp.url, MAIL_FROM: 'Postlark <no-reply@mail.example.com>' });
});

afterAll(async () => {
  await plain?.close();
  await secure?.close();
  await smtp?.stop();
  rmSync(webDist, { recursive: true, force: true });
});

/** The policy's directives by name, each with its sources. */
function policyOf(header: string | string[] | number | undefined): Map<string, string[]> {
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

const get = (app: TestApp, url: string) => app.app.inject({ method: 'GET', url });

const APP_PAGES = ['/', '/landing', '/signup', '/dashboard/campaigns/new', '/no-such-page'];
const SUBSCRIBER_PAGES = ['/u/AAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA', '/f/0b7e5c1e-2f7a-4c1a-9a63-6f2b0d3c4e5f', '/f/0b7e5c1e-2f7a-4c1a-9a63-6f2b0d3c4e5f/', '/confirm-subscription?token=x'];

describe("the web app's Content-Security-Policy", () => {
  it('lets every page run only our own scripts, never inline ones or eval, and no one frame them', async () => {
    for (const url of [...APP_PAGES, ...SUBSCRIBER_PAGES]) {
      const response = await get(plain, url);
      expect(response.headers['content-type'], url).toContain('text/html');
      const policy = policyOf(response.headers['content-security-policy']);
      expect(policy.get('default-src'), url).toEqual(["'self'"]);
      expect(policy.get('script-src')?.[0], url).toBe("'self'");
      expect(policy.get('style-src')?.[0], url).toBe("'self'");
      expect(policy.get('object-src'), url).toEqual(["'none'"]);
      expect(policy.get('base-uri'), url).toEqual(["'none'"]);
      expect(policy.get('frame-ancestors'), url).toEqual(["'none'"]);
      expect(policy.get('form-action'), url).toEqual(["'self'"]);
      for (const [name, sources] of policy) {
        expect(sources, `${url} ${name}`).not.toContain("'unsafe-eval'");
        expect(sources, `${url} ${name}`).not.toContain('*');
        if (name !== 'style-src-attr' && name !== 'style-src-elem') expect(sources, `${url} ${name}`).not.toContain("'unsafe-inline'");
      }
    }
  });

  it("relaxes the app's pages only for what the editor, its preview and Google sign-in need", async () => {
    for (const url of APP_PAGES) {
      const policy = policyOf((await get(plain, url)).headers['content-security-policy']);
      expect(policy.get('script-src'), url).toEqual(["'self'", 'https://accounts.google.com/gsi/client']);
      expect(policy.get('style-src-attr'), url).toEqual(["'unsafe-inline'"]);
      // The preview's and the gallery's frames show the message with its own <style> (decision 014).
      expect(policy.get('style-src-elem'), url).toEqual(["'self'", 'https://accounts.google.com/gsi/style', "'unsafe-inline'"]);
      expect(policy.get('img-src'), url).toEqual(["'self'", 'data:', 'blob:', 'https:']);
    }
  });

  it('keeps the pages subscribers open from emails and other sites strict: nothing from elsewhere, no inline style', async () => {
    for (const url of SUBSCRIBER_PAGES) {
      const policy = policyOf((await get(plain, url)).headers['content-security-policy']);
      for (const name of ['script-src', 'style-src', 'font-src', 'connect-src']) expect(policy.get(name), `${url} ${name}`).toEqual(["'self'"]);
      expect(policy.get('img-src'), url).toEqual(["'self'", 'data:']);
      expect(policy.has('style-src-attr'), url).toBe(false);
      expect(policy.has('style-src-elem'), url).toBe(false);
    }
  });

  it('keeps the stricter policy of pages that set their own: the dev outbox, the API docs', async () => {
    const mailbox = policyOf((await get(plain, '/dev/mailbox')).headers['content-security-policy']);
    expect(mailbox.get('default-src')).toEqual(["'none'"]);
    const docs = await get(plain, '/api/docs');
    expect(docs.headers['content-type']).toContain('text/html');
    const docsPolicy = policyOf(docs.headers['content-security-policy']);
    expect(docsPolicy.get('default-src')).toEqual(["'none'"]);
    expect(docsPolicy.get('frame-ancestors')).toEqual(["'none'"]);
    // Its one inline style block is allowed by its hash, not by 'unsafe-inline'.
    expect(docsPolicy.get('style-src')).toEqual([expect.stringMatching(/^'sha256-[A-Za-z0-9+/]+=*'$/)]);
  });
});

describe('Strict-Transport-Security', () => {
  it('is sent on every answer when APP_URL is https', async () => {
    for (const url of ['/', '/api/health', '/api/no-such-call']) {
      expect((await get(secure, url)).headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
    }
  });

  it('is not sent while the site is served over http', async () => {
    expect((await get(plain, '/')).headers['strict-transport-security']).toBeUndefined();
  });
});
