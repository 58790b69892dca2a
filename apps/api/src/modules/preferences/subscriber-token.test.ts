import { describe, expect, it } from 'vitest';
import { subscriberTokens } from './subscriber-token';

const ID = '0b6f2a3e-52c4-4d0e-9c51-5f1a9b7c1234';

describe('subscriber tokens', () => {
  const tokens = subscriberTokens('a-server-secret');

  it('leads back to the subscriber it was made for', () => {
    const token = tokens.tokenFor(ID);
    expect(token).toMatch(/^[A-Za-z0-9_-]{44}$/);
    expect(tokens.subscriberOf(token)).toBe(ID);
  });

  it('refuses a token with any character changed, another secret\'s, and junk', () => {
    const token = tokens.tokenFor(ID);
    for (let index = 0; index < token.length; index += 1) {
      const changed = token.slice(0, index) + (token[index] === 'A' ? 'B' : 'A') + token.slice(index + 1);
      expect(tokens.subscriberOf(changed), `position ${index}`).toBeNull();
    }
    expect(subscriberTokens('another-secret').subscriberOf(token)).toBeNull();
    for (const junk of ['', ID, token.slice(1), `${token}A`, '../../etc/passwd']) expect(tokens.subscriberOf(junk)).toBeNull();
  });
});
