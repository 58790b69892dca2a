import { generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import type { SecretBox } from '../../lib/secret-box';

// A sending domain's DKIM key: RSA 2048 (RFC 8301 asks for at least 1024, receivers such as Gmail
// prefer 2048), made off the event loop (a key takes tens of milliseconds to find).

const makeKeyPair = promisify(generateKeyPair);

/** The context a domain's private key is sealed to: a sealed key copied to another row does not open. */
export const dkimKeyContext = (domainId: string) => `sender-domain:${domainId}:dkim`;

export interface NewDkimKey {
  /** A DNS label unique to this key, so several accounts (or a new key later) never share one. */
  selector: string;
  privateKey: string;
  publicKey: string;
}

export async function newDkimKey(secrets: SecretBox, domainId: string): Promise<NewDkimKey> {
  const { privateKey, publicKey } = await makeKeyPair('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  return {
    selector: `pl${randomBytes(5).toString('hex')}`,
    privateKey: await secrets.seal(pem, dkimKeyContext(domainId)),
    publicKey: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
  };
}
