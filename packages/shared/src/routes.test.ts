import { describe, expect, it } from 'vitest';
import { hidesFooter, isRenderedPage } from './routes';

describe('isRenderedPage', () => {
  it.each(['/', '/landing', '/landing/', '/faq', '/term', '/terms', '/privacy', '/policies', '/signup', '/basic', '/login', '/forget-password', '/dashboard', '/dashboard/profile', '/platform-integration', '/confirm-email', '/dashboard/subscribers', '/dashboard/lists', '/dashboard/products', '/dashboard/automations', '/dashboard/automations/0b6f2a3e-52c4-4d0e-9c51-5f1a9b7c1234', '/dashboard/subscribers/0b6f2a3e-52c4-4d0e-9c51-5f1a9b7c1234', `/u/${'A'.repeat(22)}.${'b'.repeat(22)}`, '/f/0b6f2a3e-52c4-4d0e-9c51-5f1a9b7c1234', '/confirm-subscription'])('knows %s', (path) => {
    expect(isRenderedPage(path)).toBe(true);
  });

  it.each(['/nope', '/landing/extra', '/api', '/dashboard/subscribers/not-an-id', '/dashboard/automations/not-an-id', '/dashboard/subscribers/0b6f2a3e-52c4-4d0e-9c51-5f1a9b7c1234/more', '/u/short', `/u/${'A'.repeat(22)}.${'b'.repeat(22)}/one-click`, `/u/${'A'.repeat(44)}`])('does not know %s', (path) => {
    expect(isRenderedPage(path)).toBe(false);
  });
});

describe('hidesFooter', () => {
  it.each(['/signup', '/login/', '/dashboard', '/dashboard/profile', '/dashboard/lists', '/dashboard/subscribers/abc', '/confirm-subscription', '/f/0b6f2a3e-52c4-4d0e-9c51-5f1a9b7c1234'])('hides it on %s', (path) => {
    expect(hidesFooter(path)).toBe(true);
  });

  it.each(['/landing', '/faq', '/dashboardish'])('shows it on %s', (path) => {
    expect(hidesFooter(path)).toBe(false);
  });
});
