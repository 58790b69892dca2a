import { lookup as lookUpHost, Resolver } from 'node:dns/promises';
import { isIP } from 'node:net';

/**
 * The product's one way to ask DNS (sending-domain checks: DKIM, return path, DMARC, link
 * domains). Records come in node:dns's shapes and failures as errors carrying node:dns's codes
 * (ENOTFOUND: no such name; ENODATA: the name has no record of that type; ETIMEOUT, ESERVFAIL,
 * EREFUSED, ECONNREFUSED: no answer), so `lookUp` below can tell "not published" from "not known".
 */
export interface DnsLookup {
  /** TXT records, each as its character-strings (join them to read the value, as RFC 7208 does). */
  txt(name: string): Promise<string[][]>;
  /** The name a CNAME at `name` points to (one entry; DNS allows no more). */
  cname(name: string): Promise<string[]>;
  mx(name: string): Promise<{ exchange: string; priority: number }[]>;
  a(name: string): Promise<string[]>;
  aaaa(name: string): Promise<string[]>;
}

export interface DnsLookupOptions {
  /** Milliseconds a try waits for an answer (3 s by default). */
  timeoutMs?: number;
  /** Tries per server before a look-up fails with ETIMEOUT (2 by default). */
  tries?: number;
}

// A domain whose servers do not answer must not hold a request (or the daily re-check) for long.
const TIMEOUT_MS = 3_000;
const TRIES = 2;
const DNS_PORT = 53;

/**
 * One DNS server setting entry ("host:port" or "host"; IPv6 as "[addr]:port", or bare "addr"
 * without a port) read into its parts, or undefined when it is not one. The host is an IPv4 or
 * IPv6 literal or a host name; the port 1-65535, 53 when left out.
 */
export function parseDnsServer(entry: string): { host: string; port: number } | undefined {
  const text = entry.trim();
  let host: string;
  let portText: string | undefined;
  if (text.startsWith('[')) {
    const end = text.indexOf(']');
    if (end < 0) return undefined;
    host = text.slice(1, end);
    const rest = text.slice(end + 1);
    if (rest !== '' && !rest.startsWith(':')) return undefined;
    portText = rest === '' ? undefined : rest.slice(1);
    if (isIP(host) !== 6) return undefined;
  } else if (isIP(text) === 6) {
    host = text;
  } else {
    const colon = text.indexOf(':');
    if (colon !== text.lastIndexOf(':')) return undefined;
    host = colon < 0 ? text : text.slice(0, colon);
    portText = colon < 0 ? undefined : text.slice(colon + 1);
    if (isIP(host) !== 4 && !isHostName(host)) return undefined;
  }
  if (portText === undefined) return { host, port: DNS_PORT };
  if (!/^\d{1,5}$/.test(portText)) return undefined;
  const port = Number(portText);
  return port >= 1 && port <= 65_535 ? { host, port } : undefined;
}

function isHostName(text: string): boolean {
  if (text.length === 0 || text.length > 253) return false;
  const labels = (text.endsWith('.') ? text.slice(0, -1) : text).split('.');
  // Bounded repetitions only: no backtracking however long the input.
  return labels.every((label) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i.test(label)) && !/^\d+$/.test(labels.at(-1) ?? '');
}

/** The form node's Resolver.setServers takes: an IP literal with its port. */
function serverAddress(address: string, port: number): string {
  return isIP(address) === 6 ? `[${address}]:${port}` : `${address}:${port}`;
}

/**
 * A DnsLookup asking `servers` (DNS_SERVERS entries, see parseDnsServer), or the system's resolvers
 * when none are given. A host name among the servers is looked up (through the system) on first
 * use; while it cannot be, every look-up fails with ECONNREFUSED, as when no server answers.
 * An entry parseDnsServer cannot read throws here (config/env.ts refuses it at start already).
 */
