import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

// Secrets the server must use again later (webhook signing secrets, platforms' API tokens) are
// kept sealed with AES-256-GCM under one key that is not in the database: SECRETS_KEY, or a key
// made on first start in the data directory. A stolen database dump alone opens none of them.

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const SECRETS_KEY_BYTES = 32;

export interface SecretBox {
  /**
   * Seals `plain`, bound to `context`: its purpose and the row's id (`connections:<id>`), so a
   * sealed value copied to another row, or to another kind of secret with the same id, does not open.
   */
  seal(plain: string, context: string): Promise<string>;
  open(sealed: string, context: string): Promise<string>;
}

export function secretBoxWith(key: Buffer): SecretBox {
  if (key.length !== SECRETS_KEY_BYTES) throw new Error(`a secrets key is ${SECRETS_KEY_BYTES} bytes`);
  return {
    async seal(plain, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
    },
    async open(sealed, context) {
      const [version, packed = ''] = sealed.split('.');
      if (version !== VERSION) throw new Error('sealed secret: unknown format');
      const bytes = Buffer.from(packed, 'base64url');
      // GCM takes a tag as short as 4 bytes unless told its length: a sealed value cut down to
      // its IV and the tag's first bytes would then open with far fewer guesses. Only whole tags.
      if (bytes.length < IV_BYTES + TAG_BYTES) throw new Error('sealed secret: too short');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
  };
}

const KEY_FILE = 'secrets.key';

/**
 * The key in `<dataDir>/secrets.key`, made (readable by this user only) when it is not there yet.
 * Two processes starting at once agree: the second one's exclusive create fails and it reads the first's.
 */
export async function dataDirSecretsKey(dataDir: string): Promise<Buffer> {
  const file = path.join(dataDir, KEY_FILE);
  await mkdir(dataDir, { recursive: true });
  try {
    await writeFile(file, `${randomBytes(SECRETS_KEY_BYTES).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const key = Buffer.from((await readFile(file, 'utf8')).trim(), 'base64');
  if (key.length !== SECRETS_KEY_BYTES) throw new Error(`${file} must hold ${SECRETS_KEY_BYTES} bytes in base64; it was changed or truncated`);
  return key;
}

/**
 * A box whose key is loaded on first use: an account that never stores a secret never makes the
 * key file, and a key that cannot be read fails that one operation, not the server's start.
 */
export function lazySecretBox(loadKey: () => Promise<Buffer>): SecretBox {
  let box: Promise<SecretBox> | undefined;
  const ready = () => {
    box ??= loadKey().then(secretBoxWith, (error: unknown) => {
      box = undefined;
      throw error;
    });
    return box;
  };
  return {
    seal: async (plain, context) => (await ready()).seal(plain, context),
    open: async (sealed, context) => (await ready()).open(sealed, context),
  };
}

/** The server's box: SECRETS_KEY when set, else the data directory's key, loaded on first use. */
export function secretBoxFrom(config: { SECRETS_KEY?: Buffer; DATA_DIR: string }): SecretBox {
  return lazySecretBox(async () => config.SECRETS_KEY ?? dataDirSecretsKey(config.DATA_DIR));
}
