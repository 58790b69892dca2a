import { Resolver } from 'node:dns/promises';

/** Looks up a name's TXT records, each as its character-strings (node:dns's resolveTxt shape). */
export type ResolveTxt = (name: string) => Promise<string[][]>;

// A domain whose servers do not answer must not hold a request for long: 3 s a try, 2 tries.
const TIMEOUT_MS = 3_000;
const TRIES = 2;

/** The system's resolver with a short timeout; tests inject their own ResolveTxt instead. */
export function systemResolveTxt(): ResolveTxt {
  const resolver = new Resolver({ timeout: TIMEOUT_MS, tries: TRIES });
  return (name) => resolver.resolveTxt(name);
}

export type TxtLookup = { found: 'match' } | { found: 'no-record' } | { found: 'other-values' } | { found: 'unreachable' };

/** Whether `name` has a TXT record whose value (its strings joined, as RFC 7208 reads them) is `expected`. */
export async function lookUpTxt(resolveTxt: ResolveTxt, name: string, expected: string): Promise<TxtLookup> {
  let records: string[][];
  try {
    records = await resolveTxt(name);
  } catch (error) {
    const code = (error as { code?: string }).code;
    // The name or its TXT records do not exist: the customer has not published it (yet).
    if (code === 'ENOTFOUND' || code === 'ENODATA') return { found: 'no-record' };
    // Timeouts, refused or failing servers, anything else: the DNS did not give an answer.
    return { found: 'unreachable' };
  }
  if (records.length === 0) return { found: 'no-record' };
  return records.some((strings) => strings.join('').trim() === expected) ? { found: 'match' } : { found: 'other-values' };
}
