import { PbsClient, type PbsClientOptions } from '@proxai/pve-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fixtureFleet } from '../fixture-fleet';
import { startFleet, type Fleet } from '../fleet';
import { rejection } from './rejection';

// The Proxmox Backup Server client under the simulator's faults, as client-faults.int.test.ts does for PVE.

let fleet: Fleet;
let pbs: NonNullable<Fleet['pbs']>;
const clients: PbsClient[] = [];
function client(o: Partial<PbsClientOptions> = {}, auth: 'password' | 'token' = 'token'): PbsClient {
  const c = new PbsClient({
    baseUrl: pbs.url,
    fingerprint: pbs.fingerprint,
    auth:
      auth === 'password'
        ? { kind: 'password', username: 'root@pam', password: pbs.password }
        : { kind: 'token', tokenId: pbs.tokenId, secret: pbs.tokenSecret },
    retryDelayMs: 20,
    ...o,
  });
  clients.push(c);
  return c;
}

beforeAll(async () => {
  fleet = await startFleet(fixtureFleet(), { taskDurationMs: 50 });
  pbs = fleet.pbs!;
});
afterEach(() => fleet.setFault(pbs.name, null));
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await fleet.close();
});

describe('PbsClient under faults', () => {
  it('refused connections: unreachable after the bounded retries, then works again', async () => {
    await fleet.setFault(pbs.name, { kind: 'refuse' });
    const c = client({ retries: 1 });
    expect((await rejection(c.datastores())).kind).toBe('unreachable');
    await fleet.setFault(pbs.name, null);
    expect((await c.datastores()).length).toBeGreaterThan(0);
  });

  it('a server that never answers: timeout within the client timeout', async () => {
    await fleet.setFault(pbs.name, { kind: 'hang' });
    const c = client({ timeoutMs: 200, retries: 0 });
    const t = performance.now();
    expect((await rejection(c.version())).kind).toBe('timeout');
    expect(performance.now() - t).toBeLessThan(3_000);
  });

  it('intermittent 500s: an api-error with the server message, reads retried within their bound', async () => {
    await fleet.setFault(pbs.name, { kind: 'flaky', rate: 1 });
    const err = await rejection(client({ retries: 1 }).datastoreUsage());
    expect(err).toMatchObject({ kind: 'api-error', status: 500 });
    await fleet.setFault(pbs.name, { kind: 'flaky', rate: 0.3 });
    const robust = client({ retries: 6 });
    for (let i = 0; i < 10; i++) expect((await robust.datastores()).length).toBeGreaterThan(0);
  });

  it('expired tickets: the password client logs in again and the read succeeds', async () => {
    const c = client({}, 'password');
    await c.login();
    await fleet.setFault(pbs.name, { kind: 'expire-tickets' });
    expect((await c.datastores()).length).toBeGreaterThan(0);
  });

  it('a certificate that changed: refused as a fingerprint mismatch', async () => {
    const pinned = pbs.fingerprint;
    await fleet.setFault(pbs.name, { kind: 'rotate-certificate' });
    expect(fleet.pbs!.fingerprint).not.toBe(pinned);
    const err = await rejection(client({ fingerprint: pinned }).version());
    expect(err.kind).toBe('tls-fingerprint-mismatch');
  });
});
