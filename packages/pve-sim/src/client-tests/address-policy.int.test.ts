import { fetchFingerprint, PbsClient, type PveClient, type PveClientOptions, type ResolveAddress } from '@proxai/pve-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { rejection } from './rejection';
import { peerClients, startTlsPeer, type TlsPeer } from './tls-peer';

// PveClientOptions.resolveAddress / fetchFingerprint's: the hook through which the server enforces its
// outbound address policy. The host names below end in .invalid, which DNS never resolves (RFC 6761):
// a call that succeeds proves the socket went to the address the policy returned, not to a DNS answer.

const NAME = 'pve-sim.invalid';

class PolicyRefusal extends Error {}

/** A policy that sends every name to 127.0.0.1 and records what it was asked. */
function loopbackPolicy(): ResolveAddress & { asked: string[] } {
  const asked: string[] = [];
  const policy = (hostname: string) => {
    asked.push(hostname);
    return Promise.resolve({ address: '127.0.0.1', family: 4 as const });
  };
  return Object.assign(policy, { asked });
}

let peer: TlsPeer;
const clients = peerClients(5_000);
const client = (o: Partial<PveClientOptions> & Pick<PveClientOptions, 'baseUrl'>): PveClient => clients.client(peer, o);

beforeAll(async () => {
  peer = await startTlsPeer(NAME);
});
beforeEach(() => {
  peer.dropConnections();
  peer.connections = 0;
  peer.servernames.length = 0;
});
afterAll(async () => {
  await clients.closeAll();
  await peer.close();
});

