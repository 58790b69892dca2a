import { describe, expect, it } from 'vitest';
import { isExampleHost, STARTER_COPY, starterCopyIn } from './starter-copy';

describe('starter copy left in a message', () => {
  it('finds a template sentence however the markup broke its lines, and only the ones there', () => {
    const text = `Intro of my own.  Tell the main news in two\n      or three sentences. Say why it matters to your readers.`;
    expect(starterCopyIn(text)).toEqual([STARTER_COPY.newsletterStory]);
    expect(starterCopyIn('Three stories from the field this spring.')).toEqual([]);
  });

  it('takes a long run of spaces in one pass', () => {
    expect(starterCopyIn(`${' '.repeat(200_000)}x`)).toEqual([]);
  });

  it('names the documentation domains and their subdomains, not look-alikes', () => {
    expect(['example.com', 'www.example.org', 'EXAMPLE.net.', 'shop.example.com'].map(isExampleHost)).toEqual([true, true, true, true]);
    expect(['myexample.com', 'example.com.evil.io', '', 'lark.example'].map(isExampleHost)).toEqual([false, false, false, false]);
  });
});
