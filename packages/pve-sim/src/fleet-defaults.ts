import { catalogPackage } from './apt-catalog';
import type { RawBackupJob, RawFleet, RawNode, RawPbs, RawStorage } from './fleet-schema-parts';
import { DAY, DEFAULT_PVE_VERSION, GiB, isLxcOs, MiB, TiB } from './fleet-units';
import { CPUS } from './generator-data';
import type { AptPackageSpec, FleetSpec, GuestSpec, NodeSpec, PbsSpec, StorageSpec } from './types';
import { pveVersionInfo } from './version';

// The defaults a fleet file leaves out: parse() in fleet-schema.ts gives a complete FleetSpec through normalize().

export function normalize(f: RawFleet): FleetSpec {
  const pbsSpec = f.pbs ? normalizePbs(f.pbs) : undefined;
  // Automatic vmids: fleet-wide from 100, skipping every id given explicitly anywhere.
  const taken = new Set(f.nodes.flatMap((n) => (n.guests ?? []).flatMap((g) => (g.vmid === undefined ? [] : [g.vmid]))));
  let next = 100;
  const nextVmid = (): number => {
    while (taken.has(next)) next++;
    taken.add(next);
    return next;
  };
  const spec: FleetSpec = {
    nodes: f.nodes.map((n) => normalizeNode(n, nextVmid, pbsSpec)),
    ...(pbsSpec ? { pbs: pbsSpec } : {}),
  };
  if (f.clusters) spec.clusters = f.clusters.map((c) => ({ name: c.name, nodes: [...c.nodes] }));
  if (f.seed !== undefined) spec.seed = f.seed;
  if (f.taskDurationMs !== undefined) spec.taskDurationMs = f.taskDurationMs;
  if (f.authFailDelayMs !== undefined) spec.authFailDelayMs = f.authFailDelayMs;
  if (f.ticketLifetimeSec !== undefined) spec.ticketLifetimeSec = f.ticketLifetimeSec;
  return spec;
}

/** Copies the keys whose value is defined (the spec omits optional keys rather than storing undefined). */
function defined<T extends object>(o: T): { [K in keyof T]: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as { [K in keyof T]: Exclude<T[K], undefined> };
}

function normalizeNode(n: RawNode, nextVmid: () => number, pbsSpec: PbsSpec | undefined): NodeSpec {
  const pveVersion = n.pveVersion ?? DEFAULT_PVE_VERSION;
  const v = pveVersionInfo(pveVersion, n.repoid);
  const cpu = CPUS.find((c) => c.model === n.cpuModel) ?? CPUS[0];
  const guests: GuestSpec[] = (n.guests ?? []).map((g) => {
    const type = g.type ?? (g.ostype !== undefined && isLxcOs(g.ostype) ? 'lxc' : 'qemu');
    const lxc = type === 'lxc';
    const status = g.status ?? (g.template ? 'stopped' : 'running');
    return {
      ...defined(g),
      vmid: g.vmid ?? nextVmid(),
      type,
      ostype: g.ostype ?? (lxc ? 'debian' : 'l26'),
      status,
      cores: g.cores ?? (lxc ? 1 : 2),
      memoryBytes: g.memoryBytes ?? (lxc ? 512 * MiB : 2 * GiB),
      diskBytes: g.diskBytes ?? (lxc ? 8 * GiB : 32 * GiB),
      load: g.load ?? 0.05,
      memUsage: g.memUsage ?? 0.5,
      ...(g.uptimeSec === undefined && status !== 'stopped' ? { uptimeSec: 7 * DAY } : {}),
    };
  });
  const running = guests.filter((g) => g.status !== 'stopped' && !g.template);
  // Enough RAM for the running guests at 80 %, in 64 GiB steps (at least 64 GiB), like a real host.
  const needed = running.reduce((sum, g) => sum + g.memoryBytes * g.memUsage, 4 * GiB) / 0.8;
  const memoryBytes = n.memoryBytes ?? Math.max(64 * GiB, Math.ceil(needed / (64 * GiB)) * 64 * GiB);
  const typeOf = new Map(guests.map((g) => [g.vmid, g.type]));
  const storages: StorageSpec[] = n.storages
    ? n.storages.map((s) => normalizeStorage(s, typeOf))
    : defaultStorages(guests, pbsSpec);
  const aptUpdates: AptPackageSpec[] = (n.aptUpdates ?? []).map((p) => {
    const cat = catalogPackage(p.Package, v);
    return {
      Package: p.Package,
      Title: p.Title ?? cat?.Title ?? p.Package,
      Description: p.Description ?? cat?.Description ?? '',
      Origin: p.Origin ?? cat?.Origin ?? 'Debian',
      Section: p.Section ?? cat?.Section ?? 'misc',
      Arch: p.Arch ?? cat?.Arch ?? 'amd64',
      Priority: p.Priority ?? 'optional',
      Version: p.Version,
      // checkNode made sure one of them exists.
      OldVersion: p.OldVersion ?? cat?.OldVersion ?? '',
      ...(p.NotifyStatus !== undefined ? { NotifyStatus: p.NotifyStatus } : {}),
    };
  });
  const { tasks: _tasks, guests: _guests, storages: _storages, aptUpdates: _apt, backupJobs: _jobs, ...rest } = defined(n);
  const spec: NodeSpec = {
    ...rest,
    name: n.name,
    pveVersion,
    cpuModel: n.cpuModel ?? cpu.model,
    sockets: n.sockets ?? cpu.sockets,
    cores: n.cores ?? cpu.cores,
    threads: n.threads ?? cpu.threads,
    mhz: n.mhz ?? cpu.mhz,
    memoryBytes,
    rootfsBytes: n.rootfsBytes ?? 100 * 1e9,
    swapBytes: n.swapBytes ?? 8 * GiB,
    uptimeSec: n.uptimeSec ?? 30 * DAY,
    guests,
    storages,
    aptUpdates,
  };
  if (n.backupJobs) spec.backupJobs = n.backupJobs.map((j: RawBackupJob) => ({ ...defined(j), enabled: j.enabled ?? true }));
  if (n.tasks) {
    spec.tasks = n.tasks.map((t) => ({
      ...defined(t),
      id: t.id ?? '',
      user: t.user ?? 'root@pam',
      exitstatus: t.exitstatus ?? 'OK',
    }));
  }
  return spec;
}