describe('resolveAddress', () => {
  it('connects to the returned address for a name DNS does not know, with SNI carrying that name', async () => {
    const policy = loopbackPolicy();
    // One socket, so every call after the first reuses it.
    const c = client({ baseUrl: `https://${NAME}:${peer.port}`, resolveAddress: policy, maxConnections: 1 });
    expect((await c.version()).version).toBe('8.2.4');
    expect(policy.asked).toEqual([NAME]);
    expect(peer.servernames).toEqual([NAME]);
    // Keep-alive reuse opens no connection and asks nothing.
    await c.version();
    await c.get('/nodes');
    expect(policy.asked).toEqual([NAME]);
    expect(peer.connections).toBe(1);
  });

  it('with a pool of sockets, the policy is asked exactly once per connection', async () => {
    const policy = loopbackPolicy();
    const c = client({ baseUrl: `https://${NAME}:${peer.port}`, resolveAddress: policy, maxConnections: 4 });
    await Promise.all(Array.from({ length: 8 }, () => c.version()));
    for (let i = 0; i < 4; i++) await c.version();
    expect(peer.connections).toBeGreaterThan(1);
    expect(policy.asked).toEqual(Array<string>(peer.connections).fill(NAME));
  });

  it('asks again before every new connection, so a later refusal applies to the next one', async () => {
    let allowed = true;
    const asked: string[] = [];
    const c = client({
      baseUrl: `https://${NAME}:${peer.port}`,
      maxConnections: 1,
      resolveAddress: (hostname) => {
        asked.push(hostname);
        return allowed ? Promise.resolve({ address: '127.0.0.1', family: 4 }) : Promise.reject(new PolicyRefusal('now private'));
      },
    });
    await c.version();
    peer.dropConnections();
    await new Promise((r) => setTimeout(r, 50));
    await c.version();
    expect(asked).toEqual([NAME, NAME]);
    expect(peer.connections).toBe(2);
    peer.dropConnections();
    await new Promise((r) => setTimeout(r, 50));
    allowed = false;
    expect((await rejection(c.version())).kind).toBe('address-refused');
    expect(peer.connections).toBe(2);
  });

  it('passes IP literals too (IPv6 without brackets) and sends no SNI for them', async () => {
    const policy = loopbackPolicy();
    // [::1] is asked as '::1'; the policy's IPv4 answer is where the socket goes (this peer listens on 127.0.0.1 only).
    const v6 = client({ baseUrl: `https://[::1]:${peer.port}`, resolveAddress: policy });
    expect((await v6.version()).version).toBe('8.2.4');
    const v4 = client({ baseUrl: `https://127.0.0.1:${peer.port}`, resolveAddress: policy });
    expect((await v4.version()).version).toBe('8.2.4');
    expect(policy.asked).toEqual(['::1', '127.0.0.1']);
    expect(peer.servernames).toEqual([false, false]);
  });

  it('a refusing policy: address-refused with its error as cause, no connection, no retry', async () => {
    for (const refuse of [
      // rejects, as an async policy does
      () => Promise.reject(new PolicyRefusal('169.254.169.254 is link-local')),
      // throws synchronously
      () => {
        throw new PolicyRefusal('169.254.169.254 is link-local');
      },
    ]) {
      let calls = 0;
      const c = client({
        baseUrl: `https://${NAME}:${peer.port}`,
        retries: 2,
        retryDelayMs: 1,
        resolveAddress: () => {
          calls++;
          return refuse();
        },
      });
      const err = await rejection(c.version());
      expect(err.kind).toBe('address-refused');
      expect(err.cause).toBeInstanceOf(PolicyRefusal);
      expect(err.message).toBe('GET /version: connection refused by the outbound address policy: 169.254.169.254 is link-local');
      expect(calls).toBe(1);
    }
    expect(peer.connections).toBe(0);
  });

  it('an answer that is not an IP address of the stated family is refused, never looked up', async () => {
    const c = client({
      baseUrl: `https://127.0.0.1:${peer.port}`,
      resolveAddress: () => Promise.resolve({ address: 'localhost', family: 4 }),
    });
    const err = await rejection(c.version());
    expect(err.kind).toBe('address-refused');
    expect(err.cause).toBeInstanceOf(TypeError);
    expect(peer.connections).toBe(0);
  });

  it('the pinned fingerprint is still checked on the returned address', async () => {
    const other = await startTlsPeer('other.invalid');
    await other.close();
    const c = client({
      baseUrl: `https://${NAME}:${peer.port}`,
      fingerprint: other.certificate.fingerprint,
      resolveAddress: loopbackPolicy(),
    });
    const err = await rejection(c.version());
    expect(err.kind).toBe('tls-fingerprint-mismatch');
    expect(err.actualFingerprint).toBe(peer.certificate.fingerprint);
  });

  it('without a pin, the certificate is verified for the URL host name, not for the address', async () => {
    const trusted = client({
      baseUrl: `https://${NAME}:${peer.port}`,
      fingerprint: undefined,
      ca: peer.certificate.cert,
      resolveAddress: loopbackPolicy(),
    });
    expect((await trusted.version()).version).toBe('8.2.4');
    // Same CA, same address, but the certificate does not name this host.
    const wrongName = client({
      baseUrl: `https://elsewhere.invalid:${peer.port}`,
      fingerprint: undefined,
      ca: peer.certificate.cert,
      resolveAddress: loopbackPolicy(),
    });
    expect((await rejection(wrongName.version())).kind).toBe('tls-untrusted');
  });

  it('without a pin, an IP literal URL is verified for that IP, even when the policy answers another', async () => {
    const withCa = (ip: string): PveClient =>
      client({
        baseUrl: `https://${ip}:${peer.port}`,
        fingerprint: undefined,
        ca: peer.certificate.cert,
        resolveAddress: loopbackPolicy(),
      });
    // The certificate names 127.0.0.1, not 127.0.0.2, though the socket goes to 127.0.0.1 both times.
    expect((await withCa('127.0.0.1').version()).version).toBe('8.2.4');
    expect((await rejection(withCa('127.0.0.2').version())).kind).toBe('tls-untrusted');
  });

  it('PbsClient takes the same option', async () => {
    const policy = loopbackPolicy();
    const c = new PbsClient({
      baseUrl: `https://${NAME}:${peer.port}`,
      fingerprint: peer.certificate.fingerprint,
      auth: { kind: 'token', tokenId: 'root@pam!portal', secret: 'secret' },
      retries: 0,
      resolveAddress: policy,
    });
    clients.track(c);
    expect((await c.version()).version).toBe('8.2.4');
    expect(policy.asked).toEqual([NAME]);
    expect(peer.servernames).toEqual([NAME]);
  });
});

describe('fetchFingerprint with resolveAddress', () => {
  it('reads the certificate at the returned address, SNI carrying the name', async () => {
    const policy = loopbackPolicy();
    const fp = await fetchFingerprint(`https://${NAME}:${peer.port}`, { timeoutMs: 5_000, resolveAddress: policy });
    expect(fp).toBe(peer.certificate.fingerprint);
    expect(policy.asked).toEqual([NAME]);
    // The client may hang up before the peer finishes its side of the handshake.
    await vi.waitFor(() => expect(peer.servernames).toEqual([NAME]));
  });

  it('a refusing policy: address-refused with its error as cause, no connection', async () => {
    const refusal = new PolicyRefusal('127.0.0.1 is loopback');
    const err = await rejection(
      fetchFingerprint(`https://127.0.0.1:${peer.port}`, { timeoutMs: 5_000, resolveAddress: () => Promise.reject(refusal) }),
    );
    expect(err).toMatchObject({ kind: 'address-refused', method: 'TLS' });
    expect(err.cause).toBe(refusal);
    expect(peer.connections).toBe(0);
  });

  it('the deadline covers a policy that never answers', async () => {
    const err = await rejection(
      fetchFingerprint(`https://${NAME}:${peer.port}`, { timeoutMs: 100, resolveAddress: () => new Promise(() => {}) }),
    );
    expect(err.kind).toBe('timeout');
    expect(peer.connections).toBe(0);
  });
});
