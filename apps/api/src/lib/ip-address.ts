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
