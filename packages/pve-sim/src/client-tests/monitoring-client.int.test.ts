import { agentUnavailable, parseMeminfo, PveClient } from '@proxai/pve-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFleet, type Fleet } from '../fleet';
import { parseFleetSpec } from '../fleet-schema';
import { rejection } from './rejection';

// The client's monitoring calls against the simulator: both RRD layouts, storage RRD, the guest agent.

let fleet: Fleet;
let c9: PveClient;
let c8: PveClient;
const GiB = 1024 ** 3;

beforeAll(async () => {
  const r = parseFleetSpec({
    nodes: [
      {
        name: 'pve9',
        pveVersion: '9.0.3',
        guests: [
          { vmid: 100, name: 'web-01', memoryBytes: '8 GiB', memUsage: 0.6 },
          { vmid: 101, name: 'db-01', agentRunning: false },
          { vmid: 102, name: 'legacy-01', agent: false },
          { vmid: 103, name: 'off-01', status: 'stopped' },
          { vmid: 104, name: 'ct-01', ostype: 'debian' },
        ],
      },
      { name: 'pve8', pveVersion: '8.2.4', guests: [{ vmid: 200, name: 'app-01' }] },
    ],
  });
  if (!r.ok) throw new Error(r.errors.join('\n'));
  fleet = await startFleet(r.spec);
  const client = (i: number): PveClient => {
    const n = fleet.nodes[i]!;
    // retries on: agent refusals must still be answered at once, without retrying.
    return new PveClient({
      baseUrl: n.url,
      auth: { kind: 'token', tokenId: n.tokenId, secret: n.tokenSecret },
      fingerprint: n.fingerprint,
      retries: 2,
    });
  };
  c9 = client(0);
  c8 = client(1);
});
afterAll(async () => {
  await c9.close();
  await c8.close();
  await fleet.close();
});

describe('RRD', () => {
  it('reads both layouts: PVE 9 rows with PSI/memhost/memavailable, PVE 8 pve2 rows; absent keys stay absent', async () => {
    const node = await c9.nodeRrd('pve9', 'day');
    expect(node).toHaveLength(1440);
    expect(node.at(-1)?.memavailable).toBeGreaterThan(0);
    expect(node.at(-1)?.pressurecpusome).toBeGreaterThanOrEqual(0);
    expect(await c9.nodeRrd('pve9', 'decade')).toHaveLength(570);
    const vm = await c9.guestRrd('pve9', 'qemu', 100, 'hour', 'MAX');
    expect(vm.at(-1)?.memhost).toBeGreaterThan(0);
    expect(vm.at(-1)?.pressurecpufull).toBeGreaterThanOrEqual(0);
    const off = await c9.guestRrd('pve9', 'qemu', 103, 'hour');
    expect(off.every((r) => !('cpu' in r) && !('memhost' in r) && r.maxmem !== undefined)).toBe(true);
    const old = await c8.guestRrd('pve8', 'qemu', 200, 'week');
    expect(old).toHaveLength(70);
    expect(old.at(-1)).not.toHaveProperty('memhost');
    const decade8 = await rejection(c8.nodeRrd('pve8', 'decade'));
    expect(decade8).toMatchObject({ kind: 'api-error', status: 400 });
  });

  it('storageRrd: total/used rows', async () => {
    const rows = await c9.storageRrd('pve9', 'local-lvm', 'month');
    expect(rows).toHaveLength(1440);
    const last = rows.at(-1)!;
    expect(last.total).toBeGreaterThan(0);
    expect(last.used).toBeLessThanOrEqual(last.total!);
    const res = (await c9.clusterResources('storage')).find((s) => 'storage' in s && s.storage === 'local-lvm');
    expect(res && 'maxdisk' in res ? res.maxdisk : undefined).toBe(last.total);
  });
});

describe('guest agent', () => {
  it('ping, /proc/meminfo (parsed: MemAvailable well below PVE mem), network interfaces', async () => {
    await c9.agentPing('pve9', 100);
    const file = await c9.agentFileRead('pve9', 100, '/proc/meminfo');
    expect(file.truncated).toBeUndefined();
    const info = parseMeminfo(file.content)!;
    const status = await c9.guestStatus('pve9', 'qemu', 100);
    expect(info.totalBytes).toBeLessThanOrEqual(8 * GiB);
    expect(info.totalBytes - info.availableBytes).toBeLessThan(status.mem * 0.75);
    expect(info.availableEstimated).toBe(false);
    const nics = await c9.agentNetworkInterfaces('pve9', 100);
    expect(nics[1]?.['hardware-address']).toMatch(/^bc:24:11:/);
    expect(nics[1]?.['ip-addresses']?.[0]?.['ip-address-type']).toBe('ipv4');
  });

  it('agentUnavailable names the refusals; they are answered at once, not retried', async () => {
    fleet.resetRequestStats('pve9');
    const notConfigured = await rejection(c9.agentFileRead('pve9', 102, '/proc/meminfo'));
    expect(agentUnavailable(notConfigured)).toBe('not_configured');
    expect(notConfigured.status).toBe(500);
    expect(agentUnavailable(await rejection(c9.agentPing('pve9', 101)))).toBe('not_running');
    expect(agentUnavailable(await rejection(c9.agentNetworkInterfaces('pve9', 103)))).toBe('not_running');
    expect(fleet.requestStats('pve9').total).toBe(3);
    // Not an agent refusal: a missing file, a container's vmid (no VM config), anything that is not a PveError.
    expect(agentUnavailable(await rejection(c9.agentFileRead('pve9', 100, '/nope')))).toBeNull();
    const ct = await rejection(c9.agentPing('pve9', 104));
    expect(ct).toMatchObject({
      kind: 'not-found',
      status: 500,
      serverMessage: "Configuration file 'nodes/pve9/qemu-server/104.conf' does not exist",
    });
    expect(agentUnavailable(ct)).toBeNull();
    expect(agentUnavailable(new Error('No QEMU guest agent configured'))).toBeNull();
  });
});
