import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INTEGRATION_MESSAGES } from '@postlark/shared/integrations';
import { integrationsApi } from './integrations-api';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

describe('integrations api', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('sends each call to its route and method, with the keep-audience choice on Disconnect', async () => {
    fetchMock.mockImplementation(async () => json(200, { payload: { message: 'ok', connection: { id: 'c1' }, audiences: [], runs: [], connections: [], url: 'https://login' } }));
    await integrationsApi.load();
    await integrationsApi.connect({ platform: 'brevo', secret: 'xkeysib-1' });
    await integrationsApi.audiences('c/1');
    await integrationsApi.link('c1', 'L1');
    await integrationsApi.sync('c1');
    await integrationsApi.disconnect('c1', true);
    await integrationsApi.disconnect('c1', false);
    await integrationsApi.mailchimpSignIn();
    expect(fetchMock.mock.calls.map(([url, init]) => `${init?.method} ${String(url)}`)).toEqual([
      'GET /api/home/v1/integrations',
      'POST /api/home/v1/integrations',
      'GET /api/home/v1/integrations/c%2F1/audiences',
      'POST /api/home/v1/integrations/c1/links',
      'POST /api/home/v1/integrations/c1/sync',
      'DELETE /api/home/v1/integrations/c1?keep_audience=true',
      'DELETE /api/home/v1/integrations/c1?keep_audience=false',
      'GET /api/home/v1/integrations/mailchimp/authorize',
    ]);
    expect(JSON.parse(String(fetchMock.mock.calls[3]![1]?.body))).toEqual({ remote_audience_id: 'L1' });
  });

  it("shows the server's message and field errors, else the shared fallback", async () => {
    fetchMock.mockResolvedValueOnce(json(400, { payload: { message: 'Brevo did not accept this key: Key not found', errors: { secret: 'Bad key' } } }));
    expect(await integrationsApi.connect({ platform: 'brevo', secret: 'x' })).toEqual({ ok: false, message: 'Brevo did not accept this key: Key not found', errors: { secret: 'Bad key' } });
    fetchMock.mockRejectedValueOnce(new Error('offline'));
    expect(await integrationsApi.load()).toEqual({ ok: false, message: INTEGRATION_MESSAGES.loadFailed, errors: {} });
    // A 200 without the connections is broken, not an empty list.
    fetchMock.mockResolvedValueOnce(json(200, { payload: {} }));
    expect(await integrationsApi.load()).toMatchObject({ ok: false, message: INTEGRATION_MESSAGES.loadFailed });
  });
});
