import { describe, expect, it } from 'vitest';
import { memoryFigure, type FleetSnapshot } from './fleet-snapshot';
import { renderFleet } from './prometheus';

const now = new Date('2026-11-24T12:00:00Z');
const H = '11111111-1111-4111-8111-111111111111';
const G1 = '22222222-2222-4222-8222-222222222222';
const G2 = '33333333-3333-4333-8333-333333333333';
const S = '44444444-4444-4444-8444-444444444444';

function snapshot(): FleetSnapshot {
  return {
    hosts: [
      { id: H, name: 'Host "one"', pveNode: 'pve1', status: 'online' },
      { id: '55555555-5555-4555-8555-555555555555', name: 'down', pveNode: 'pve2', status: 'offline' },
    ] as FleetSnapshot['hosts'],
    guests: [
      { id: G1, hostId: H, node: 'pve1', vmid: 100, name: 'web', type: 'qemu', state: 'running' },
      { id: G2, hostId: H, node: 'pve1', vmid: 101, name: 'db', type: 'lxc', state: 'stopped' },
    ] as FleetSnapshot['guests'],
    storages: [
      { id: S, hostId: H, node: 'pve1', name: 'local', type: 'dir', shared: false, used: 100, total: 1000 },
    ] as FleetSnapshot['storages'],
    latest: new Map([
      [`guest:${G1}`, { at: now, values: { cpu: 0.25, mem: 4000, maxmem: 8000, memhost: 5000, netin: 10 } }],
      [`node:${H}`, { at: now, values: { cpu: 0.5, mem: 1, maxmem: 2 } }],
    ]),
    agent: new Map([[G1, { memAgent: 1500, lastReadAt: new Date(now.getTime() - 60_000) }]]),
    now,
  };
}

describe('memoryFigure', () => {
  it('prefers a fresh guest-agent figure, then the balloon view (PVE 9 memhost), then the host view', () => {
    const fresh = { memAgent: 1500, lastReadAt: new Date(now.getTime() - 29 * 60_000) };
    const stale = { memAgent: 1500, lastReadAt: new Date(now.getTime() - 31 * 60_000) };
    expect(memoryFigure({ mem: 4000, memhost: 5000 }, fresh, now)).toEqual({ bytes: 1500, source: 'guest_agent' });
    expect(memoryFigure({ mem: 4000, memhost: 5000 }, stale, now)).toEqual({ bytes: 4000, source: 'balloon' });
    expect(memoryFigure({ mem: 4000 }, undefined, now)).toEqual({ bytes: 4000, source: 'host' });
    expect(memoryFigure(undefined, undefined, now)).toEqual({ bytes: null, source: 'host' });
  });
});

describe('renderFleet', () => {
  it('writes the fleet in Prometheus text format, escaping labels and leaving out what has no sample', async () => {
    const { contentType, body } = await renderFleet(snapshot());
    expect(contentType).toContain('text/plain');
    expect(body).toContain(`proxai_host_up{host_id="${H}",host="Host \\"one\\"",node="pve1"} 1`);
    expect(body).toMatch(/proxai_host_up\{host_id="5{8}[^"]*",host="down",node="pve2"\} 0/);
    expect(body).toContain(`proxai_node_cpu_ratio{host_id="${H}",host="Host \\"one\\"",node="pve1"} 0.5`);
    const g1 = `guest_id="${G1}",host="Host \\"one\\"",node="pve1",vmid="100",name="web",type="qemu"`;
    expect(body).toContain(`proxai_guest_cpu_ratio{${g1}} 0.25`);
    expect(body).toContain(`proxai_guest_memory_used_bytes{${g1},source="guest_agent"} 1500`);
    expect(body).toContain(`proxai_guest_memory_total_bytes{${g1}} 8000`);
    expect(body).toContain(`proxai_guest_network_receive_bytes_per_second{${g1}} 10`);
    expect(body).toContain(`proxai_guest_up{${g1}} 1`);
    // The stopped container has no live sample: up 0, no made-up zeros.
    expect(body).toContain(`proxai_guest_up{guest_id="${G2}"`);
    expect(body).not.toMatch(new RegExp(`proxai_guest_cpu_ratio\\{guest_id="${G2}"`));
    expect(body).not.toContain('proxai_guest_network_transmit_bytes_per_second{');
    expect(body).toContain(
      `proxai_storage_used_bytes{storage_id="${S}",host="Host \\"one\\"",node="pve1",storage="local",type="dir",shared="0"} 100`,
    );
    expect(body).toContain('# TYPE proxai_storage_total_bytes gauge');
  });
});
