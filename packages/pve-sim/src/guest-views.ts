import { guestCounters } from './counters';
import { currentMetrics, guestDiskUsed, guestMemHost, guestPressureAt, PRESSURE_KEYS, uptime } from './metrics';
import type { SimNode } from './node-state';
import type { SimGuest } from './types';
import { atLeast, quirks } from './version';

/** JSON shapes of a guest, as qemu-server / pve-container produce them. */

export const isWindows = (g: Pick<SimGuest, 'ostype'>): boolean => /^(w|win)/.test(g.ostype);
/** Cloud-image style Linux VMs get a serial console (`serial: 1` in lists). */
export const hasSerial = (g: Pick<SimGuest, 'type' | 'ostype' | 'vmid'>): boolean =>
  g.type === 'qemu' && g.ostype === 'l26' && g.vmid % 3 === 0;

function common(g: SimGuest, now: number): Record<string, unknown> {
  const c = currentMetrics(g, now);
  const io = guestCounters(g, now);
  return {
    vmid: g.vmid,
    name: g.name,
    status: g.status,
    cpus: g.cores,
    maxmem: g.memoryBytes,
    maxdisk: g.diskBytes,
    disk: guestDiskUsed(g),
    mem: c.mem,
    cpu: c.cpu,
    uptime: uptime(g, now),
    netin: io.netin,
    netout: io.netout,
    diskread: io.diskread,
    diskwrite: io.diskwrite,
  };
}

/** PVE 9 vmstatus of a running guest adds PSI (percent, like the RRD's pressure* keys). */
function addPressure(node: SimNode, g: SimGuest, out: Record<string, unknown>, now: number): void {
  if (!quirks.qemuListV9(node.version) || g.status !== 'running') return;
  const psi = guestPressureAt(g, now);
  for (const k of PRESSURE_KEYS) out[k] = Number(psi[k].toFixed(2));
}

function optional(g: SimGuest, out: Record<string, unknown>): Record<string, unknown> {
  if (g.status === 'running' && g.pid !== undefined) out['pid'] = g.pid;
  if (g.template) out['template'] = 1;
  if (g.lock) out['lock'] = g.lock;
  if (g.tags.length > 0) out['tags'] = g.tags.join(';');
  return out;
}

export function qemuListItem(node: SimNode, g: SimGuest, now: number): Record<string, unknown> {
  const out = common(g, now);
  if (quirks.qemuListV9(node.version)) {
    delete out['diskread'];
    delete out['diskwrite'];
    if (g.status === 'running') out['memhost'] = guestMemHost(g, out['mem'] as number);
    addPressure(node, g, out, now);
  } else {
    // qemu-server < 9 lists diskread/diskwrite as 0 (fix #6207).
    out['diskread'] = 0;
    out['diskwrite'] = 0;
  }
  if (hasSerial(g)) out['serial'] = 1;
  return optional(g, out);
}

export function lxcListItem(node: SimNode, g: SimGuest, now: number): Record<string, unknown> {
  const out = common(g, now);
  out['type'] = 'lxc';
  out['swap'] = g.status === 'running' ? Math.round(g.swapBytes * 0.02) : 0;
  out['maxswap'] = g.swapBytes;
  if (quirks.lxcVmidString(node.version)) out['vmid'] = String(g.vmid);
  addPressure(node, g, out, now);
  return optional(g, out);
}

