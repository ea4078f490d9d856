import { pendingUpdates } from './apt-catalog';
import { CPUS, ENVS, LXC_OSTYPES, PVE_VERSIONS, ROLES, SNAPSHOT_NAMES, TAGS, WINDOWS_ROLES } from './generator-data';
import { createRng, hashString, type Rng } from './rng';
import type { BackupSpec, FleetSpec, GuestSpec, NodeSpec, PbsSnapshotSpec, StorageSpec, TaskSpec } from './types';
import { pveVersionInfo } from './version';

const GiB = 1024 ** 3;
const TiB = 1024 ** 4;
const DAY = 86_400;

export interface GenerateOptions {
  nodes: number;
  /** Total guests across the fleet. */
  guests: number;
  seed?: number;
  latencyMs?: number;
  /** Add a PBS with a datastore the nodes back up to (default true). */
  pbs?: boolean;
  /** Unix seconds all timestamps are relative to (default: now). Same seed + same now = same fleet. */
  now?: number;
  /** Group consecutive nodes into clusters of this size ('cluster1', 'cluster2'…); a last group of one stays standalone. */
  clusterSize?: number;
}

/** A deterministic, realistic fleet: guests with names/OS/sizes/load, backups, updates, history. */
export function generateFleet(opts: GenerateOptions): FleetSpec {
  const seed = opts.seed ?? 1;
  const rng = createRng(seed);
  const now = opts.now ?? Math.floor(Date.now() / 1000);
  const withPbs = opts.pbs ?? true;
  const pbsSnapshots: PbsSnapshotSpec[] = [];
  const roleCount = new Map<string, number>();
  const nodes: NodeSpec[] = [];
  let vmid = 100;
  const zfsOf: boolean[] = [];
  for (let i = 0; i < opts.nodes; i++) {
    const count = Math.floor(opts.guests / opts.nodes) + (i < opts.guests % opts.nodes ? 1 : 0);
    const name = `pve${i + 1}`;
    const version = opts.nodes >= 3 && i === 2 ? '7.4-16' : rng.pick(PVE_VERSIONS);
    const cpu = rng.pick(CPUS);
    const guests: GuestSpec[] = [];
    for (let k = 0; k < count; k++) guests.push(makeGuest(rng, vmid++, roleCount, now));
    const memoryBytes = fitHost(guests, cpu.threads, rng.pick([128, 256, 256, 384, 512]) * GiB);
    const clusterFirst = (opts.clusterSize ?? 0) > 1 ? i - (i % (opts.clusterSize ?? 1)) : i;
    const storages = makeStorages(rng, version, withPbs, clusterFirst < i ? zfsOf[clusterFirst] : undefined);
    zfsOf[i] = storages.some((s) => s.type === 'zfspool');
    const local = storages.find((s) => s.id === 'local');
    for (const g of guests) {
      if (g.template) continue;
      for (const b of makeBackups(rng, g, now)) {
        if (withPbs && (g.vmid + seed) % 10 < 7) {
          pbsSnapshots.push({
            type: g.type === 'qemu' ? 'vm' : 'ct',
            id: String(g.vmid),
            time: b.ctime,
            size: b.size * 4,
            owner: 'root@pam',
            comment: g.name,
            ...(rng.chance(0.05) ? { protected: true } : {}),
            ...(rng.chance(0.75) ? { verification: rng.chance(0.94) ? ('ok' as const) : ('failed' as const) } : {}),
            ...(rng.chance(0.03) ? { encrypted: true } : {}),
          });
        } else {
          local?.backups?.push(b);
        }
      }
    }
    if (local) {
      local.usedBytes += (local.backups ?? []).reduce((sum, b) => sum + b.size, 0);
      local.totalBytes = Math.max(local.totalBytes, Math.round(local.usedBytes * 1.6));
    }
    const v = pveVersionInfo(version);
    const stale = rng.chance(0.5);
    nodes.push({
      name,
      pveVersion: version,
      cpuModel: cpu.model,
      sockets: cpu.sockets,
      cores: cpu.cores,
      threads: cpu.threads,
      mhz: cpu.mhz,
      memoryBytes,
      rootfsBytes: rng.pick([100, 200, 480]) * 1_000_000_000,
      swapBytes: rng.chance(0.5) ? 8 * GiB : 0,
      uptimeSec: rng.int(3 * DAY, 200 * DAY),
      ...(opts.latencyMs !== undefined ? { latencyMs: opts.latencyMs } : {}),
      password: `${rng.hex(6)}-${rng.hex(6)}-${rng.hex(6)}`,
      tokenSecret: rng.uuid(),
      readonlyTokenSecret: rng.uuid(),
      guests,
      storages,
      aptUpdates: stale ? pendingUpdates(v, () => rng.chance(0.7)) : [],
      tasks: makeHistory(rng, guests, now),
    });
  }
  const spec: FleetSpec = { seed, nodes };
  const size = opts.clusterSize ?? 0;
  if (size > 1) {
    const groups: string[][] = [];
    for (let i = 0; i < nodes.length; i += size) groups.push(nodes.slice(i, i + size).map((n) => n.name));
    const clusters = groups.filter((g) => g.length > 1).map((g, i) => ({ name: `cluster${i + 1}`, nodes: g }));
    if (clusters.length > 0) spec.clusters = clusters;
  }
  if (withPbs) {
    const used = pbsSnapshots.reduce((sum, s) => sum + s.size, 0) * 0.3;
    spec.pbs = {
      name: 'pbs1',
      version: '3.2',
      release: '4',
      password: `${rng.hex(6)}-${rng.hex(6)}-${rng.hex(6)}`,
      tokenSecret: rng.uuid(),
      datastores: [
        {
          name: 'store1',
          comment: 'main datastore (ZFS raidz2)',
          totalBytes: Math.max(8 * TiB, Math.round(used * 3)),
          usedBytes: Math.round(used) + 200 * GiB,
          snapshots: [
            ...pbsSnapshots,
            { type: 'host', id: 'fileserver', time: now - 20 * 3_600, size: 88 * GiB, owner: 'backup@pbs', encrypted: true },
          ],
        },
        {
          name: 'offsite',
          maintenance: 'type=read-only,message=resync',
          totalBytes: 16 * TiB,
          usedBytes: 5 * TiB,
          snapshots: [],
        },
      ],
    };
  }
  return spec;
}

