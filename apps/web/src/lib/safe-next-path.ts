// Where sign-in returns to (`/login?next=...`). Only a path on this site: an absolute or
// protocol-relative address would make the sign-in page an open redirect.
const PROBE_ORIGIN = 'http://same-site.invalid';

/** The path, search and hash of `value` when it names a page on this site, else null. */
export function safeNextPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return null;
  }
  // The URL parser drops tabs and newlines, so '/\t/evil.example' parses to another host.
  if (url.origin !== PROBE_ORIGIN) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `/login?next=<path>` for a signed-out visit to `path`. */
export function loginPathFor(login: string, path: string): string {
  return `${login}?${new URLSearchParams({ next: path }).toString()}`;
}
