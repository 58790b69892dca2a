import { describe, expect, it } from 'vitest';
import { AI_MESSAGES, type AiProviderView } from '@postlark/shared/ai';
import { draftHtml, rewriteHtml, suggestionLines, unavailableReason, visibleText } from './ai-answers';

describe('suggestionLines', () => {
  it('offers only finished lines while streaming, without numbers or quotes', () => {
    expect(suggestionLines('1. Your spring picks\n2) "Fresh arrivals"\n3. Three id', false)).toEqual(['Your spring picks', 'Fresh arrivals']);
    expect(suggestionLines('1. Your spring picks\n2) "Fresh arrivals"\n3. Three ideas', true)).toEqual(['Your spring picks', 'Fresh arrivals', 'Three ideas']);
  });

  it('keeps five, and skips blank lines and bullets', () => {
    expect(suggestionLines('- a\n\n* b\n• c\nd\ne\nf\n', true)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});

describe('unavailableReason', () => {
  const view = (change: Partial<AiProviderView>): AiProviderView => ({ provider: null, server_default: true, free_attempts_left: 3, ...change });
  it('says how to connect a provider when there is none, or no free attempt left', () => {
    expect(unavailableReason(view({ server_default: false }))).toBe(AI_MESSAGES.noProvider);
    expect(unavailableReason(view({ free_attempts_left: 0 }))).toBe(AI_MESSAGES.noAttemptsLeft);
  });
  it('lets the assistant answer on attempts left or on the account’s own provider', () => {
    expect(unavailableReason(view({}))).toBeNull();
    expect(unavailableReason(view({ free_attempts_left: 0, provider: { base_url: 'https://x.test/v1', model: 'm', updated_at: '' } }))).toBeNull();
    expect(unavailableReason(null)).toBeNull();
  });
});

describe('draft and rewrite text', () => {
  it('shows a streaming draft’s words without its tags', () => {
    expect(visibleText('<h2>Spring</h2>\n<p>Our <strong>new</strong> coll')).toBe('Spring Our new coll');
  });
  it('keeps a model’s HTML and wraps plain paragraphs, escaped', () => {
    expect(draftHtml(' <p>Hi</p> ')).toBe('<p>Hi</p>');
    expect(draftHtml('Hi & bye\n\nSee <you>')).toBe('<p>Hi &amp; bye</p><p>See &lt;you&gt;</p>');
  });
  it('turns a rewrite into escaped text, or paragraphs when it has several', () => {
    expect(rewriteHtml('Short <b>and</b> sweet\n')).toBe('Short &lt;b&gt;and&lt;/b&gt; sweet');
    expect(rewriteHtml('One\n\nTwo')).toBe('<p>One</p><p>Two</p>');
  });
});
