import { guestCounters } from './counters';
import { currentMetrics, profileAt } from './metrics';
import { isLinkDown, macOf, parseNet } from './net-config';
import { hashString } from './rng';
import type { SimGuest } from './types';

/** What qemu-ga answers inside a guest: /proc/meminfo and its network interfaces. */

const MiB = 1024 ** 2;
const isWindows = (g: SimGuest): boolean => /^(w|win)/.test(g.ostype);

/**
 * A Linux /proc/meminfo consistent with what PVE shows as the VM's `mem` (the balloon view, page cache counted
 * as used): MemTotal a little below the configured RAM (kernel reservations), MemFree = MemTotal − mem, and a
 * page cache of 30–55 % of `mem`, so MemAvailable is well above MemFree and MemTotal − MemAvailable well below
 * `mem`. While a load profile forces the memory (an allocating workload) the cache is squeezed out. The
 * control path can pin MemAvailable (`agentMemAvailable`).
 */
export function meminfo(g: SimGuest, now: number): { text: string; totalBytes: number; availableBytes: number } {
  const total = Math.round(g.memoryBytes * 0.975 - 40 * MiB);
  const used = Math.min(currentMetrics(g, now).mem, total);
  const squeezed = profileAt(g, now, 'memBytes') !== undefined;
  const cacheFrac = squeezed ? 0.03 : 0.3 + (hashString(`${g.vmid}/cache`) % 25) / 100;
  const cache = used * cacheFrac;
  const buffers = cache * 0.05;
  const cached = cache * 0.95;
  const sReclaimable = total * 0.012;
  const sUnreclaim = total * 0.008;
  let free = total - used;
  let available = Math.min(total, free + buffers + cached * 0.97 + sReclaimable * 0.8 - total * 0.004);
  if (g.agentMemAvailable !== undefined) {
    available = Math.min(total, g.agentMemAvailable);
    free = Math.min(free, available);
  }
  const swapTotal = g.memoryBytes >= 4 * 1024 ** 3 ? 2 * 1024 ** 3 : 1024 ** 3;
  const anon = Math.max(0, used - cache - sReclaimable - sUnreclaim);
  const kb = (bytes: number): number => Math.max(0, Math.round(bytes / 1024));
  const rows: [string, number, boolean][] = [
    ['MemTotal', kb(total), true],
    ['MemFree', kb(free), true],
    ['MemAvailable', kb(available), true],
    ['Buffers', kb(buffers), true],
    ['Cached', kb(cached), true],
    ['SwapCached', 0, true],
    ['Active', kb(anon * 0.7 + cached * 0.45), true],
    ['Inactive', kb(anon * 0.3 + cached * 0.55), true],
    ['Active(anon)', kb(anon * 0.7), true],
    ['Inactive(anon)', kb(anon * 0.3), true],
    ['Active(file)', kb(cached * 0.45), true],
    ['Inactive(file)', kb(cached * 0.55), true],
    ['Unevictable', 0, true],
    ['Mlocked', 0, true],
    ['SwapTotal', kb(swapTotal), true],
    ['SwapFree', kb(swapTotal), true],
    ['Zswap', 0, true],
    ['Zswapped', 0, true],
    ['Dirty', kb(cached * 0.001), true],
    ['Writeback', 0, true],
    ['AnonPages', kb(anon), true],
    ['Mapped', kb(cached * 0.12), true],
    ['Shmem', kb(cached * 0.02), true],
    ['KReclaimable', kb(sReclaimable), true],
    ['Slab', kb(sReclaimable + sUnreclaim), true],
    ['SReclaimable', kb(sReclaimable), true],
    ['SUnreclaim', kb(sUnreclaim), true],
    ['KernelStack', 4_096 + g.cores * 512, true],
    ['PageTables', kb(anon * 0.004), true],
    ['CommitLimit', kb(total / 2 + swapTotal), true],
    ['Committed_AS', kb(anon * 1.6), true],
    ['VmallocTotal', 34_359_738_367, true],
    ['VmallocUsed', 22_452, true],
    ['Percpu', 1_024 * g.cores, true],
    ['HardwareCorrupted', 0, true],
    ['AnonHugePages', 0, true],
    ['HugePages_Total', 0, false],
    ['HugePages_Free', 0, false],
    ['HugePages_Rsvd', 0, false],
    ['HugePages_Surp', 0, false],
    ['Hugepagesize', 2_048, true],
    ['Hugetlb', 0, true],
    ['DirectMap4k', 147_320, true],
    ['DirectMap2M', kb(total * 0.9), true],
  ];
  const text = rows
    .map(([k, v, unit]) => `${`${k}:`.padEnd(16)}${String(v).padStart(unit ? 8 : 8)}${unit ? ' kB' : ''}`)
    .join('\n');
  return { text: `${text}\n`, totalBytes: kb(total) * 1024, availableBytes: kb(available) * 1024 };
}

