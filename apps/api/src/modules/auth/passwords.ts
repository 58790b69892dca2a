import { readFileSync } from 'node:fs';
import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline: 19 MiB of memory, 2 passes, one lane. (@node-rs/argon2 defaults to
// argon2id; its Algorithm enum is a const enum that isolated modules cannot read.)
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash is a mismatch, not a crash.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same work as checking a real password, for sign-ins to addresses with no account:
 * an unknown email and a wrong password then take the same time.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password-0!A');
  await verifyPassword(await dummyHash, password);
  return false;
}

let commonPasswords: Set<string> | undefined;

/** Whether the password (case-insensitively) is among the 10,000 most common (wordlists/README.md). */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(
    readFileSync(new URL('./wordlists/common-passwords.txt', import.meta.url), 'utf8').split('\n').filter(Boolean),
  );
  return commonPasswords.has(password.toLowerCase());
}
