import { describe, expect, it } from 'vitest';
import { clientKeyOf, isLoopbackAddress, isPublicAddress } from './ip-address';

describe('isLoopbackAddress', () => {
  it('knows 127.0.0.0/8 and ::1, also written as IPv4-mapped IPv6', () => {
    for (const address of ['127.0.0.1', '127.255.0.9', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1', '::ffff:7f00:1']) expect(isLoopbackAddress(address), address).toBe(true);
    for (const address of ['10.0.0.1', '::ffff:10.0.0.1', '::127.0.0.1', '0.0.0.0', '::', '2001:db8::1', 'localhost', '', undefined]) expect(isLoopbackAddress(address), String(address)).toBe(false);
  });
});

describe('clientKeyOf', () => {
  it('keys an IPv4 client by its address', () => {
    expect(clientKeyOf('203.0.113.7')).toBe('203.0.113.7');
  });

  it('keys an IPv6 client by its /64, the block one subscriber line gets', () => {
    const key = clientKeyOf('2001:db8:1:2::1');
    expect(key).toBe('2001:db8:1:2::/64');
    for (const address of ['2001:db8:1:2::ffff', '2001:0db8:0001:0002:abcd:ef01:2345:6789', '2001:DB8:1:2:0:0:0:7', '2001:db8:1:2::1%eth0']) expect(clientKeyOf(address), address).toBe(key);
    expect(clientKeyOf('2001:db8:1:3::1')).not.toBe(key);
    expect(clientKeyOf('::1')).toBe('0:0:0:0::/64');
  });

  it('keys an IPv4-mapped IPv6 client as the IPv4 address it is, never all of them as one /64', () => {
    expect(clientKeyOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKeyOf('::ffff:cb00:7107')).toBe('203.0.113.7');
    expect(clientKeyOf('::ffff:203.0.113.8')).toBe('203.0.113.8');
  });

  it('keeps anything that is not an address as it is', () => {
    expect(clientKeyOf('')).toBe('');
    expect(clientKeyOf('not-an-ip')).toBe('not-an-ip');
  });
});

describe('isPublicAddress', () => {
  it('refuses this machine, private networks, link-local, and the other special-purpose ranges', () => {
    for (const address of [
      '127.0.0.1', '127.8.9.10', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0',
      '192.0.2.5', '198.18.0.1', '203.0.113.9', '224.0.0.1', '255.255.255.255', '::1', '::', 'fe80::1', 'fd00::1', 'fc12::3', 'ff02::1',
      '::ffff:127.0.0.1', '::ffff:10.0.0.1', '::ffff:a9fe:a9fe', '64:ff9b::a00:1', '2002:a00:1::1', '2001:db8::1', '2001::1', '::127.0.0.1', 'localhost', '',
    ]) expect(isPublicAddress(address), address).toBe(false);
  });

  it('takes public addresses of both families', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700:4700::1111', '2a00:1450:4001:800::200e', '::ffff:8.8.8.8', '64:ff9b::808:808']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });
});
