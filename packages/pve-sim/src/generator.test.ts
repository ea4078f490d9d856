import { describe, expect, it } from 'vitest';
import { generateFleet } from './generator';

const NOW = 1_790_000_000;

describe('generateFleet', () => {
  const spec = generateFleet({ nodes: 10, guests: 500, seed: 7, now: NOW });
  const guests = spec.nodes.flatMap((n) => n.guests);

  it('is deterministic for a seed and a clock', () => {
    expect(generateFleet({ nodes: 10, guests: 500, seed: 7, now: NOW })).toEqual(spec);
    expect(generateFleet({ nodes: 10, guests: 500, seed: 8, now: NOW })).not.toEqual(spec);
  });

  it('spreads the requested guests over the nodes with unique vmids and names', () => {
    expect(spec.nodes).toHaveLength(10);
    expect(guests).toHaveLength(500);
    expect(new Set(guests.map((g) => g.vmid)).size).toBe(500);
    expect(new Set(guests.map((g) => g.name)).size).toBe(500);
    for (const n of spec.nodes) expect(n.guests.length).toBe(50);
  });

  it('mixes guest types, OS, states, sizes and load', () => {
    const lxc = guests.filter((g) => g.type === 'lxc').length;
    expect(lxc).toBeGreaterThan(100);
    expect(lxc).toBeLessThan(250);
    expect(new Set(guests.map((g) => g.ostype)).size).toBeGreaterThan(5);
    expect(guests.some((g) => g.ostype.startsWith('win'))).toBe(true);
    const stopped = guests.filter((g) => g.status === 'stopped').length;
    expect(stopped).toBeGreaterThan(40);
    expect(stopped).toBeLessThan(150);
    expect(new Set(guests.map((g) => g.memoryBytes)).size).toBeGreaterThan(4);
    const loads = guests.map((g) => g.load);
    expect(Math.max(...loads)).toBeGreaterThan(0.5);
    expect(Math.min(...loads)).toBeLessThan(0.05);
  });

  it('gives most VMs a guest agent (some configured but not running), containers none', () => {
    const vms = guests.filter((g) => g.type === 'qemu');
    const running = vms.filter((g) => g.agent === true && g.agentRunning !== false).length;
    const notRunning = vms.filter((g) => g.agent === true && g.agentRunning === false).length;
    const none = vms.filter((g) => g.agent !== true).length;
    expect(running / vms.length).toBeGreaterThan(0.45);
    expect(notRunning / vms.length).toBeGreaterThan(0.04);
    expect(notRunning).toBeLessThan(running);
    expect(none / vms.length).toBeGreaterThan(0.15);
    expect(guests.filter((g) => g.type === 'lxc').every((g) => g.agent === undefined && g.agentRunning === undefined)).toBe(true);
  });

  it('keeps nodes plausible: running guests use at most ~55 % CPU and fit in RAM', () => {
    for (const n of spec.nodes) {
      const running = n.guests.filter((g) => g.status !== 'stopped');
      expect(running.reduce((s, g) => s + g.load * g.cores, 0)).toBeLessThanOrEqual(0.56 * n.threads);
      expect(running.reduce((s, g) => s + g.memoryBytes * g.memUsage, 0)).toBeLessThan(n.memoryBytes);
    }
  });

  it('backs up some guests in the last 24 h, some only earlier, some never', () => {
    const last = new Map<number, number>();
    const add = (vmid: number, t: number): void => void last.set(vmid, Math.max(last.get(vmid) ?? 0, t));
    for (const n of spec.nodes) for (const s of n.storages) for (const b of s.backups ?? []) add(b.vmid, b.ctime);
    for (const ds of spec.pbs?.datastores ?? []) for (const s of ds.snapshots) if (s.type !== 'host') add(Number(s.id), s.time);
    const real = guests.filter((g) => !g.template);
    const recent = real.filter((g) => (last.get(g.vmid) ?? 0) > NOW - 86_400).length;
    const stale = real.filter((g) => last.has(g.vmid) && last.get(g.vmid)! <= NOW - 86_400).length;
    const never = real.filter((g) => !last.has(g.vmid)).length;
    expect(recent / real.length).toBeGreaterThan(0.45);
    expect(stale).toBeGreaterThan(30);
    expect(never).toBeGreaterThan(30);
    const pbsSnaps = spec.pbs?.datastores[0]?.snapshots ?? [];
    expect(pbsSnaps.some((s) => s.verification === 'ok')).toBe(true);
    expect(pbsSnaps.some((s) => s.verification === undefined)).toBe(true);
  });

  it('mixes PVE versions (with a 7.4 host) and leaves updates pending on some nodes only', () => {
    const versions = new Set(spec.nodes.map((n) => n.pveVersion));
    expect([...versions].some((v) => v.startsWith('7.4'))).toBe(true);
    expect([...versions].some((v) => v.startsWith('8.'))).toBe(true);
    const pending = spec.nodes.filter((n) => n.aptUpdates.length > 0).length;
    expect(pending).toBeGreaterThan(0);
    expect(pending).toBeLessThan(10);
  });

  it('groups consecutive nodes into clusters; a last group of one stays standalone', () => {
    expect(generateFleet({ nodes: 5, guests: 10, clusterSize: 2, now: NOW }).clusters).toEqual([
      { name: 'cluster1', nodes: ['pve1', 'pve2'] },
      { name: 'cluster2', nodes: ['pve3', 'pve4'] },
    ]);
    expect(generateFleet({ nodes: 3, guests: 10, now: NOW }).clusters).toBeUndefined();
    // Members share their local storage layout, so guests can migrate between them.
    for (const seed of [1, 2, 3, 4, 5]) {
      const spec = generateFleet({ nodes: 4, guests: 8, clusterSize: 4, seed, now: NOW });
      const ids = spec.nodes.map((n) => n.storages.map((s) => s.id).filter((id) => id.startsWith('local-')));
      expect(new Set(ids.map((x) => x.join())).size).toBe(1);
    }
  });

  it('can leave out the PBS', () => {
    const noPbs = generateFleet({ nodes: 2, guests: 10, pbs: false, now: NOW });
    expect(noPbs.pbs).toBeUndefined();
    expect(noPbs.nodes.flatMap((n) => n.storages).some((s) => s.type === 'pbs')).toBe(false);
  });
});
