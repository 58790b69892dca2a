import type { AddressInfo, Server, Socket } from 'node:net';
import dns2, { type Packet, type Resource } from 'dns2';

/**
 * A real DNS server on loopback (UDP, and TCP on the same port for answers too long for UDP),
 * answering like a recursive resolver over one zone the test writes: CNAMEs are followed (the
 * CNAME and then the target's records), an unknown name is NXDOMAIN (node: ENOTFOUND), a known
 * name without the type asked is NOERROR with no answers (node: ENODATA). Point a DnsLookup,
 * node's Resolver or mailauth at `servers`.
 *
 *   const dns = await startTestDnsServer();
 *   dns.publishTxt('_dmarc.acme.example', 'v=DMARC1; p=reject');
 *   const lookup = dnsLookup(dns.servers);
 *   ...
 *   await dns.stop();
 */
export interface TestDnsServer {
  /** Where it listens, as DNS_SERVERS entries: ['127.0.0.1:PORT']. */
  servers: string[];
  /** Adds a TXT record; a value past 255 bytes is split into character-strings as real DNS does. */
  publishTxt(name: string, value: string): void;
  /** Makes `name` a CNAME to `target` (replacing an earlier CNAME there). */
  publishCname(name: string, target: string): void;
  publishMx(name: string, exchange: string, priority: number): void;
  publishA(name: string, ip: string): void;
  publishAaaa(name: string, ip: string): void;
  /** Takes back `name`'s records of one type, or all of them (and any failure set for it). */
  remove(name: string, type?: RecordType): void;
  /** Look-ups of `name` (or through it by CNAME) get SERVFAIL, REFUSED or no answer at all. */
  fail(name: string, how: Failure): void;
  stop(): Promise<void>;
}

export type RecordType = 'TXT' | 'CNAME' | 'MX' | 'A' | 'AAAA';
type Failure = 'SERVFAIL' | 'REFUSED' | 'timeout';

interface Entry {
  TXT: Buffer[][];
  CNAME?: string;
  MX: { exchange: string; priority: number }[];
  A: string[];
  AAAA: string[];
}

const { TYPE, CLASS } = dns2.Packet;
const RCODE = { NOERROR: 0, SERVFAIL: 2, NXDOMAIN: 3, REFUSED: 5 } as const;
// Without EDNS a UDP answer holds 512 bytes; a longer one is sent truncated (TC) and the client
// asks again over TCP, as resolvers do for long DKIM keys.
const UDP_LIMIT = 512;
const MAX_CNAME_CHAIN = 8;
const TTL = 60;

const key = (name: string) => name.trim().toLowerCase().replace(/\.$/, '');

