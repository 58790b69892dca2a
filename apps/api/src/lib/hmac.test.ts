import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hmacSha256 } from './hmac';

describe('hmacSha256', () => {
  // Keys shorter than, equal to and longer than SHA-256's 64-byte block, and non-ASCII text.
  const keys = ['', 'k', 'x'.repeat(63), 'y'.repeat(64), 'z'.repeat(65), 'a long secret '.repeat(20), 'clé secrète ✓'];
  const messages = ['', 'o:12345', 'c:9ix:0:https://example.com/?a=1&b=ü', 'm'.repeat(1000)];

  it('equals the crypto module’s HMAC for every key length and message', () => {
    for (const key of keys) {
      const mac = hmacSha256(key);
      for (const message of messages) {
        expect(mac(message).toString('hex')).toBe(createHmac('sha256', key).update(message).digest('hex'));
        expect(mac(Buffer.from(message)).toString('hex')).toBe(createHmac('sha256', key).update(message).digest('hex'));
      }
    }
  });

  it('takes a key given as bytes', () => {
    const key = Buffer.from([0, 255, 1, 254, 128]);
    expect(hmacSha256(key)('text').equals(createHmac('sha256', key).update('text').digest())).toBe(true);
  });

  it('answers differently for another key or another message', () => {
    expect(hmacSha256('a')('m').equals(hmacSha256('b')('m'))).toBe(false);
    expect(hmacSha256('a')('m').equals(hmacSha256('a')('n'))).toBe(false);
  });
});
