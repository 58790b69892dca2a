import { describe, expect, it } from 'vitest';
import { toPlatformMergeTags } from './platform-merge-tags';

const mailchimp = (field: string) => ({ email: '*|EMAIL|*', first_name: '*|FNAME|*' })[field] ?? null;
const brevo = (field: string) => ({ first_name: '{{ contact.FIRSTNAME }}' })[field] ?? null;

describe('merge tags in a platform’s syntax', () => {
  it('translates plain variables, with or without spaces', () => {
    expect(toPlatformMergeTags('Hi {{first_name}}, {{ email }}!', mailchimp)).toEqual({ text: 'Hi *|FNAME|*, *|EMAIL|*!', problem: null });
    expect(toPlatformMergeTags('Hi {{ first_name }}', brevo)).toEqual({ text: 'Hi {{ contact.FIRSTNAME }}', problem: null });
  });

  it('names the first variable the platform has nothing for', () => {
    expect(toPlatformMergeTags('{{ first_name }} {{ engagement.band }} {{ city }}', mailchimp).problem).toEqual({ kind: 'unsupported', tag: 'engagement.band' });
  });

  it('refuses conditions, filters and a tag left open', () => {
    expect(toPlatformMergeTags('{% if first_name %}Hi{% endif %}', mailchimp).problem).toEqual({ kind: 'liquid' });
    expect(toPlatformMergeTags('{{ first_name | upcase }}', mailchimp).problem).toEqual({ kind: 'liquid' });
    expect(toPlatformMergeTags('Hi {{ first_name', mailchimp).problem).toEqual({ kind: 'liquid' });
  });

  it('refuses a megabyte of open braces (a bounded, brace-free pattern: no slow path)', () => {
    expect(toPlatformMergeTags('{{'.repeat(500_000), mailchimp).problem).toEqual({ kind: 'liquid' });
  });
});
