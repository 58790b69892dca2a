// A stored file's name: the SHA-256 of its bytes in hex and the served format's extension. A
// request's path is matched against this before it names anything in storage, so no path
// (../secrets.key) and no other bucket key can be asked for.

const EXTENSIONS: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif' };
const HEX = /^[0-9a-f]{64}$/;

/** The content type served for `key`, or null when `key` is not a media key. */
export function mediaKeyContentType(key: string): string | null {
  // Length first: nothing longer reaches the pattern.
  if (key.length !== 68 || key[64] !== '.') return null;
  if (!HEX.test(key.slice(0, 64))) return null;
  return EXTENSIONS[key.slice(65)] ?? null;
}
