import { describe, expect, it } from 'vitest';
import { logSerializers, redactPath, redactPathsIn } from './log-redaction';

const PREFERENCE = 'Ab3dEfGhIjKlMnOpQrStUv.Wx9zAbCdEfGhIjKlMnOp';
const TRACKING = 'AAAAKgAAAAOzq1dWHpHNdBzY';

describe('redactPath', () => {
  it('replaces the token of every route that carries one in its path', () => {
    expect(
      [
        `/u/${PREFERENCE}`,
        `/u/${PREFERENCE}/`,
        `/u/${PREFERENCE}/one-click`,
        `/u/short/one-click`,
        `/api/public/v1/preferences/${PREFERENCE}`,
        `/api/public/v1/preferences/${PREFERENCE}/unsubscribe`,
        `/api/public/v1/preferences/x`,
        `/t/o/${TRACKING}`,
        `/t/c/${TRACKING}?u=https%3A%2F%2Fshop.example`,
        `/t/o/x1`,
      ].map(redactPath),
    ).toEqual([
      '/u/:token',
      '/u/:token/',
      '/u/:token/one-click',
      '/u/:token/one-click',
      '/api/public/v1/preferences/:token',
      '/api/public/v1/preferences/:token/unsubscribe',
      '/api/public/v1/preferences/:token',
      '/t/o/:token',
      '/t/c/:token',
      '/t/o/:token',
    ]);
  });

  it('matches whatever case or doubled slashes a client sends', () => {
    expect(redactPath(`/U/${PREFERENCE}/one-click`)).toBe('/U/:token/one-click');
    expect(redactPath(`//u//${PREFERENCE}`)).toBe('//u//:token');
    expect(redactPath(`/API/Public/v1/preferences/abc`)).toBe('/API/Public/v1/preferences/:token');
  });

  it('drops the query string and fragment, where links carry their tokens', () => {
    expect(redactPath('/confirm-email?token=abc&email=a%40b.c')).toBe('/confirm-email');
    expect(redactPath('/signup?token=abc')).toBe('/signup');
    expect(redactPath('/confirm-subscription#token=abc')).toBe('/confirm-subscription');
  });

  it('replaces any other segment shaped like a token, a safety net for routes to come', () => {
    expect(redactPath('/api/some/v1/new-route/Zx81kQ0pLmN4vB7cR2tY9w/confirm')).toBe('/api/some/v1/new-route/:token/confirm');
  });

  it('keeps the paths that carry no secret: route words, ids, form ids, hashed assets', () => {
    for (const path of [
      '/f/0b7e5c1e-2f7a-4c1a-9a63-6f2b0d3c4e5f',
      '/api/home/v1/user/0b7e5c1e-2f7a-4c1a-9a63-6f2b0d3c4e5f/exports/1c7e5c1e-2f7a-4c1a-9a63-6f2b0d3c4e5f/download',
      '/api/authentication/v1/email-verification/',
      '/assets/rich-text-editor-BhKqDCqV.js',
      '/dashboard/campaigns/0b7e5c1e-2f7a-4c1a-9a63-6f2b0d3c4e5f',
      '/dev/mailbox/12',
      '/',
    ]) {
      expect(redactPath(path)).toBe(path);
    }
  });
});

describe('redactPathsIn', () => {
  it('redacts the paths inside a message, as Fastify writes them into some errors', () => {
    expect(redactPathsIn(`Route POST:/u/${PREFERENCE}/one-click not found`)).toBe('Route POST:/u/:token/one-click not found');
    expect(redactPathsIn(`Reply was already sent in "/t/c/${TRACKING}?u=x" (GET)`)).toBe('Reply was already sent in "/t/c/:token" (GET)');
  });
});

describe('the error serializer', () => {
  it('keeps the type and stack of an error, its paths redacted', () => {
    const error = new TypeError(`cannot read /u/${PREFERENCE}/one-click`);
    const logged = logSerializers.err(error);
    expect(logged.type).toBe('TypeError');
    expect(logged.message).toBe('cannot read /u/:token/one-click');
    expect(logged.stack).toContain('cannot read /u/:token/one-click');
    expect(JSON.stringify(logged)).not.toContain(PREFERENCE);
  });
});
