import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { dataDirSecretsKey, lazySecretBox, secretBoxWith } from './secret-box';

describe('secret box', () => {
  const box = secretBoxWith(randomBytes(32));

  it('opens what it sealed, and the sealed text shows nothing of the secret', async () => {
    const sealed = await box.seal('whsec_top-secret', 'endpoint-1');
    expect(sealed).not.toContain('top-secret');
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(await box.open(sealed, 'endpoint-1')).toBe('whsec_top-secret');
    // A fresh IV each time: the same secret never seals to the same text.
    expect(await box.seal('whsec_top-secret', 'endpoint-1')).not.toBe(sealed);
  });

  it('refuses a value moved to another row, changed, or sealed under another key', async () => {
    const sealed = await box.seal('whsec_abc', 'endpoint-1');
    await expect(box.open(sealed, 'endpoint-2')).rejects.toThrow();
    const bytes = Buffer.from(sealed.slice(3), 'base64url');
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 1) ^ 1, bytes.length - 1);
    await expect(box.open(`v1.${bytes.toString('base64url')}`, 'endpoint-1')).rejects.toThrow();
    await expect(secretBoxWith(randomBytes(32)).open(sealed, 'endpoint-1')).rejects.toThrow();
  });

  it('refuses a value whose authentication tag was cut short', async () => {
    // An empty secret seals to its IV and tag only, so cutting the text cuts the tag: with 4 of
    // its 16 bytes left, GCM would check just those (one chance in 2^32 to forge, not 2^128).
    const sealed = await box.seal('', 'endpoint-1');
    const bytes = Buffer.from(sealed.slice(3), 'base64url');
    expect(bytes).toHaveLength(12 + 16);
    for (const kept of [4, 8, 12, 15]) {
      await expect(box.open(`v1.${bytes.subarray(0, 12 + kept).toString('base64url')}`, 'endpoint-1'), `${kept} bytes of tag`).rejects.toThrow();
    }
    expect(await box.open(sealed, 'endpoint-1')).toBe('');
  });

  it('makes the key file once, readable by its owner only, and reads the same key after', async () => {
    const dir = path.join(await mkdtemp(path.join(tmpdir(), 'secret-box-')), 'data');
    const first = await dataDirSecretsKey(dir);
    const again = await dataDirSecretsKey(dir);
    expect(again.equals(first)).toBe(true);
    expect((await stat(path.join(dir, 'secrets.key'))).mode & 0o777).toBe(0o600);
    expect(Buffer.from((await readFile(path.join(dir, 'secrets.key'), 'utf8')).trim(), 'base64').length).toBe(32);
    const lazy = lazySecretBox(() => dataDirSecretsKey(dir));
    expect(await secretBoxWith(first).open(await lazy.seal('x', 'c'), 'c')).toBe('x');
  });
});
