import { describe, expect, it } from 'vitest';
import { newSigningSecret, signWebhook, verifyWebhook } from './signature';

// The Standard Webhooks specification's published test vector: matching it means receivers can
// verify our deliveries with that specification's libraries (standardwebhooks, svix).
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const ID = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
const TIMESTAMP = 1614265330;
const BODY = '{"test": 2432232314}';

describe('webhook signatures', () => {
  it('reproduces the Standard Webhooks reference signature', () => {
    expect(signWebhook(SECRET, ID, TIMESTAMP, BODY)).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('verifies its own signature and refuses a changed body, id, time or secret', () => {
    const signature = signWebhook(SECRET, ID, TIMESTAMP, BODY);
    const headers = { id: ID, timestamp: String(TIMESTAMP), signature };
    expect(verifyWebhook(SECRET, headers, BODY)).toBe(true);
    expect(verifyWebhook(SECRET, headers, '{"test": 2432232315}')).toBe(false);
    expect(verifyWebhook(SECRET, { ...headers, id: 'msg_other' }, BODY)).toBe(false);
    expect(verifyWebhook(SECRET, { ...headers, timestamp: String(TIMESTAMP + 1) }, BODY)).toBe(false);
    expect(verifyWebhook(newSigningSecret(), headers, BODY)).toBe(false);
  });

  it('makes a fresh whsec_ secret of 32 bytes each time', () => {
    const secret = newSigningSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    expect(newSigningSecret()).not.toBe(secret);
  });
});
