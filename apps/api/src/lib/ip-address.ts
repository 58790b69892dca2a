import { BlockList, isIP } from 'node:net';

// This machine's own addresses: 127.0.0.0/8 and ::1. BlockList also matches IPv4-mapped IPv6
// (::ffff:127.0.0.1, ::ffff:7f00:1) against the IPv4 rule, as a dual-stack socket reports them.
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** Whether an address (as a socket reports it) is this machine's loopback; anything unparsable is not. */
export function isLoopbackAddress(address: string | undefined): boolean {
  const family = address ? isIP(address) : 0;
  return family !== 0 && LOOPBACK.check(address as string, family === 6 ? 'ipv6' : 'ipv4');
}

/** An IPv6 address's eight 16-bit groups; `address` must be valid IPv6 (net.isIP says 6). */
function ipv6Groups(address: string): number[] {
  let text = address.split('%')[0] ?? '';
  // A trailing dotted IPv4 (::ffff:192.0.2.1) is the last two groups.
  const dotted = /(?<!\d)(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const before = head ? head.split(':') : [];
  const after = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - before.length - after.length).fill('0');
  return [...before, ...zeros, ...after].map((group) => Number.parseInt(group, 16));
}

/**
 * What a per-client limit counts by. An IPv4 address as it is. An IPv6 client by its /64: one
 * home or server line gets a whole /64 (or more), so counting single addresses would give it
 * 2^64 fresh tries. An IPv4-mapped IPv6 address (::ffff:192.0.2.1, as a dual-stack socket
 * reports IPv4 clients) as the IPv4 address it is: as a /64 every IPv4 client would share one
 * count. Anything else (not an address) is kept as it is.
 */
export function clientKeyOf(address: string): string {
  const family = isIP(address.split('%')[0] ?? '');
  if (family === 4) return address;
  if (family !== 6) return address;
  const groups = ipv6Groups(address);
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups.slice(0, 4).map((group) => group.toString(16)).join(':')}::/64`;
}

// Addresses no request of ours may reach on a customer's say-so (outgoing webhooks): this machine,
// private networks, link-local (cloud metadata at 169.254.169.254), carrier-grade NAT, and every
// other special-purpose range of the IANA registries (documentation, benchmarking, multicast,
// reserved). IPv4-mapped IPv6 addresses match the IPv4 rules (BlockList does that itself).
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  // Unspecified and loopback; discard-only; IETF protocol assignments (Teredo among them); documentation;
  // 6to4 (it can wrap any IPv4 address, private ones too); unique-local; link-local; site-local; multicast.
  ['::', 127], ['100::', 64], ['2001::', 23], ['2001:db8::', 32], ['2002::', 16], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
  // IPv4-compatible (deprecated) addresses.
  ['::', 96],
] as const) NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');

/** Whether an address is on the public internet: false for anything special-purpose, or not an address at all. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    const groups = ipv6Groups(address);
    // NAT64 (64:ff9b::/96) reaches the IPv4 address in its last 32 bits: judge that one.
    if (groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((group) => group === 0)) {
      const [high = 0, low = 0] = groups.slice(6);
      return isPublicAddress([high >> 8, high & 0xff, low >> 8, low & 0xff].join('.'));
    }
  }
  return !NOT_PUBLIC.check(address, family === 6 ? 'ipv6' : 'ipv4');
}