const DEFAULT_CONTENT: Record<StorageSpec['type'], string> = {
  dir: 'backup,vztmpl,iso',
  zfspool: 'images,rootdir',
  lvmthin: 'images,rootdir',
  lvm: 'images,rootdir',
  rbd: 'images,rootdir',
  nfs: 'backup,iso,vztmpl',
  cifs: 'backup,iso,vztmpl',
  pbs: 'backup',
};

function normalizeStorage(s: RawStorage, typeOf: Map<number, 'qemu' | 'lxc'>): StorageSpec {
  const pbsType = s.type === 'pbs';
  const totalBytes = s.totalBytes ?? (pbsType ? 0 : 1 * TiB);
  const { backups: _backups, ...rest } = defined(s);
  const out: StorageSpec = {
    ...rest,
    content: s.content ?? DEFAULT_CONTENT[s.type],
    totalBytes,
    usedBytes: s.usedBytes ?? (pbsType ? 0 : Math.round(totalBytes * 0.1)),
  };
  if (pbsType) out.shared = s.shared ?? true;
  if (s.backups) out.backups = s.backups.map((b) => ({ ...defined(b), subtype: b.subtype ?? typeOf.get(b.vmid) ?? 'qemu' }));
  return out;
}

/** local (dir) for ISO/templates/backups, local-lvm for the guests' disks, and the PBS datastore when there is one. */
function defaultStorages(guests: GuestSpec[], pbsSpec: PbsSpec | undefined): StorageSpec[] {
  const disks = guests.reduce((sum, g) => sum + g.diskBytes, 0);
  const storages: StorageSpec[] = [
    { id: 'local', type: 'dir', content: 'backup,vztmpl,iso', totalBytes: 94 * GiB, usedBytes: 12 * GiB, backups: [] },
    {
      id: 'local-lvm',
      type: 'lvmthin',
      content: 'images,rootdir',
      totalBytes: Math.max(1.8 * TiB, Math.ceil((disks * 1.5) / TiB) * TiB),
      // Thin provisioning: guests use about half of their disks.
      usedBytes: Math.round(disks * 0.5),
    },
  ];
  const store = pbsSpec?.datastores[0]?.name;
  if (store !== undefined) {
    storages.push({
      id: `pbs-${store}`,
      type: 'pbs',
      content: 'backup',
      shared: true,
      datastore: store,
      totalBytes: 0,
      usedBytes: 0,
    });
  }
  return storages;
}

function normalizePbs(p: RawPbs): PbsSpec {
  return {
    ...defined(p),
    name: p.name ?? 'pbs1',
    version: p.version ?? '3.2',
    release: p.release ?? '4',
    datastores: (p.datastores ?? [{ name: 'store1' }]).map((d) => {
      const totalBytes = d.totalBytes ?? 8 * TiB;
      return {
        ...defined(d),
        totalBytes,
        usedBytes: d.usedBytes ?? Math.round(totalBytes * 0.1),
        snapshots: (d.snapshots ?? []).map((s) => defined(s)),
      };
    }),
  };
}
