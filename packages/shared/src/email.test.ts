import { describe, expect, it } from 'vitest';
import { normalizeEmail } from './email';

describe('normalizeEmail', () => {
  it('trims and lower-cases the domain but keeps the local part', () => {
    expect(normalizeEmail('  Ada.Lovelace@Example.COM ')).toBe('Ada.Lovelace@example.com');
  });

  it('leaves a string without @ trimmed only', () => {
    expect(normalizeEmail(' Ada ')).toBe('Ada');
  });
});