export function dnsLookup(servers?: readonly string[], { timeoutMs = TIMEOUT_MS, tries = TRIES }: DnsLookupOptions = {}): DnsLookup {
  const resolver = new Resolver({ timeout: timeoutMs, tries });
  const parsed = (servers ?? []).map((entry) => {
    const server = parseDnsServer(entry);
    if (!server) throw new Error(`not a DNS server address: ${entry} (write host:port, e.g. 127.0.0.1:53 or [::1]:5353)`);
    return server;
  });
  let ready: Promise<void> | undefined = parsed.length === 0 ? Promise.resolve() : undefined;

  async function useServers(): Promise<void> {
    const addresses: string[] = [];
    for (const { host, port } of parsed) {
      if (isIP(host)) {
        addresses.push(serverAddress(host, port));
        continue;
      }
      try {
        for (const { address } of await lookUpHost(host, { all: true })) addresses.push(serverAddress(address, port));
      } catch (error) {
        throw Object.assign(new Error(`DNS server ${host} could not be found: ${(error as Error).message}`), { code: 'ECONNREFUSED' });
      }
    }
    resolver.setServers(addresses);
  }

  async function ask<T>(query: () => Promise<T>): Promise<T> {
    // A failed host name look-up is tried again next time rather than remembered.
    ready ??= useServers().catch((error: unknown) => {
      ready = undefined;
      throw error;
    });
    await ready;
    return query();
  }

  return {
    txt: (name) => ask(() => resolver.resolveTxt(name)),
    cname: (name) => ask(() => resolver.resolveCname(name)),
    mx: (name) => ask(() => resolver.resolveMx(name)),
    a: (name) => ask(() => resolver.resolve4(name)),
    aaaa: (name) => ask(() => resolver.resolve6(name)),
  };
}

/** What one look-up gave: its records, nothing published (yet), or no answer from DNS at all. */
export type LookupOutcome<T> = { found: 'records'; records: T[] } | { found: 'no-record' } | { found: 'unreachable'; code: string };

/** Runs a look-up and sorts its outcome; it never throws. */
export async function lookUp<T>(query: () => Promise<T[]>): Promise<LookupOutcome<T>> {
  try {
    const records = await query();
    return records.length === 0 ? { found: 'no-record' } : { found: 'records', records };
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    // The name, or its records of this type, do not exist: the customer has not published it (yet).
    if (code === 'ENOTFOUND' || code === 'ENODATA') return { found: 'no-record' };
    // Timeouts, refusing or failing servers, anything else: DNS gave no answer, which says
    // nothing about the record (a check must not call a published record missing for it).
    return { found: 'unreachable', code: typeof code === 'string' ? code : 'EUNKNOWN' };
  }
}

/** A published record's state as the Senders page shows it; `values` are what was found instead. */
export type RecordCheck = { found: 'match' } | { found: 'no-record' } | { found: 'other-values'; values: string[] } | { found: 'unreachable' };

/**
 * Whether `name` has a TXT record whose value (its strings joined) is `expected` (compared
 * trimmed) or satisfies it, e.g. `(value) => value.startsWith('v=DMARC1')`.
 */
export async function checkTxt(dns: Pick<DnsLookup, 'txt'>, name: string, expected: string | ((value: string) => boolean)): Promise<RecordCheck> {
  const outcome = await lookUp(() => dns.txt(name));
  if (outcome.found !== 'records') return outcome.found === 'unreachable' ? { found: 'unreachable' } : outcome;
  const values = outcome.records.map((strings) => strings.join('').trim());
  const matches = typeof expected === 'string' ? (value: string) => value === expected.trim() : expected;
  return values.some(matches) ? { found: 'match' } : { found: 'other-values', values };
}

/** Whether `name` is a CNAME to `target` (names compared without case or a trailing dot). */
export async function checkCname(dns: Pick<DnsLookup, 'cname'>, name: string, target: string): Promise<RecordCheck> {
  const outcome = await lookUp(() => dns.cname(name));
  if (outcome.found !== 'records') return outcome.found === 'unreachable' ? { found: 'unreachable' } : outcome;
  const wanted = normalName(target);
  return outcome.records.some((found) => normalName(found) === wanted) ? { found: 'match' } : { found: 'other-values', values: outcome.records };
}

function normalName(name: string): string {
  const lower = name.trim().toLowerCase();
  return lower.endsWith('.') ? lower.slice(0, -1) : lower;
}
