import { Gauge, Registry } from 'prom-client';
import type { MetricName } from '../store';
import { guestValues, memoryFigure, nodeValues, type FleetSnapshot } from './fleet-snapshot';

/**
 * The organisation's fleet in Prometheus text format (ADR 012), rendered by prom-client from a Registry made for
 * the request: hosts' reachability and usage, each guest's CPU, memory (with its `source`), disk, network and
 * disk I/O, each storage's use. Values are the newest samples (≤ 2 minutes old); a metric without a fresh sample
 * is left out rather than reported as 0.
 */
export async function renderFleet(f: FleetSnapshot): Promise<{ contentType: string; body: string }> {
  const registry = new Registry();
  const gauge = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
    new Gauge<L>({ name, help, labelNames, registers: [registry] });

  const hostLabels = ['host_id', 'host', 'node'] as const;
  const hostUp = gauge('proxai_host_up', 'Whether the host answered its last poll (1) or not (0).', hostLabels);
  const nodeGauges = {
    cpu: gauge('proxai_node_cpu_ratio', 'CPU use of the node, 0–1.', hostLabels),
    mem: gauge('proxai_node_memory_used_bytes', 'Memory in use on the node.', hostLabels),
    maxmem: gauge('proxai_node_memory_total_bytes', 'Memory of the node.', hostLabels),
    disk: gauge('proxai_node_rootfs_used_bytes', "Used space of the node's root file system.", hostLabels),
    maxdisk: gauge('proxai_node_rootfs_total_bytes', "Size of the node's root file system.", hostLabels),
    netin: gauge('proxai_node_network_receive_bytes_per_second', 'Network received by the node.', hostLabels),
    netout: gauge('proxai_node_network_transmit_bytes_per_second', 'Network sent by the node.', hostLabels),
  } satisfies Partial<Record<MetricName, Gauge<(typeof hostLabels)[number]>>>;

  const guestLabels = ['guest_id', 'host', 'node', 'vmid', 'name', 'type'] as const;
  const guestUp = gauge('proxai_guest_up', 'Whether the guest is running (1) or not (0).', guestLabels);
  const memUsed = gauge(
    'proxai_guest_memory_used_bytes',
    'Memory in use by the guest; source: guest_agent (without page cache), balloon or host.',
    [...guestLabels, 'source'],
  );
  const guestGauges = {
    cpu: gauge('proxai_guest_cpu_ratio', 'CPU use of the guest, 0–1 of its own cores.', guestLabels),
    maxmem: gauge('proxai_guest_memory_total_bytes', 'Memory given to the guest.', guestLabels),
    disk: gauge(
      'proxai_guest_disk_used_bytes',
      'Disk space used by the guest (containers; VMs report it through the agent only).',
      guestLabels,
    ),
    maxdisk: gauge('proxai_guest_disk_total_bytes', "Size of the guest's disks.", guestLabels),
    netin: gauge('proxai_guest_network_receive_bytes_per_second', 'Network received by the guest.', guestLabels),
    netout: gauge('proxai_guest_network_transmit_bytes_per_second', 'Network sent by the guest.', guestLabels),
    diskread: gauge('proxai_guest_disk_read_bytes_per_second', 'Disk reads of the guest.', guestLabels),
    diskwrite: gauge('proxai_guest_disk_write_bytes_per_second', 'Disk writes of the guest.', guestLabels),
  } satisfies Partial<Record<MetricName, Gauge<(typeof guestLabels)[number]>>>;

  const storageLabels = ['storage_id', 'host', 'node', 'storage', 'type', 'shared'] as const;
  const storageUsed = gauge('proxai_storage_used_bytes', 'Used space of the storage, as the node sees it.', storageLabels);
  const storageTotal = gauge('proxai_storage_total_bytes', 'Size of the storage.', storageLabels);

  const hostName = new Map(f.hosts.map((h) => [h.id, h.name]));
  for (const h of f.hosts) {
    const labels = { host_id: h.id, host: h.name, node: h.pveNode };
    hostUp.set(labels, h.status === 'online' ? 1 : 0);
    const values = nodeValues(f, h.id) ?? {};
    for (const [metric, g] of Object.entries(nodeGauges)) {
      const v = values[metric as MetricName];
      if (v !== undefined) g.set(labels, v);
    }
  }
  for (const g of f.guests) {
    const labels = {
      guest_id: g.id,
      host: hostName.get(g.hostId) ?? '',
      node: g.node,
      vmid: String(g.vmid),
      name: g.name,
      type: g.type,
    };
    guestUp.set(labels, g.state === 'running' ? 1 : 0);
    const values = guestValues(f, g.id);
    for (const [metric, gg] of Object.entries(guestGauges)) {
      const v = values?.[metric as MetricName];
      if (v !== undefined) gg.set(labels, v);
    }
    const mem = memoryFigure(values, f.agent.get(g.id), f.now);
    if (mem.bytes !== null) memUsed.set({ ...labels, source: mem.source }, mem.bytes);
  }
  for (const s of f.storages) {
    const labels = {
      storage_id: s.id,
      host: hostName.get(s.hostId) ?? '',
      node: s.node,
      storage: s.name,
      type: s.type,
      shared: s.shared ? '1' : '0',
    };
    if (s.used !== null) storageUsed.set(labels, s.used);
    if (s.total !== null) storageTotal.set(labels, s.total);
  }
  return { contentType: registry.contentType, body: await registry.metrics() };
}