/**
 * Keeps a dense host plausible: scales guest loads so running guests use at most ~55 % of the
 * host's threads, and sizes RAM so running guests fit in 80 % of it. Returns the RAM size.
 */
function fitHost(guests: GuestSpec[], threads: number, memoryBytes: number): number {
  const running = guests.filter((g) => g.status !== 'stopped');
  const demand = running.reduce((sum, g) => sum + g.load * g.cores, 0);
  if (demand > 0.55 * threads) {
    const k = (0.55 * threads) / demand;
    for (const g of guests) g.load = Math.max(0.002, g.load * k);
  }
  const needed = running.reduce((sum, g) => sum + g.memoryBytes * g.memUsage, 4 * GiB) / 0.8;
  return Math.max(memoryBytes, Math.ceil(needed / (64 * GiB)) * 64 * GiB);
}

function makeGuest(rng: Rng, vmid: number, roleCount: Map<string, number>, now: number): GuestSpec {
  const lxc = rng.chance(0.35);
  const windows = !lxc && rng.chance(0.15);
  const role = windows ? rng.pick(WINDOWS_ROLES) : rng.pick(ROLES);
  const n = (roleCount.get(role) ?? 0) + 1;
  roleCount.set(role, n);
  const env = rng.pick(ENVS);
  const name = windows
    ? `${role}${String(n).padStart(2, '0')}`
    : `${role}-${env === 'prod' ? '' : `${env}-`}${String(n).padStart(2, '0')}`;
  const template = rng.chance(0.02);
  const r = rng();
  const status: GuestSpec['status'] = template ? 'stopped' : r < 0.8 ? 'running' : !lxc && r < 0.83 ? 'paused' : 'stopped';
  const heavy = rng.chance(0.05);
  const g: GuestSpec = {
    vmid,
    type: lxc ? 'lxc' : 'qemu',
    name,
    ostype: lxc
      ? rng.pick(LXC_OSTYPES)
      : windows
        ? rng.pick(['win11', 'win10', 'win11', 'w2k8'])
        : rng.chance(0.95)
          ? 'l26'
          : 'other',
    status,
    cores: lxc ? rng.pick([1, 1, 2, 2, 4]) : windows ? rng.pick([2, 4, 4, 8]) : rng.pick([1, 2, 2, 4, 4, 8, 16]),
    memoryBytes: Math.round(
      (lxc ? rng.pick([0.5, 1, 1, 2, 4]) : windows ? rng.pick([4, 8, 8, 16]) : rng.pick([1, 2, 4, 4, 8, 16, 32])) * GiB,
    ),
    diskBytes: (lxc ? rng.pick([8, 8, 16, 32, 64]) : rng.pick([32, 32, 64, 100, 200, 500])) * GiB,
    load: heavy ? 0.7 + rng() * 0.25 : 0.01 + rng() ** 2 * 0.5,
    memUsage: 0.3 + rng() * 0.55,
  };
  if (status !== 'stopped') g.uptimeSec = rng.int(3_600, 120 * DAY);
  if (template) g.template = true;
  const tagCount = rng.pick([0, 0, 0, 1, 1, 2]);
  if (tagCount > 0) g.tags = [...new Set(Array.from({ length: tagCount }, () => rng.pick(TAGS)))].sort();
  if (!lxc) {
    g.agent = rng.chance(0.7);
    // A separate stream keeps the rest of the fleet as it was: about 1 in 6 configured agents is not running.
    if (g.agent && createRng(hashString(`agent/${vmid}/${name}`)).chance(0.16)) g.agentRunning = false;
  }
  if (rng.chance(0.05)) g.ha = true;
  if (rng.chance(0.2)) {
    const count = rng.int(1, 3);
    g.snapshots = Array.from({ length: count }, (_, i) => ({
      name: `${rng.pick(SNAPSHOT_NAMES)}-${i + 1}`,
      description: rng.chance(0.5) ? 'taken before maintenance' : '',
      snaptime: now - (count - i) * rng.int(2, 40) * DAY,
      ...(!lxc && rng.chance(0.3) ? { vmstate: true } : {}),
    }));
  }
  return g;
}

