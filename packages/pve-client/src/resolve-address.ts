import { isIP } from 'node:net';

/** The address a connection must go to, as an outbound address policy decided it. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/**
 * Called before every new TCP connection with the URL's host name (IPv6 literals without brackets;
 * IP literals too). The socket connects to exactly the returned address; throwing refuses it.
 */
export type ResolveAddress = (hostname: string) => Promise<ResolvedAddress>;

/** A connection refused by `resolveAddress`; `reason` is what it threw. */
export class AddressRefused extends Error {
  constructor(readonly reason: unknown) {
    super('connection refused by the outbound address policy', { cause: reason });
  }
}

/**
 * The address `resolve` gives for `hostname`; rejects with AddressRefused when it throws, rejects or
 * answers something that is not an IP address of the stated family (fail closed: never fall back to DNS).
 */
export async function resolveChecked(resolve: ResolveAddress, hostname: string): Promise<string> {
  // unknown: a policy written in plain JS may answer anything
  let answer: unknown;
  try {
    answer = await resolve(hostname);
  } catch (err) {
    throw new AddressRefused(err);
  }
  const { address, family } = (answer ?? {}) as Partial<Record<keyof ResolvedAddress, unknown>>;
  if (typeof address !== 'string' || (family !== 4 && family !== 6) || isIP(address) !== family) {
    throw new AddressRefused(
      new TypeError(`resolveAddress('${hostname}') returned ${JSON.stringify(answer)}, not an IP address`),
    );
  }
  return address;
}

/** TLS SNI for a host name: the name itself, none for IP literals (RFC 6066). */
export function serverName(hostname: string): string | undefined {
  return isIP(hostname) === 0 ? hostname : undefined;
}
