import type { SimNode, StorageState } from './node-state';
import { nodeCpuAt, nodeMemAt } from './rrd';
import { hashString } from './rng';
import { quirks } from './version';

/** JSON shapes of a node and its storages (pve-manager Nodes.pm, pve-storage Status.pm). */

export function nodeUptime(node: SimNode, now: number): number {
  return Math.max(0, Math.floor(now - node.bootTime));
}

function rootUsed(node: SimNode): number {
  return Math.round(node.spec.rootfsBytes * 0.12);
}

export function nodeListItem(node: SimNode, now: number): Record<string, unknown> {
  return {
    node: node.name,
    status: 'online',
    cpu: nodeCpuAt(node, now, true),
    maxcpu: node.spec.threads,
    mem: nodeMemAt(node, now, true),
    maxmem: node.spec.memoryBytes,
    disk: rootUsed(node),
    maxdisk: node.spec.rootfsBytes,
    uptime: nodeUptime(node, now),
    level: '',
    ssl_fingerprint: node.fingerprint,
    id: `node/${node.name}`,
    type: 'node',
  };
}

export function nodeResource(node: SimNode, now: number): Record<string, unknown> {
  const item = nodeListItem(node, now);
  delete item['ssl_fingerprint'];
  return { ...item, 'cgroup-mode': 2 };
}

/** A cluster member that is down (API2Tools extract_node_stats): no usage figures, status 'offline'. */
export function offlineNodeItem(node: SimNode): Record<string, unknown> {
  return {
    id: `node/${node.name}`,
    node: node.name,
    type: 'node',
    status: 'offline',
    level: '',
    maxcpu: node.spec.threads,
    maxmem: node.spec.memoryBytes,
    maxdisk: node.spec.rootfsBytes,
  };
}

export function nodeIp(node: SimNode): string {
  return `192.168.${10 + (hashString(node.name) % 20)}.${10 + (hashString(`${node.name}/ip`) % 200)}`;
}

export function nodeStatus(node: SimNode, now: number): Record<string, unknown> {
  const cpu = nodeCpuAt(node, now, true);
  const memUsed = nodeMemAt(node, now, true);
  const total = node.spec.memoryBytes;
  const load = [1, 0.93, 0.88].map((k) => (cpu * node.spec.threads * k).toFixed(2));
  const used = rootUsed(node);
  const v = node.version;
  const out: Record<string, unknown> = {
    uptime: nodeUptime(node, now),
    idle: 0,
    loadavg: load,
    cpu,
    wait: 0.0009,
    cpuinfo: {
      model: node.spec.cpuModel,
      sockets: node.spec.sockets,
      cores: node.spec.cores,
      cpus: node.spec.threads,
      mhz: node.spec.mhz,
      hvm: '1',
      user_hz: 100,
      flags:
        'fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge mca cmov pat pse36 clflush mmx fxsr sse sse2 ht syscall nx pdpe1gb rdtscp lm constant_tsc rep_good nopl xtopology cpuid pni pclmulqdq vmx ssse3 fma cx16 pcid sse4_1 sse4_2 x2apic movbe popcnt aes xsave avx f16c rdrand lahf_lm abm 3dnowprefetch ept vpid fsgsbase bmi1 avx2 smep bmi2 erms invpcid rdseed adx smap clflushopt xsaveopt xsavec xgetbv1 xsaves',
    },
    memory: { total, used: memUsed, free: total - memUsed },
    swap: { total: node.spec.swapBytes, used: 0, free: node.spec.swapBytes },
    ksm: { shared: 0 },
    rootfs: { total: node.spec.rootfsBytes, used, free: node.spec.rootfsBytes - used, avail: node.spec.rootfsBytes - used },
    pveversion: `pve-manager/${v.version}/${v.repoid}`,
    kversion: `Linux ${v.kernel} ${v.kversion}`,
  };
  // PVE 9 counts used as total − available (what the pve-node-9.0 RRD's memavailable shows too).
  if (quirks.memAvailable(v)) (out['memory'] as Record<string, number>)['available'] = total - memUsed;
  if (quirks.kernelInfo(v)) {
    out['current-kernel'] = { sysname: 'Linux', release: v.kernel, version: v.kversion, machine: 'x86_64' };
    out['boot-info'] = { mode: 'efi', secureboot: 0 };
  }
  return out;
}

/** pve-manager API2/Cluster.pm get_status. */
export function clusterStatus(node: SimNode): Record<string, unknown>[] {
  const c = node.cluster;
  // Standalone node (no corosync): one fake node entry.
  if (!c) {
    return [
      { type: 'node', id: `node/${node.name}`, name: node.name, nodeid: 0, ip: nodeIp(node), local: 1, online: 1, level: '' },
    ];
  }
  return [
    { type: 'cluster', id: 'cluster', name: c.name, nodes: c.members.length, version: c.version, quorate: c.quorate ? 1 : 0 },
    ...c.members.map((m) => ({
      type: 'node',
      id: `node/${m.name}`,
      name: m.name,
      nodeid: c.nodeid(m),
      ip: nodeIp(m),
      local: m === node ? 1 : 0,
      online: m.online ? 1 : 0,
      level: '',
    })),
  ];
}

export function storageUsage(node: SimNode, s: StorageState): { total: number; used: number } {
  if (s.spec.type === 'pbs' && node.pbs && s.spec.datastore) {
    const ds = node.pbs.datastores.get(s.spec.datastore);
    if (ds) return { total: ds.spec.totalBytes, used: ds.usedBytes };
  }
  return { total: s.spec.totalBytes, used: Math.min(s.spec.totalBytes, s.usedBytes) };
}

export function storageListItem(node: SimNode, s: StorageState): Record<string, unknown> {
  const active = s.spec.active ?? true;
  const out: Record<string, unknown> = {
    storage: s.spec.id,
    type: s.spec.type,
    content: s.spec.content,
    active: active ? 1 : 0,
    enabled: (s.spec.enabled ?? true) ? 1 : 0,
    shared: s.spec.shared ? 1 : 0,
  };
  if (active) {
    const { total, used } = storageUsage(node, s);
    out['total'] = total;
    out['used'] = used;
    out['avail'] = total - used;
    out['used_fraction'] = total > 0 ? used / total : 0;
  }
  return out;
}

export function storageResource(node: SimNode, s: StorageState): Record<string, unknown> {
  const active = (s.spec.active ?? true) && node.online;
  const out: Record<string, unknown> = {
    id: `storage/${node.name}/${s.spec.id}`,
    type: 'storage',
    storage: s.spec.id,
    node: node.name,
    plugintype: s.spec.type,
    status: active ? 'available' : 'unknown',
    shared: s.spec.shared ? 1 : 0,
    content: s.spec.content,
  };
  if (active) {
    const { total, used } = storageUsage(node, s);
    out['disk'] = used;
    out['maxdisk'] = total;
  }
  return out;
}
