import { afterEach, describe, expect, it, vi } from 'vitest';

// config/env.ts reads the build's settings when it is loaded, so each case loads both afresh.
async function loadApiLinks(apiBase: string | undefined) {
  vi.resetModules();
  if (apiBase !== undefined) vi.stubEnv('VITE_API_BASE', apiBase);
  return import('./api-links');
}

describe('links the API hands out', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('stay as they are under the default API base', async () => {
    const { apiHref } = await loadApiLinks(undefined);
    expect(apiHref('/api/audience/v1/imports/7/rejections.csv')).toBe('/api/audience/v1/imports/7/rejections.csv');
  });

  it('follow a build whose API is reached elsewhere', async () => {
    const { apiHref } = await loadApiLinks('https://app.example.com/backend/api');
    expect(apiHref('/api/home/v1/user/42/exports/9/download')).toBe('https://app.example.com/backend/api/home/v1/user/42/exports/9/download');
  });

  it('leave pages of the app alone', async () => {
    const { apiHref, isApiLink } = await loadApiLinks('/backend/api/');
    expect(apiHref('/dashboard/campaigns/5/report')).toBe('/dashboard/campaigns/5/report');
    expect(isApiLink('/apiary')).toBe(false);
    expect(isApiLink('/api/home/v1/x')).toBe(true);
  });
});
