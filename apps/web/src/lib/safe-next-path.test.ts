import { describe, expect, it } from 'vitest';
import { loginPathFor, safeNextPath } from './safe-next-path';

describe('safeNextPath', () => {
  it.each([
    ['/dashboard', '/dashboard'],
    ['/dashboard/profile?tab=billing', '/dashboard/profile?tab=billing'],
    ['/platform-integration#top', '/platform-integration#top'],
  ])('keeps the same-site path %s', (value, expected) => {
    expect(safeNextPath(value)).toBe(expected);
  });

  it.each([null, '', 'dashboard', 'https://evil.example/', '//evil.example/x', '/\\evil.example', '/\t/evil.example', 'javascript:alert(1)'])(
    'refuses %s',
    (value) => {
      expect(safeNextPath(value)).toBeNull();
    },
  );

  it('builds the sign-in address that returns to a path', () => {
    const login = loginPathFor('/login', '/dashboard/profile?tab=contact');
    expect(login).toBe('/login?next=%2Fdashboard%2Fprofile%3Ftab%3Dcontact');
    expect(safeNextPath(new URLSearchParams(login.split('?')[1]).get('next'))).toBe('/dashboard/profile?tab=contact');
  });
});
