import { describe, expect, it } from 'vitest';
import { linkTokens } from './link-tokens';

const SUBSCRIBER = '0b6f2a3e-52c4-4d0e-9c51-5f1a9b7c1234';
const LIST = 'f1e2d3c4-b5a6-4978-8a9b-0c1d2e3f4a5b';

describe('link tokens', () => {
  const tokens = linkTokens('a-server-secret');

  it('lead back to the ids they were made for', () => {
    expect(tokens.idsOf('preferences', tokens.tokenFor('preferences', [SUBSCRIBER]), 1)).toEqual([SUBSCRIBER]);
    expect(tokens.idsOf('confirm', tokens.tokenFor('confirm', [SUBSCRIBER, LIST]), 2)).toEqual([SUBSCRIBER, LIST]);
  });

  it('refuse any changed character, another secret, another purpose, and junk', () => {
    const token = tokens.tokenFor('preferences', [SUBSCRIBER]);
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}$/);
    for (let index = 0; index < token.length; index += 1) {
      if (token[index] === '.') continue;
      const changed = token.slice(0, index) + (token[index] === 'A' ? 'B' : 'A') + token.slice(index + 1);
      expect(tokens.idsOf('preferences', changed, 1), `position ${index}`).toBeNull();
    }
    expect(linkTokens('another-secret').idsOf('preferences', token, 1)).toBeNull();
    expect(tokens.idsOf('confirm', token, 1)).toBeNull();
    for (const junk of ['', SUBSCRIBER, token.slice(1), `${token}A`, `${token}.x`, '../../etc/passwd']) expect(tokens.idsOf('preferences', junk, 1)).toBeNull();
  });
});
