import { describe, expect, it } from 'vitest';
import { providerUrl, retryAfterMsOf, retryDelayMs } from './openai-client';

describe('retryAfterMsOf', () => {
  it('reads retry-after-ms, retry-after in seconds or as a date, and x-ratelimit-reset-requests', () => {
    expect(retryAfterMsOf({ 'retry-after-ms': '250', 'retry-after': '9' })).toBe(250);
    expect(retryAfterMsOf({ 'retry-after': '2' })).toBe(2000);
    expect(retryAfterMsOf({ 'retry-after': 'Wed, 25 Nov 2026 03:00:10 GMT' }, Date.parse('2026-11-25T03:00:00Z'))).toBe(10_000);
    expect(retryAfterMsOf({ 'x-ratelimit-reset-requests': '6m0s' })).toBe(360_000);
    expect(retryAfterMsOf({ 'x-ratelimit-reset-requests': '1.5s' })).toBe(1500);
    expect(retryAfterMsOf({ 'x-ratelimit-reset-requests': '20ms' })).toBe(20);
    expect(retryAfterMsOf({})).toBeNull();
    expect(retryAfterMsOf({ 'retry-after': 'soon' })).toBeNull();
  });
});

describe('retryDelayMs', () => {
  it('waits what the provider asked, but gives up on an ask longer than the cap', () => {
    expect(retryDelayMs(1, 3000, 500, 20_000)).toBe(3000);
    expect(retryDelayMs(1, 30_000, 500, 20_000)).toBeNull();
  });

  it('backs off exponentially with jitter otherwise, never past the cap', () => {
    expect(retryDelayMs(1, null, 500, 20_000, () => 1)).toBe(500);
    expect(retryDelayMs(2, null, 500, 20_000, () => 1)).toBe(1000);
    expect(retryDelayMs(2, null, 500, 20_000, () => 0)).toBe(500);
    expect(retryDelayMs(10, null, 500, 20_000, () => 1)).toBe(20_000);
  });
});

describe('providerUrl', () => {
  it('puts the path under the base URL, with or without its trailing slash', () => {
    expect(providerUrl('https://api.openai.com/v1', 'chat/completions').href).toBe('https://api.openai.com/v1/chat/completions');
    expect(providerUrl('http://127.0.0.1:11434/v1/', 'chat/completions').href).toBe('http://127.0.0.1:11434/v1/chat/completions');
  });
});
