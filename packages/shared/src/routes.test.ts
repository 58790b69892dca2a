import { describe, expect, it } from 'vitest';
import { isRenderedPage } from './routes';

describe('isRenderedPage', () => {
  it.each(['/', '/landing', '/landing/', '/faq', '/term', '/terms', '/privacy', '/policies', '/signup', '/basic', '/login', '/forget-password', '/dashboard', '/dashboard/profile', '/platform-integration', '/confirm-email'])('knows %s', (path) => {
    expect(isRenderedPage(path)).toBe(true);
  });

  it.each(['/nope', '/landing/extra', '/api'])('does not know %s', (path) => {
    expect(isRenderedPage(path)).toBe(false);
  });
});