/** 60 % backed up in the last 24 h (plus older dailies), 20 % only stale backups, 20 % none. */
function makeBackups(rng: Rng, g: GuestSpec, now: number): BackupSpec[] {
  const r = rng();
  if (r >= 0.8) return [];
  const newestAge = r < 0.6 ? rng.int(1_800, 23 * 3_600) : rng.int(2 * DAY, 10 * DAY);
  const count = rng.int(1, 3);
  const size =
    g.type === 'qemu' ? Math.round(g.diskBytes * (0.08 + rng() * 0.2)) : Math.round(g.diskBytes * (0.05 + rng() * 0.15));
  return Array.from({ length: count }, (_, i) => ({
    vmid: g.vmid,
    subtype: g.type,
    ctime: now - newestAge - i * DAY,
    size: Math.round(size * (1 - i * 0.01)),
    notes: g.name,
    ...(rng.chance(0.05) ? { protected: true } : {}),
  }));
}

/** `sameAsCluster`: the first cluster member's choice of local-zfs, so guests can migrate between members. */
function makeStorages(rng: Rng, version: string, withPbs: boolean, sameAsCluster?: boolean): StorageSpec[] {
  const drawn = !version.startsWith('7') && rng.chance(0.6);
  const zfs = sameAsCluster ?? drawn;
  const storages: StorageSpec[] = [
    { id: 'local', type: 'dir', content: 'backup,vztmpl,iso', totalBytes: 94 * GiB, usedBytes: 12 * GiB, backups: [] },
    zfs
      ? {
          id: 'local-zfs',
          type: 'zfspool',
          content: 'images,rootdir',
          totalBytes: 3.5 * TiB,
          usedBytes: Math.round(rng.int(10, 70) * 0.01 * 3.5 * TiB),
        }
      : {
          id: 'local-lvm',
          type: 'lvmthin',
          content: 'images,rootdir',
          totalBytes: 1.8 * TiB,
          usedBytes: Math.round(rng.int(10, 70) * 0.01 * 1.8 * TiB),
        },
  ];
  if (rng.chance(0.3))
    storages.push({
      id: 'nfs-iso',
      type: 'nfs',
      content: 'iso,vztmpl',
      shared: true,
      active: rng.chance(0.5),
      totalBytes: 4 * TiB,
      usedBytes: TiB,
    });
  if (withPbs)
    storages.push({
      id: 'pbs-store1',
      type: 'pbs',
      content: 'backup',
      shared: true,
      datastore: 'store1',
      totalBytes: 0,
      usedBytes: 0,
    });
  return storages;
}

function makeHistory(rng: Rng, guests: GuestSpec[], now: number): TaskSpec[] {
  const tasks: TaskSpec[] = [];
  const midnight = Math.floor(now / DAY) * DAY;
  for (let d = 3; d >= 1; d--) {
    const start = midnight - d * DAY + 3_600 + rng.int(0, 120);
    tasks.push({
      type: 'vzdump',
      id: '',
      user: 'root@pam',
      starttime: start,
      endtime: start + rng.int(600, 5_400),
      exitstatus: 'OK',
    });
    const apt = midnight - d * DAY + 5 * 3_600 + rng.int(0, 600);
    const warn = rng.chance(0.2);
    tasks.push({
      type: 'aptupdate',
      id: '',
      user: 'root@pam',
      starttime: apt,
      endtime: apt + 12,
      exitstatus: warn ? 'WARNINGS: 1' : 'OK',
    });
  }
  const sample = guests.filter((g) => g.type === 'qemu').slice(0, 3);
  for (const g of sample) {
    const start = now - rng.int(2 * 3_600, 2 * DAY);
    tasks.push({ type: 'qmstart', id: String(g.vmid), user: 'root@pam', starttime: start, endtime: start + 2, exitstatus: 'OK' });
  }
  return tasks.sort((a, b) => a.starttime - b.starttime);
}
