import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/**
 * The outbound address policy (DESIGN.md §11): every connection the server opens on a user's behalf (Proxmox
 * hosts now; webhooks and notification channels later) goes to an address this module checked, so a signed-in
 * user cannot make the portal reach its own loopback services, the cloud metadata endpoint or the LAN of a
 * hosted deployment.
 *
 * - `private` (default): public and private ranges (RFC 1918, RFC 6598, IPv6 ULA), where self-hosted Proxmox
 *   hosts live; never loopback, link-local, unspecified, multicast, broadcast, reserved or metadata addresses.
 * - `public`: public unicast addresses only (a hosted, multi-tenant deployment).
 * - `any`: everything (tests and benchmarks against simulated hosts on 127.0.0.1).
 *
 * The check is made on the resolved address, and the caller connects to the address this module returns, so a
 * DNS answer cannot change between the check and the connection (DNS rebinding).
 */
export const ADDRESS_POLICIES = ['private', 'public', 'any'] as const;
export type AddressPolicy = (typeof ADDRESS_POLICIES)[number];

/** What an address is, in the terms the policy decides on. */
export type AddressClass =
  'public' | 'private' | 'loopback' | 'link-local' | 'metadata' | 'unspecified' | 'multicast' | 'broadcast' | 'reserved';

/**
 * Cloud instance-metadata endpoints outside the link-local range (which is refused as a whole): Alibaba's sits in
 * RFC 6598 space, AWS's IPv6 one in ULA space and Azure's wire server in public space, so each is named.
 */
const METADATA_ADDRESSES = new Set(['100.100.100.200', 'fd00:ec2::254', '168.63.129.16', '169.254.169.254']);

/** ipaddr.js's range names (IPv4 and IPv6) in the policy's terms; every other range is `reserved`. */
const RANGE_CLASS: Readonly<Record<string, AddressClass>> = {
  unicast: 'public',
  private: 'private',
  carrierGradeNat: 'private',
  uniqueLocal: 'private',
  loopback: 'loopback',
  linkLocal: 'link-local',
  unspecified: 'unspecified',
  multicast: 'multicast',
  broadcast: 'broadcast',
};

function classifyV4(addr: ipaddr.IPv4): AddressClass {
  if (METADATA_ADDRESSES.has(addr.toString())) return 'metadata';
  return RANGE_CLASS[addr.range()] ?? 'reserved';
}

/** The embedded IPv4 of a 6to4 (2002:AABB:CCDD::/48), Teredo (client address inverted) or NAT64 address. */
function embeddedV4(addr: ipaddr.IPv6, range: '6to4' | 'teredo' | 'rfc6052' | 'rfc6145'): ipaddr.IPv4 {
  const bytes = addr.toByteArray();
  if (range === '6to4') return new ipaddr.IPv4(bytes.slice(2, 6));
  if (range === 'teredo') return new ipaddr.IPv4(bytes.slice(12, 16).map((b) => b ^ 0xff));
  return new ipaddr.IPv4(bytes.slice(12, 16));
}

/** IPv6 forms that embed an IPv4 address (IPv4-mapped and -compatible, NAT64, 6to4, Teredo) are judged by that address. */
function classifyV6(addr: ipaddr.IPv6): AddressClass {
  if (METADATA_ADDRESSES.has(addr.toString())) return 'metadata';
  const range = addr.range();
  if (range === 'ipv4Mapped') return classifyV4(addr.toIPv4Address());
  // IPv4-compatible (::a.b.c.d, deprecated by RFC 4291 but still routed to a.b.c.d by some stacks): `::` and `::1`
  // are themselves, any other address of ::/96 is its IPv4.
  const bytes = addr.toByteArray();
  if (range !== 'unspecified' && range !== 'loopback' && bytes.slice(0, 12).every((b) => b === 0)) {
    return classifyV4(new ipaddr.IPv4(bytes.slice(12, 16)));
  }
  if (range === '6to4' || range === 'teredo' || range === 'rfc6052' || range === 'rfc6145') {
    return classifyV4(embeddedV4(addr, range));
  }
  return RANGE_CLASS[range] ?? 'reserved';
}

/** The class of an IP address (v4, v6 or IPv4-mapped v6); `reserved` for anything that does not parse. */
export function classifyAddress(address: string): AddressClass {
  const bare = address.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(bare) || bare.includes('%')) return 'reserved';
  const parsed = ipaddr.parse(bare);
  return parsed.kind() === 'ipv4' ? classifyV4(parsed as ipaddr.IPv4) : classifyV6(parsed as ipaddr.IPv6);
}

export function isAllowed(policy: AddressPolicy, cls: AddressClass): boolean {
  if (policy === 'any') return true;
  if (policy === 'public') return cls === 'public';
  return cls === 'public' || cls === 'private';
}

/** A connection the policy does not allow; `addressClass` says why (the address itself is not shown to users). */
export class OutboundRefused extends Error {
  constructor(
    readonly hostname: string,
    readonly addressClass: AddressClass,
    readonly policy: AddressPolicy,
  ) {
    super(`outbound connection to ${hostname} refused: ${addressClass} address (HOST_ADDRESS_POLICY=${policy})`);
    this.name = 'OutboundRefused';
  }
}

/** The name did not resolve to any address. */
export class OutboundUnresolved extends Error {
  constructor(
    readonly hostname: string,
    options?: { cause?: unknown },
  ) {
    super(`${hostname} did not resolve`, options);
    this.name = 'OutboundUnresolved';
  }
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address a name resolves to (the system resolver, as the socket would use it). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));

/**
 * Resolves `hostname` (an IP literal is taken as it is) and answers the address to connect to. Every address
 * the name resolves to must be allowed: a name that mixes a public address with a loopback one is refused, so
 * the answer cannot depend on which one a resolver happens to list first.
 */
export async function resolveAllowed(
  hostname: string,
  policy: AddressPolicy,
  resolver: Resolver = systemResolver,
): Promise<ResolvedAddress> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  let addresses: ResolvedAddress[];
  if (ipaddr.isValid(bare)) {
    addresses = [{ address: bare, family: bare.includes(':') ? 6 : 4 }];
  } else {
    try {
      addresses = await resolver(bare);
    } catch (err) {
      throw new OutboundUnresolved(bare, { cause: err });
    }
    if (addresses.length === 0) throw new OutboundUnresolved(bare);
  }
  for (const a of addresses) {
    const cls = classifyAddress(a.address);
    if (!isAllowed(policy, cls)) throw new OutboundRefused(bare, cls, policy);
  }
  return addresses[0]!;
}

/** The hook a client calls before each connection: `resolveAllowed` bound to a policy (and a resolver in tests). */
export function addressGuard(policy: AddressPolicy, resolver: Resolver = systemResolver) {
  return (hostname: string): Promise<ResolvedAddress> => resolveAllowed(hostname, policy, resolver);
}
