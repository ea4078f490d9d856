import { describe, expect, it } from 'vitest';
import {
  classifyAddress,
  isAllowed,
  OutboundRefused,
  OutboundUnresolved,
  resolveAllowed,
  type AddressClass,
  type Resolver,
} from './outbound-policy';

const resolverOf =
  (table: Record<string, string[]>): Resolver =>
  async (name) => {
    const list = table[name];
    if (!list) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
    return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

describe('classifyAddress', () => {
  it.each<[string, AddressClass]>([
    ['8.8.8.8', 'public'],
    ['2606:4700:4700::1111', 'public'],
    ['10.1.2.3', 'private'],
    ['172.16.0.9', 'private'],
    ['172.31.255.254', 'private'],
    ['192.168.1.10', 'private'],
    ['100.64.0.1', 'private'],
    ['fd12:3456::1', 'private'],
    ['127.0.0.1', 'loopback'],
    ['127.8.9.10', 'loopback'],
    ['::1', 'loopback'],
    ['169.254.10.1', 'link-local'],
    ['fe80::1', 'link-local'],
    ['169.254.169.254', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['fd00:ec2::254', 'metadata'],
    ['168.63.129.16', 'metadata'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.1', 'reserved'],
    ['2001:db8::1', 'reserved'],
    ['not an address', 'reserved'],
  ])('%s is %s', (address, cls) => {
    expect(classifyAddress(address)).toBe(cls);
  });

  it('classifies IPv6 forms that embed an IPv4 address by that address', () => {
    expect(classifyAddress('::ffff:127.0.0.1')).toBe('loopback');
    expect(classifyAddress('::ffff:7f00:1')).toBe('loopback');
    expect(classifyAddress('[::ffff:169.254.169.254]')).toBe('metadata');
    expect(classifyAddress('::ffff:192.168.0.1')).toBe('private');
    expect(classifyAddress('64:ff9b::7f00:1')).toBe('loopback'); // NAT64 of 127.0.0.1
    expect(classifyAddress('2002:7f00:1::1')).toBe('loopback'); // 6to4 of 127.0.0.1
    expect(classifyAddress('::ffff:8.8.8.8')).toBe('public');
    // IPv4-compatible forms (::/96) are judged by their IPv4 too; `::` and `::1` stay themselves.
    expect(classifyAddress('[::127.0.0.1]')).toBe('loopback');
    expect(classifyAddress('::7f00:1')).toBe('loopback');
    expect(classifyAddress('[::169.254.169.254]')).toBe('metadata');
    expect(classifyAddress('::10.0.0.1')).toBe('private');
    expect(classifyAddress('::8.8.8.8')).toBe('public');
    expect(classifyAddress('::')).toBe('unspecified');
    expect(classifyAddress('::1')).toBe('loopback');
  });
});

describe('isAllowed', () => {
  const every: AddressClass[] = [
    'public',
    'private',
    'loopback',
    'link-local',
    'metadata',
    'unspecified',
    'multicast',
    'broadcast',
    'reserved',
  ];
  it('private: public and private ranges only', () => {
    expect(every.filter((c) => isAllowed('private', c))).toEqual(['public', 'private']);
  });
  it('public: public addresses only', () => {
    expect(every.filter((c) => isAllowed('public', c))).toEqual(['public']);
  });
  it('any: everything', () => {
    expect(every.every((c) => isAllowed('any', c))).toBe(true);
  });
});

describe('resolveAllowed', () => {
  const resolver = resolverOf({
    'pve.lan': ['192.168.1.20'],
    'pve.example.com': ['95.217.1.7', '2001:4860::8'],
    'metadata.google.internal': ['169.254.169.254'],
    'localhost.example': ['127.0.0.1'],
    'mixed.example': ['8.8.4.4', '127.0.0.1'],
    'mapped.example': ['::ffff:127.0.0.1'],
    'empty.example': [],
  });

  it('answers the checked address to connect to', async () => {
    await expect(resolveAllowed('pve.lan', 'private', resolver)).resolves.toEqual({ address: '192.168.1.20', family: 4 });
  });

  it('refuses a name that resolves to loopback or metadata, whatever the name looks like', async () => {
    await expect(resolveAllowed('localhost.example', 'private', resolver)).rejects.toMatchObject({
      name: 'OutboundRefused',
      addressClass: 'loopback',
    });
    await expect(resolveAllowed('metadata.google.internal', 'private', resolver)).rejects.toBeInstanceOf(OutboundRefused);
    await expect(resolveAllowed('mapped.example', 'private', resolver)).rejects.toMatchObject({ addressClass: 'loopback' });
  });

  it('refuses a name when any of its addresses is refused (no first-answer luck)', async () => {
    await expect(resolveAllowed('mixed.example', 'private', resolver)).rejects.toMatchObject({ addressClass: 'loopback' });
  });

  it('checks IP literals without resolving them', async () => {
    const never: Resolver = () => Promise.reject(new Error('must not be called'));
    await expect(resolveAllowed('127.0.0.1', 'private', never)).rejects.toMatchObject({ addressClass: 'loopback' });
    await expect(resolveAllowed('[::1]', 'private', never)).rejects.toMatchObject({ addressClass: 'loopback' });
    await expect(resolveAllowed('10.0.0.1', 'public', never)).rejects.toMatchObject({ addressClass: 'private' });
    await expect(resolveAllowed('127.0.0.1', 'any', never)).resolves.toEqual({ address: '127.0.0.1', family: 4 });
    await expect(resolveAllowed('[fd00::1]', 'private', never)).resolves.toEqual({ address: 'fd00::1', family: 6 });
  });

  it('under the public policy, refuses private addresses', async () => {
    await expect(resolveAllowed('pve.lan', 'public', resolver)).rejects.toMatchObject({ addressClass: 'private' });
    await expect(resolveAllowed('pve.example.com', 'public', resolver)).resolves.toEqual({ address: '95.217.1.7', family: 4 });
  });

  it('a name that does not resolve, or resolves to nothing, is unresolved', async () => {
    await expect(resolveAllowed('nowhere.example', 'private', resolver)).rejects.toBeInstanceOf(OutboundUnresolved);
    await expect(resolveAllowed('empty.example', 'private', resolver)).rejects.toBeInstanceOf(OutboundUnresolved);
  });

  it('DNS rebinding: each connection is checked on its own answer, and the checked address is the one answered', async () => {
    let calls = 0;
    const rebinding: Resolver = async () => [{ address: calls++ === 0 ? '192.168.1.5' : '127.0.0.1', family: 4 }];
    await expect(resolveAllowed('rebind.example', 'private', rebinding)).resolves.toEqual({ address: '192.168.1.5', family: 4 });
    await expect(resolveAllowed('rebind.example', 'private', rebinding)).rejects.toMatchObject({ addressClass: 'loopback' });
  });
});
