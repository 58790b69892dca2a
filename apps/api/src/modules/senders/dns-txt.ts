import { checkTxt, dnsLookup } from './dns-resolver';

/** Looks up a name's TXT records, each as its character-strings (node:dns's resolveTxt shape). */
export type ResolveTxt = (name: string) => Promise<string[][]>;

/** The system's resolver with a short timeout (dns-resolver.ts); tests inject their own ResolveTxt instead. */
export function systemResolveTxt(): ResolveTxt {
  const dns = dnsLookup();
  return (name) => dns.txt(name);
}

export type TxtLookup = { found: 'match' } | { found: 'no-record' } | { found: 'other-values' } | { found: 'unreachable' };

/** Whether `name` has a TXT record whose value (its strings joined, as RFC 7208 reads them) is `expected`. */
export async function lookUpTxt(resolveTxt: ResolveTxt, name: string, expected: string): Promise<TxtLookup> {
  const check = await checkTxt({ txt: resolveTxt }, name, expected);
  return check.found === 'other-values' ? { found: 'other-values' } : check;
}