export function guestStatusCurrent(node: SimNode, g: SimGuest, now: number): Record<string, unknown> {
  const out = optional(g, common(g, now));
  addPressure(node, g, out, now);
  if (g.type === 'qemu' && g.status === 'running' && quirks.qemuListV9(node.version)) {
    out['memhost'] = guestMemHost(g, out['mem'] as number);
  }
  out['ha'] = g.ha ? { managed: 1, state: 'started', group: 'ha-default' } : { managed: 0 };
  if (g.type === 'lxc') {
    out['type'] = 'lxc';
    out['swap'] = g.status === 'running' ? Math.round(g.swapBytes * 0.02) : 0;
    out['maxswap'] = g.swapBytes;
    return out;
  }
  out['qmpstatus'] = g.status === 'running' && g.paused ? 'paused' : g.status;
  if (g.agent) out['agent'] = 1;
  if (hasSerial(g)) out['serial'] = 1;
  if (g.status !== 'running') return out;
  const mem = out['mem'] as number;
  const v = node.version;
  const qemuVersion = v.major <= 7 ? '7.2.0' : v.major === 8 ? (v.minor >= 2 ? '9.0.2' : '8.1.5') : '10.0.2';
  const machineVersion = qemuVersion.split('.').slice(0, 2).join('.');
  out['qmpstatus'] = g.paused ? 'paused' : 'running';
  out['shares'] = 1000;
  if (isWindows(g)) out['spice'] = 1;
  out['balloon'] = g.memoryBytes;
  out['balloon_min'] = g.memoryBytes;
  out['freemem'] = g.memoryBytes - mem;
  out['ballooninfo'] = {
    actual: g.memoryBytes,
    max_mem: g.memoryBytes,
    free_mem: g.memoryBytes - mem,
    total_mem: g.memoryBytes - 82_000_000,
    major_page_faults: 1_000 + (g.vmid % 900),
    minor_page_faults: 3_000_000 + g.vmid * 17,
    mem_swapped_in: 0,
    mem_swapped_out: 0,
    last_update: now,
  };
  const c = guestCounters(g, now);
  out['blockstat'] = {
    scsi0: blockstat(c.diskread, c.diskwrite, g.vmid),
    ide2: blockstat(344_348, 0, 1),
  };
  out['nics'] = { [`tap${g.vmid}i0`]: { netin: c.netin, netout: c.netout } };
  out['running-machine'] = `${isWindows(g) ? 'pc-q35' : 'pc-i440fx'}-${machineVersion}+pve0`;
  out['running-qemu'] = qemuVersion;
  out['proxmox-support'] = {
    'pbs-dirty-bitmap': true,
    'pbs-dirty-bitmap-migration': true,
    'pbs-dirty-bitmap-savevm': true,
    'pbs-library-version': atLeast(v, 8) ? '1.4.1 (UNKNOWN)' : '1.3.1 (4d450bb294cac5316d2f23bf087c4b02c0543d79)',
    'pbs-masterkey': true,
    'query-bitmap-info': true,
    'backup-max-workers': true,
  };
  return out;
}

function blockstat(rd: number, wr: number, k: number): Record<string, unknown> {
  return {
    rd_bytes: rd,
    wr_bytes: wr,
    rd_operations: Math.round(rd / 40_000),
    wr_operations: Math.round(wr / 9_600),
    flush_operations: Math.round(wr / 100_000),
    unmap_operations: k % 500,
    rd_total_time_ns: Math.round(rd * 11),
    wr_total_time_ns: Math.round(wr * 43),
    flush_total_time_ns: Math.round(wr * 5),
    unmap_total_time_ns: (k % 500) * 20_000,
    unmap_bytes: (k % 500) * 34_000_000,
    wr_highest_offset: Math.round(wr * 1.8),
    rd_merged: 0,
    wr_merged: 0,
    unmap_merged: 0,
    idle_time_ns: 4_427_685_914,
    failed_rd_operations: 0,
    failed_wr_operations: 0,
    failed_flush_operations: 0,
    failed_unmap_operations: 0,
    invalid_rd_operations: 0,
    invalid_wr_operations: 0,
    invalid_flush_operations: 0,
    invalid_unmap_operations: 0,
    account_failed: true,
    account_invalid: true,
    timed_stats: [],
  };
}

export function guestResource(node: SimNode, g: SimGuest, now: number): Record<string, unknown> {
  const c = common(g, now);
  const out: Record<string, unknown> = {
    id: `${g.type}/${g.vmid}`,
    type: g.type,
    vmid: g.vmid,
    node: node.name,
    name: g.name,
    status: g.status,
    template: g.template ? 1 : 0,
    uptime: c['uptime'],
    maxcpu: g.cores,
    cpu: c['cpu'],
    maxmem: g.memoryBytes,
    mem: c['mem'],
    maxdisk: g.diskBytes,
    disk: c['disk'],
    netin: c['netin'],
    netout: c['netout'],
    diskread: c['diskread'],
    diskwrite: c['diskwrite'],
  };
  // PVE 9 (API2Tools extract_vm_stats on a pve-vm-9.0 entry): memhost for every guest, 0 unless a running VM reports it.
  if (quirks.qemuListV9(node.version))
    out['memhost'] = g.type === 'qemu' && g.status === 'running' ? guestMemHost(g, c['mem'] as number) : 0;
  if (g.tags.length > 0) out['tags'] = g.tags.join(';');
  if (g.lock) out['lock'] = g.lock;
  if (g.ha) out['hastate'] = 'started';
  return out;
}
