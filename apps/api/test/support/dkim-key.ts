import { generateKeyPairSync } from 'node:crypto';
import { dkimVerify } from 'mailauth/lib/dkim/verify';
import type { DkimSettings } from '../../src/mail/dkim';

/**
 * A fresh DKIM key for lark.example (selector "postlark"), and a verifier that finds its public
 * key where a receiver would, in DNS, answered here without a network.
 */
export function testDkimKey() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const settings: DkimSettings = { domainName: 'lark.example', keySelector: 'postlark', privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() };
  const record = `v=DKIM1; k=rsa; p=${publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`;
  const resolver = async (name: string, type: string) => {
    if (name === 'postlark._domainkey.lark.example' && type === 'TXT') return [[record]];
    throw Object.assign(new Error(`no ${type} record for ${name}`), { code: 'ENOTFOUND' });
  };
  return {
    settings,
    /** The first signature's result (pass, fail, …) and its domain. */
    async verify(raw: string) {
      const [result] = (await dkimVerify(Buffer.from(raw), { resolver })).results;
      return { result: result?.status.result, domain: result?.signingDomain };
    },
  };
}

let platformKey: ReturnType<typeof testDkimKey> | undefined;

/**
 * The test apps' platform key (DKIM_DOMAIN lark.example), made once per test process: the settings
 * every test app gets unless it gives its own.
 */
export function platformDkimSettings(): Record<string, string> {
  platformKey ??= testDkimKey();
  const { settings } = platformKey;
  return { DKIM_DOMAIN: settings.domainName, DKIM_SELECTOR: settings.keySelector, DKIM_PRIVATE_KEY: settings.privateKey };
}

/** Verifies a message signed with the test apps' platform key (see platformDkimSettings). */
export function platformDkimVerify(raw: string) {
  platformKey ??= testDkimKey();
  return platformKey.verify(raw);
}
