import { Resolver } from 'node:dns/promises';
import { authenticate } from 'mailauth';

/**
 * What a receiving mail server decides about a message, with a real verifier (mailauth, as
 * large mailbox providers check it) that reads DNS from `servers`, the test's DNS server on
 * loopback (support/dns-server.ts): so it sees exactly the records a test published.
 *
 *   const verdict = await verifyMessage(raw, { servers: dns.servers, ip: '127.0.0.1', mailFrom: 'bounce@pl-bounces.acme.example' });
 *   expect(verdict.dmarc.result).toBe('pass');
 */
export interface Verdict {
  /** One entry per DKIM-Signature, in header order; aligned: its d= shares the From's organisational domain. */
  dkim: { result: string; domain: string; aligned: boolean }[];
  /** SPF for the envelope sender's domain (or the HELO name when MAIL FROM is empty). */
  spf: { result: string; domain: string };
  /** DMARC for the From domain: pass needs an aligned DKIM pass or an aligned SPF pass; policy is what the domain asks for. */
  dmarc: { result: string; policy: string; domain: string };
  /** The From header's address. */
  from: string;
  /** The Authentication-Results header the receiver would add: the whole story in one line, for notes and failure messages. */
  authenticationResults: string;
}

export interface Delivery {
  /** DNS servers to ask, as DNS_SERVERS entries (e.g. startTestDnsServer().servers). */
  servers: string[];
  /** The address the message came from (what SPF checks). */
  ip: string;
  /** The EHLO name the sender gave; the IP when left out. */
  helo?: string;
  /** The envelope sender (MAIL FROM); '' for a bounce. */
  mailFrom: string;
}

export async function verifyMessage(raw: Buffer | string, { servers, ip, helo, mailFrom }: Delivery): Promise<Verdict> {
  // The receiver's own resolver, separate from the product's: both only meet in the test's DNS.
  const resolver = new Resolver({ timeout: 1_000, tries: 2 });
  resolver.setServers(servers);
  const result = await authenticate(typeof raw === 'string' ? Buffer.from(raw) : raw, {
    ip,
    helo,
    sender: mailFrom,
    mta: 'mx.receiver.test',
    resolver: (name, type) => resolver.resolve(name, type) as Promise<string[][] | string[]>,
    // ARC (forwarding chains) and BIMI (logos) decide nothing about delivery here.
    disableArc: true,
    disableBimi: true,
  });
  const spf = result.spf || undefined;
  const dmarc = result.dmarc || undefined;
  return {
    dkim: result.dkim.results.map((signature) => ({
      result: signature.status.result,
      domain: signature.signingDomain,
      // mailauth gives the aligned domain or false.
      aligned: Boolean(signature.status.aligned),
    })),
    spf: { result: spf?.status.result ?? 'none', domain: spf?.domain ?? '' },
    dmarc: { result: dmarc?.status.result ?? 'none', policy: dmarc?.policy ?? 'none', domain: dmarc?.domain ?? '' },
    from: result.dkim.headerFrom[0] ?? '',
    authenticationResults: result.headers.slice(result.headers.indexOf('Authentication-Results:')).trim(),
  };
}
