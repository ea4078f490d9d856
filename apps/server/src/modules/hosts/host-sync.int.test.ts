import https from 'node:https';
import { PveError, type AptPackage, type AptVersion, type PveClient } from '@proxai/pve-client';
import { generateFleet, type AptPackageSpec, type Fleet } from '@proxai/pve-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/app';
import { parseFacts } from './host-facts';
import { readPendingUpdates } from './host-sync';
import { findHostById } from './hosts.repository';
import { startHostsTestbed, type HostsTestbed } from './hosts-testbed.testing';
import { tokenBody } from './hosts.testing';

const apt = (Package: string, Origin: string, OldVersion: string, Version: string): AptPackageSpec => ({
  Package,
  Title: Package,
  Description: '',
  Origin,
  Section: 'admin',
  Arch: 'amd64',
  Priority: 'optional',
  Version,
  OldVersion,
});

describe('pending updates with a least-privilege API token', () => {
  let t: TestApp;
  let fleet: Fleet;
  let owner: HostsTestbed['owner'];
  let bed: HostsTestbed | undefined;

  beforeAll(async () => {
    const spec = generateFleet({ nodes: 2, guests: 6, seed: 12, pbs: false });
    for (const node of spec.nodes) {
      node.pveVersion = '8.2.4';
      // Two Proxmox packages and one Debian package wait for an upgrade on both nodes.
      node.aptUpdates = [
        apt('pve-manager', 'Proxmox', '8.2.4', '8.3.2'),
        apt('proxmox-kernel-6.8', 'Proxmox', '6.8.8-2', '6.8.12-4'),
        apt('openssl', 'Debian', '3.0.13-1~deb12u1', '3.0.15-1~deb12u1'),
      ];
    }
    bed = await startHostsTestbed({ spec, taskDurationMs: 30, env: { PVE_TIMEOUT_MS: '3000' } });
    ({ t, fleet, owner } = bed);
  });
  afterAll(async () => {
    await bed?.close();
  });

  async function addWithToken(i: number, tokenName: string, secret: string) {
    const n = fleet.nodes[i]!;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/hosts',
      headers: owner.auth,
      payload: tokenBody(n, { token_name: tokenName, token_value: secret }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const row = await findHostById(t.database.db, res.json<{ id: string }>().id);
    return { host: res.json<{ status: string; last_error: string | null }>(), facts: parseFacts(row?.facts ?? null) };
  }

  it('an audit-only token (no Sys.Modify) still counts the pending Proxmox updates, from /apt/versions', async () => {
    const n = fleet.nodes[0]!;
    // The simulated node refuses the update list to this token, as a real one does.
    const denied = await fetchStatus(n.url, `/api2/json/nodes/${n.name}/apt/update`, n.readonlyTokenId, n.readonlyTokenSecret);
    expect(denied).toBe(403);

    const { host, facts } = await addWithToken(0, n.readonlyTokenId.split('!')[1]!, n.readonlyTokenSecret);
    expect(host).toMatchObject({ status: 'online', last_error: null });
    expect(facts?.pendingUpdates).toBe(2);
    expect(facts?.pendingUpdateNames).toEqual(['pve-manager', 'proxmox-kernel-6.8']);
  });

  it('a token allowed to list the updates counts all of them, as before', async () => {
    const n = fleet.nodes[1]!;
    const { facts } = await addWithToken(1, n.tokenId.split('!')[1]!, n.tokenSecret);
    expect(facts?.pendingUpdates).toBe(3);
    expect(facts?.pendingUpdateNames).toEqual(['pve-manager', 'proxmox-kernel-6.8', 'openssl']);
  });
});

/** Status of a GET with a PVE API token, straight over HTTPS (self-signed certificate). */
function fetchStatus(baseUrl: string, path: string, tokenId: string, secret: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      new URL(path, baseUrl),
      { headers: { Authorization: `PVEAPIToken=${tokenId}=${secret}` }, rejectUnauthorized: false, agent: false },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('readPendingUpdates', () => {
  const req = { signal: new AbortController().signal };
  const version = (Package: string, OldVersion: string, Version: string, CurrentState = 'Installed'): AptVersion => ({
    Package,
    Title: Package,
    Description: '',
    Origin: 'Proxmox',
    Section: 'admin',
    Arch: 'amd64',
    Priority: 'optional',
    Version,
    OldVersion,
    CurrentState,
  });
  const failure = (kind: 'forbidden' | 'api-error' | 'timeout', status?: number) =>
    new PveError({ kind, method: 'GET', path: '/nodes/pve1/apt/update', ...(status ? { status } : {}) });

  function fakeClient(updates: () => Promise<AptPackage[]>, versions: () => Promise<AptVersion[]>) {
    const calls = { updates: 0, versions: 0 };
    const client: Pick<PveClient, 'aptUpdates' | 'aptVersions'> = {
      aptUpdates: () => {
        calls.updates++;
        return updates();
      },
      aptVersions: () => {
        calls.versions++;
        return versions();
      },
    };
    return { client, calls };
  }

  it('uses the update list when it may be read', async () => {
    const list = [version('pve-manager', '8.2.4', '8.3.2'), version('openssl', '3.0.13', '3.0.15')];
    const { client, calls } = fakeClient(
      () => Promise.resolve(list),
      () => Promise.reject(new Error('not called')),
    );
    expect(await readPendingUpdates(client, 'pve1', req)).toEqual({ count: 2, names: ['pve-manager', 'openssl'] });
    expect(calls).toEqual({ updates: 1, versions: 0 });
  });

  it('forbidden: counts installed packages whose candidate differs from the installed version', async () => {
    const { client, calls } = fakeClient(
      () => Promise.reject(failure('forbidden', 403)),
      () =>
        Promise.resolve([
          version('proxmox-ve', '8.2.0', '8.2.0'),
          version('pve-manager', '8.2.4', '8.3.2'),
          version('proxmox-kernel-6.8', '6.8.8-2', '6.8.12-4'),
          version('ceph', '', '18.2.4-pve3', 'NotInstalled'),
          version('zfsutils-linux', '2.2.4-pve1', '2.2.4-pve1'),
        ]),
    );
    expect(await readPendingUpdates(client, 'pve1', req)).toEqual({ count: 2, names: ['pve-manager', 'proxmox-kernel-6.8'] });
    expect(calls).toEqual({ updates: 1, versions: 1 });
  });

  it('other errors: no update facts and no fallback; a failing fallback gives none either', async () => {
    for (const err of [failure('api-error', 500), failure('timeout'), new Error('boom')]) {
      const { client, calls } = fakeClient(
        () => Promise.reject(err),
        () => Promise.resolve([version('pve-manager', '8.2.4', '8.3.2')]),
      );
      expect(await readPendingUpdates(client, 'pve1', req)).toBeNull();
      expect(calls.versions).toBe(0);
    }
    const { client } = fakeClient(
      () => Promise.reject(failure('forbidden', 403)),
      () => Promise.reject(failure('forbidden', 403)),
    );
    expect(await readPendingUpdates(client, 'pve1', req)).toBeNull();
  });
});