/** The files the simulated guest agent can read; undefined: qemu-ga's "failed to open file" error. */
export function guestFile(g: SimGuest, path: string, now: number): string | undefined {
  if (isWindows(g)) return undefined;
  switch (path) {
    case '/proc/meminfo':
      return meminfo(g, now).text;
    case '/etc/hostname':
      return `${g.name}\n`;
    case '/proc/loadavg': {
      const l = (currentMetrics(g, now).cpu * g.cores).toFixed(2);
      return `${l} ${l} ${l} 1/${180 + (g.vmid % 90)} ${1000 + (g.vmid % 9000)}\n`;
    }
    default:
      return undefined;
  }
}

/** qemu-ga guest-file-open's error text for a missing file (Linux / Windows guests). */
export function fileOpenError(g: SimGuest, path: string): string {
  return isWindows(g)
    ? `Agent error: failed to open file '${path}' (error: 3): The system cannot find the path specified.`
    : `Agent error: failed to open file '${path}': No such file or directory`;
}

/** guest-network-get-interfaces: loopback and the VM's virtio NIC with its MAC, addresses and counters. */
export function networkInterfaces(g: SimGuest, now: number): Record<string, unknown>[] {
  const c = guestCounters(g, now);
  const h = hashString(`${g.vmid}/${g.name}/ip`);
  const stats = (rx: number, tx: number): Record<string, number> => ({
    'rx-bytes': rx,
    'rx-packets': Math.round(rx / 900),
    'rx-errs': 0,
    'rx-dropped': Math.round(rx / 9e7),
    'tx-bytes': tx,
    'tx-packets': Math.round(tx / 700),
    'tx-errs': 0,
    'tx-dropped': 0,
  });
  const windows = isWindows(g);
  return [
    {
      name: windows ? 'Loopback Pseudo-Interface 1' : 'lo',
      'hardware-address': '00:00:00:00:00:00',
      'ip-addresses': [
        { 'ip-address-type': 'ipv4', 'ip-address': '127.0.0.1', prefix: 8 },
        { 'ip-address-type': 'ipv6', 'ip-address': '::1', prefix: 128 },
      ],
      statistics: stats(48_000 + (h % 10_000), 48_000 + (h % 10_000)),
    },
    ...nics(g).map((nic, i) => {
      const m = nic.mac.toLowerCase().split(':');
      const item: Record<string, unknown> = {
        name: windows ? (i === 0 ? 'Ethernet' : `Ethernet ${i + 1}`) : `ens${18 + i}`,
        'hardware-address': nic.mac.toLowerCase(),
      };
      // A NIC without carrier (link_down=1) gets no DHCP lease and no link-local address.
      if (!nic.down) {
        item['ip-addresses'] = [
          { 'ip-address-type': 'ipv4', 'ip-address': `192.168.${10 + (h % 20)}.${20 + ((g.vmid + i) % 230)}`, prefix: 24 },
          { 'ip-address-type': 'ipv6', 'ip-address': `fe80::be24:11ff:fe${m[3]}:${m[4]}${m[5]}`, prefix: 64 },
        ];
      }
      item['statistics'] = i === 0 && !nic.down ? stats(c.netin, c.netout) : stats(0, 0);
      return item;
    }),
  ];
}

/** The guest's NICs in order: MAC and whether the link is down (config link_down=1). */
function nics(g: SimGuest): { mac: string; down: boolean }[] {
  if (!g.nets) return [{ mac: g.mac, down: false }];
  return Object.entries(g.nets)
    .sort(([a], [b]) => Number(a.slice(3)) - Number(b.slice(3)))
    .map(([key, value]) => {
      const net = parseNet(g.type, key, value);
      return { mac: macOf(g.type, net) ?? g.mac, down: isLinkDown(net) };
    });
}
