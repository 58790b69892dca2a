import { AI_MESSAGES } from '@postlark/shared/ai';
import { describe, expect, it } from 'vitest';
import { cleanLine, missingInput, parseAlt, parseDraft, parseRewrite, parseSuggestions, promptFor, type PromptInput, REWRITE_ANSWER_CHARS, SUGGESTIONS_ANSWER_CHARS, unwrapRewrite } from './prompts';

const input = (overrides: Partial<PromptInput>): PromptInput => ({ task: 'subjects', subject: '', preheader: '', content: '', audience: [], selection: '', style: undefined, brief: '', imageName: '', ...overrides });

describe('parseAlt', () => {
  it('takes the first line that is not an introduction, without its label, bullet or quotes', () => {
    expect(parseAlt('Alt text: "Linen shirts on a line"')).toBe('Linen shirts on a line');
    expect(parseAlt('Here is a suggestion:\n\n- “A bowl of ramen”\nSecond idea')).toBe('A bowl of ramen');
    expect(parseAlt('```\nALT: A red bicycle\n```')).toBe('A red bicycle');
  });

  it('cuts a description longer than the library keeps at a word, and refuses an empty answer', () => {
    const cut = parseAlt('word '.repeat(100));
    expect(cut.length).toBeLessThanOrEqual(300);
    expect(cut.endsWith('word')).toBe(true);
    expect(() => parseAlt('Here you go:\n\n')).toThrow(AI_MESSAGES.garbage);
  });
});

describe('parseSuggestions', () => {
  it('takes the items of a list however they are marked, keeping a number that belongs to the line', () => {
    const answer = '**1.** 5-day sale starts now\n2) 3 ideas for the weekend\n3 - Fresh picks\n- "Spring, finally"\nSubject 5: New in: linen';
    expect(parseSuggestions(answer, 300)).toEqual(['5-day sale starts now', '3 ideas for the weekend', 'Fresh picks', 'Spring, finally', 'New in: linen']);
  });

  it('is garbage with fewer than five usable lines (duplicates and overlong ones do not count)', () => {
    expect(() => parseSuggestions('1. A\n2. A\n3. B\n4. C\n5. ' + 'x'.repeat(301), 300)).toThrow(AI_MESSAGES.garbage);
  });
});

describe('parseRewrite', () => {
  it('takes the text out of quotes, fences and the prompt’s markers', () => {
    expect(parseRewrite('“Hello there.”')).toBe('Hello there.');
    expect(parseRewrite('<<<\nHello there.\n>>>')).toBe('Hello there.');
    expect(() => parseRewrite('  ')).toThrow(AI_MESSAGES.garbage);
  });
});

// A provider's answer may be 1 MB. Before issue 31 these took minutes (the `<<< … >>>` strip and the
// quotes pattern backtracked quadratically: 0.55 s on 40 KB); each is one pass now.
describe('answers of a megabyte', () => {
  const MB = 1024 * 1024;

  it('strips markers and quotes from 1 MB of spaces or quotes between two letters in one pass', () => {
    const spaced = `a${' '.repeat(MB)}b`;
    expect(unwrapRewrite(spaced)).toBe(spaced);
    expect(unwrapRewrite(`<<<${' '.repeat(MB)}${spaced}${' '.repeat(MB)}>>>`)).toBe(spaced);
    const quoted = `a${'"'.repeat(MB)}b`;
    expect(cleanLine(quoted)).toBe(quoted);
    expect(cleanLine(`1. ${'“'.repeat(MB)}Spring sale${'”'.repeat(MB)}`)).toBe('Spring sale');
  });

  it('reads no more of an answer than its task can use: a longer one is garbage, refused before any pattern', () => {
    expect(() => parseRewrite(`a${' '.repeat(MB)}b`)).toThrow(AI_MESSAGES.garbage);
    expect(() => parseSuggestions(`a${'"'.repeat(MB)}b`, 300)).toThrow(AI_MESSAGES.garbage);
    expect(() => parseDraft(`<p>a${'<'.repeat(MB)}b</p>`)).toThrow(AI_MESSAGES.garbage);
    // At the cap, it is read.
    const longest = `a${' '.repeat(REWRITE_ANSWER_CHARS - 2)}b`;
    expect(parseRewrite(longest)).toBe(longest);
    const list = ['One', 'Two', 'Three', 'Four', 'Five'].map((line, index) => `${index + 1}. ${line}`).join('\n');
    expect(parseSuggestions(list.padEnd(SUGGESTIONS_ANSWER_CHARS, ' '), 300)).toEqual(['One', 'Two', 'Three', 'Four', 'Five']);
  });
});

describe('promptFor and missingInput', () => {
  it('asks each rewrite style in words and keeps the selection as written', () => {
    const [, user] = promptFor(input({ task: 'rewrite', selection: 'Hi {{ first_name }}', style: 'shorter' }));
    expect(user?.content).toContain('Make it noticeably shorter');
    expect(user?.content).toContain('Hi {{ first_name }}');
  });

  it('names what a task needs first', () => {
    expect(missingInput(input({ task: 'subjects' }))).toBe(AI_MESSAGES.contentRequired);
    expect(missingInput(input({ task: 'subjects', content: 'Hello' }))).toBeNull();
    expect(missingInput(input({ task: 'rewrite' }))).toBe(AI_MESSAGES.selectionRequired);
    expect(missingInput(input({ task: 'draft', brief: ' ' }))).toBe(AI_MESSAGES.briefRequired);
  });
});
