import { describe, expect, it } from 'vitest';
import { checkSubject, SUBJECT_CHECK_MAX_INPUT, SUBJECT_CHECK_TEXTS as T, SUBJECT_INBOX_CHARS, type SubjectCheckId } from './subject-check';

const finding = (subject: string, id: SubjectCheckId) => checkSubject(subject).findings.find((item) => item.id === id);

describe('checkSubject', () => {
  it('says nothing about an empty subject', () => {
    expect(checkSubject('   ')).toEqual({ length: 0, summary: '', phoneText: '', findings: [] });
  });

  it('passes a short, plain, personal subject on every point', () => {
    const check = checkSubject('{{ first_name }}, your June picks');
    expect(check.summary).toBe('33 characters');
    expect(check.findings.map((item) => [item.id, item.state])).toEqual([
      ['phone', 'good'],
      ['desktop', 'good'],
      ['spam', 'good'],
      ['caps', 'good'],
      ['punctuation', 'good'],
      ['emoji', 'good'],
      ['personal', 'good'],
    ]);
    expect(finding('{{ first_name }}, your June picks', 'personal')?.message).toBe(T.personal);
  });

  it('shows what a phone keeps of a longer subject, and warns past the desktop width', () => {
    const medium = 'Our spring collection is here: linen shirts';
    expect(medium.length).toBeGreaterThan(SUBJECT_INBOX_CHARS.phone);
    expect(checkSubject(medium).phoneText).toBe('Our spring collection is here: line');
    expect(finding(medium, 'phone')).toEqual({ id: 'phone', state: 'warn', message: T.phoneCut('Our spring collection is here: line') });
    expect(finding(medium, 'desktop')?.state).toBe('good');

    const long = 'Our spring collection is here, with linen shirts, light jackets and sandals';
    expect(finding(long, 'desktop')).toEqual({ id: 'desktop', state: 'warn', message: T.desktopCut });
  });

  it('counts an emoji or an accented letter as one character', () => {
    expect(checkSubject('Café 👩‍👩‍👧 news').length).toBe(11);
    expect(finding('Hello 🎉', 'emoji')).toEqual({ id: 'emoji', state: 'good', message: '1 emoji' });
    expect(finding('Sale 🎉🔥💥 now', 'emoji')).toEqual({ id: 'emoji', state: 'warn', message: T.emojiMany(3) });
    expect(finding('Top 10 reads', 'emoji')?.message).toBe('No emoji');
  });

  it('names spam-trigger words and phrases, whole words only', () => {
    expect(finding('Act now: a GUARANTEED winner', 'spam')?.message).toBe(T.spamFound(['act now', 'guaranteed', 'winner']));
    expect(finding('Risk-free trial, click here', 'spam')?.message).toBe(T.spamFound(['risk-free', 'click here']));
    // "winners" and "urgently" are other words; "free" alone is everyday.
    expect(finding('Meet the winners, urgently needed free tips', 'spam')?.state).toBe('good');
  });

  it('finds shouting words but lets acronyms and merge tags be', () => {
    expect(finding('HUGE news from the FAQ team', 'caps')).toEqual({ id: 'caps', state: 'warn', message: T.capsFound(['HUGE']) });
    expect(finding('New AI tools for the USA', 'caps')?.state).toBe('good');
    expect(finding('{{ FIRST_NAME }}, see this', 'caps')?.state).toBe('good');
    expect(finding('BIG SAL ON NOW AT OUR SHOP', 'caps')?.message).toBe(T.capsFound(['SHOP']));
    expect(finding('BIG SAL ON NOW OK', 'caps')?.message).toBe(T.capsMostly);
  });

  it('finds repeated punctuation', () => {
    expect(finding('Ready?! Go!!! Cheap $$', 'punctuation')?.message).toBe(T.punctuationFound(['?!', '!!!', '$$']));
    expect(finding('Ready? Go!', 'punctuation')?.state).toBe('good');
  });

  it('suggests a merge tag when there is none', () => {
    expect(finding('Your June picks', 'personal')).toEqual({ id: 'personal', state: 'tip', message: T.personalNone });
  });

  it('looks only at the first characters of a huge input, and in one pass', () => {
    const huge = `${'!'.repeat(200_000)}${'{{'.repeat(200_000)}${'A'.repeat(200_000)}`;
    const check = checkSubject(huge);
    expect(check.length).toBe(SUBJECT_CHECK_MAX_INPUT);
    expect(check.findings.find((item) => item.id === 'punctuation')?.state).toBe('warn');
  });
});
