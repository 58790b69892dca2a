import { describe, expect, it } from 'vitest';
import { attributeTag, mergeTag } from './merge-tags';

describe('merge tags', () => {
  it('writes a field, with a fallback in the Liquid default filter', () => {
    expect(mergeTag('first_name')).toBe('{{ first_name }}');
    expect(mergeTag('first_name', 'there')).toBe('{{ first_name | default: "there" }}');
  });

  it('keeps a double quote from ending the fallback early', () => {
    expect(mergeTag('first_name', 'my "friend"')).toBe('{{ first_name | default: "my ”friend”" }}');
  });

  it('writes attributes under attributes., and refuses names that could not be one', () => {
    expect(attributeTag(' plan ')).toBe('{{ attributes.plan }}');
    expect(attributeTag('company_name', 'your company')).toBe('{{ attributes.company_name | default: "your company" }}');
    expect(attributeTag('2fast')).toBeNull();
    expect(attributeTag('a b')).toBeNull();
    expect(attributeTag('')).toBeNull();
  });
});