export async function startTestDnsServer(): Promise<TestDnsServer> {
  const zone = new Map<string, Entry>();
  const failures = new Map<string, Failure>();
  const entry = (name: string) => {
    let found = zone.get(key(name));
    if (!found) zone.set(key(name), (found = { TXT: [], MX: [], A: [], AAAA: [] }));
    return found;
  };
  // A name with no records of its own but names below it (acme.example under _dmarc.acme.example)
  // exists in DNS: asking it gives no data, not NXDOMAIN.
  const exists = (name: string) => zone.has(name) || [...zone.keys()].some((known) => known.endsWith(`.${name}`));

  /** The answer a recursive resolver would give: its records, the rcode, or undefined for no answer. */
  function answer(question: { name: string; type: number }): { rcode: number; answers: Resource[] } | undefined {
    const answers: Resource[] = [];
    let name = key(question.name);
    for (let hops = 0; hops <= MAX_CNAME_CHAIN; hops += 1) {
      const failure = failures.get(name);
      if (failure === 'timeout') return undefined;
      if (failure) return { rcode: RCODE[failure], answers: [] };
      if (!exists(name)) return { rcode: RCODE.NXDOMAIN, answers };
      const found = zone.get(name);
      const base = { name, class: CLASS.IN, ttl: TTL };
      if (found?.CNAME && question.type !== TYPE.CNAME) {
        answers.push({ ...base, type: TYPE.CNAME, domain: found.CNAME });
        name = found.CNAME;
        continue;
      }
      if (!found) return { rcode: RCODE.NOERROR, answers };
      if (question.type === TYPE.CNAME && found.CNAME) answers.push({ ...base, type: TYPE.CNAME, domain: found.CNAME });
      if (question.type === TYPE.TXT) for (const data of found.TXT) answers.push({ ...base, type: TYPE.TXT, data });
      if (question.type === TYPE.MX) for (const mx of found.MX) answers.push({ ...base, type: TYPE.MX, ...mx });
      if (question.type === TYPE.A) for (const address of found.A) answers.push({ ...base, type: TYPE.A, address });
      if (question.type === TYPE.AAAA) for (const address of found.AAAA) answers.push({ ...base, type: TYPE.AAAA, address });
      return { rcode: RCODE.NOERROR, answers };
    }
    // A CNAME loop or an over-long chain: a resolver gives up with SERVFAIL.
    return { rcode: RCODE.SERVFAIL, answers: [] };
  }

  function respond(request: Packet, overUdp: boolean): Buffer | undefined {
    const response = dns2.Packet.createResponseFromRequest(request);
    response.header.ra = 1;
    const [question, ...others] = request.questions;
    if (!question || others.length > 0) {
      response.header.rcode = 1; // FORMERR: one question a message, as every resolver sends.
      return response.toBuffer();
    }
    const result = answer(question);
    if (!result) return undefined;
    response.header.rcode = result.rcode;
    response.answers = result.answers;
    const bytes = response.toBuffer();
    if (!overUdp || bytes.length <= UDP_LIMIT) return bytes;
    response.answers = [];
    response.header.tc = 1;
    return response.toBuffer();
  }

  const onUdp = (request: Packet, send: (bytes: Buffer) => Promise<unknown>) => {
    const bytes = respond(request, true);
    if (bytes) send(bytes).catch(() => undefined);
  };
  const onTcp = (request: Packet, send: (bytes: Buffer) => void) => {
    const bytes = respond(request, false);
    if (bytes) send(bytes);
  };
  const { udp, tcp } = await listenOnOnePort(onUdp, onTcp);
  const openSockets = new Set<Socket>();
  tcp.on('connection', (socket: Socket) => {
    openSockets.add(socket);
    socket.on('close', () => openSockets.delete(socket));
  });

  return {
    servers: [`127.0.0.1:${(tcp.address() as AddressInfo).port}`],
    publishTxt(name, value) {
      const bytes = Buffer.from(value, 'utf8');
      const strings: Buffer[] = [];
      for (let at = 0; at < bytes.length; at += 255) strings.push(bytes.subarray(at, at + 255));
      entry(name).TXT.push(strings.length > 0 ? strings : [Buffer.alloc(0)]);
    },
    publishCname(name, target) {
      entry(name).CNAME = key(target);
    },
    publishMx(name, exchange, priority) {
      entry(name).MX.push({ exchange: key(exchange), priority });
    },
    publishA(name, ip) {
      entry(name).A.push(ip);
    },
    publishAaaa(name, ip) {
      entry(name).AAAA.push(ip);
    },
    remove(name, type) {
      failures.delete(key(name));
      const found = zone.get(key(name));
      if (!found) return;
      if (type === 'CNAME') delete found.CNAME;
      else if (type) found[type] = [];
      const empty = !found.CNAME && found.TXT.length + found.MX.length + found.A.length + found.AAAA.length === 0;
      if (!type || empty) zone.delete(key(name));
    },
    fail(name, how) {
      failures.set(key(name), how);
    },
    async stop() {
      for (const socket of openSockets) socket.destroy();
      await Promise.all([new Promise<void>((resolve) => udp.close(() => resolve())), new Promise<void>((resolve) => tcp.close(() => resolve()))]);
    },
  };
}

/**
 * UDP on a free port, then TCP on the same number (clients retry truncated answers there); if
 * that TCP port is taken, both move to another.
 */
async function listenOnOnePort(onUdp: (request: Packet, send: (bytes: Buffer) => Promise<unknown>) => void, onTcp: (request: Packet, send: (bytes: Buffer) => void) => void) {
  for (let attempt = 1; ; attempt += 1) {
    const udp = dns2.createUDPServer({ type: 'udp4' });
    udp.on('request', (request: Packet, send: (bytes: Buffer) => Promise<unknown>) => onUdp(request, send));
    await udp.listen(0, '127.0.0.1');
    const tcp: Server = dns2.createTCPServer();
    tcp.on('request', (request: Packet, send: (bytes: Buffer) => void) => onTcp(request, send));
    // A client that hangs up mid-message is its own business.
    tcp.on('requestError', () => undefined);
    try {
      await new Promise<void>((resolve, reject) => {
        tcp.once('error', reject);
        tcp.listen(udp.address().port, '127.0.0.1', () => resolve());
      });
      return { udp, tcp };
    } catch (error) {
      await new Promise<void>((resolve) => udp.close(() => resolve()));
      if (attempt >= 5) throw error;
    }
  }
}
