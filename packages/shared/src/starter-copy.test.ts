import { describe, expect, it } from 'vitest';
import { isExampleLink, STARTER_COPY, starterCopyIn } from './starter-copy';

describe('starter copy left in a message', () => {
  it('finds a template sentence however the markup broke its lines, and only the ones there', () => {
    const text = `Intro of my own.  Tell the main news in two\n      or three sentences. Say why it matters to your readers.`;
    expect(starterCopyIn(text)).toEqual([STARTER_COPY.newsletterStory]);
    expect(starterCopyIn('Three stories from the field this spring.')).toEqual([]);
  });

  it('takes a long run of spaces in one pass', () => {
    expect(starterCopyIn(`${' '.repeat(200_000)}x`)).toEqual([]);
  });

  it('names links to the documentation domains and their subdomains, not look-alikes', () => {
    expect(['https://example.com', 'http://www.example.org/a', 'https://EXAMPLE.net./x', 'https://shop.example.com/cart'].map(isExampleLink)).toEqual([true, true, true, true]);
    expect(['https://myexample.com', 'https://example.com.evil.io', 'mailto:a@example.com', 'not a url', 'https://lark.example'].map(isExampleLink)).toEqual([false, false, false, false, false]);
  });
});
