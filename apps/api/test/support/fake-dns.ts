import type { ResolveTxt } from '../../src/modules/senders/dns-txt';

// A stand-in for DNS TXT look-ups (sender domain verification), shaped like node:dns's
// resolveTxt: records as arrays of character-strings, failures as errors with node's codes.

export function fakeDns() {
  const records = new Map<string, string[][]>();
  const failures = new Map<string, string>();
  const resolveTxt: ResolveTxt = async (name) => {
    const key = name.toLowerCase();
    const failure = failures.get(key);
    if (failure) throw Object.assign(new Error(`queryTxt ${failure} ${name}`), { code: failure });
    const found = records.get(key);
    if (!found) throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
    return found;
  };
  return {
    resolveTxt,
    /** Adds a TXT record at `name`, split into character-strings as a long value is in DNS. */
    publish(name: string, value: string) {
      const strings = value.length > 20 ? [value.slice(0, 20), value.slice(20)] : [value];
      records.set(name.toLowerCase(), [...(records.get(name.toLowerCase()) ?? []), strings]);
    },
    /** Every look-up of `name` fails with this code (ETIMEOUT, ESERVFAIL, ENODATA …). */
    fail(name: string, code: string) {
      failures.set(name.toLowerCase(), code);
    },
  };
}
