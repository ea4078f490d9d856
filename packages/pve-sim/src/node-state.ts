import { randomUUID } from 'node:crypto';
import { auditorPrivs, AuthService, type TokenDef } from './auth';
import type { SimCluster } from './cluster';
import type { SimPbs } from './pbs-state';
import { RequestCounter } from './request-stats';
import { createRng, hashString } from './rng';
import { formatPveUpid, TaskRunner } from './tasks';
import type { BackupJob, BackupVolumeState, SimQuirks } from './restore-types';
import type {
  AptPackageSpec,
  GuestSpec,
  NodeSpec,
  SimGuest,
  SimSnapshot,
  SimStats,
  SimTask,
  SnapshotFault,
  SnapshotSpec,
  StorageSpec,
} from './types';
import { pveVersionInfo, type PveVersionInfo } from './version';

export interface StorageState {
  spec: StorageSpec;
  /** Backup volumes of a non-PBS storage. */
  backups: BackupVolumeState[];
  usedBytes: number;
}

export interface NodeRuntimeOptions {
  taskDurationMs: number;
  ticketLifetimeSec: number;
  authFailDelayMs: number;
  pbs?: SimPbs;
  /** Fleet-wide test switches (shared by every node). */
  quirks?: SimQuirks;
  /** The fleet's time in epoch ms (StartFleetOptions.now); default the real one. */
  now?: () => number;
}

/** Live state of one simulated PVE node; mutable so tests can arrange and assert. */
export class SimNode {
  readonly name: string;
  readonly version: PveVersionInfo;
  readonly guests = new Map<number, SimGuest>();
  readonly storages = new Map<string, StorageState>();
  readonly runner: TaskRunner;
  readonly auth: AuthService;
  readonly stats: SimStats = { requests: 0, logins: 0, ticketRenewals: 0, failedAuth: 0 };
  /** /api2 requests by route, target node and minute (GET /_sim/stats). */
  readonly requestStats: RequestCounter;
  readonly bootTime: number;
  readonly password: string;
  readonly tokenSecret: string;
  readonly readonlyTokenSecret: string;
  /** What GET /apt/update answers (the cached list). */
  aptCache: AptPackageSpec[];
  /** What the next POST /apt/update will put in the cache. */
  aptAvailable: AptPackageSpec[];
  fingerprint = '';
  /** The cluster this node is a member of (set by startFleet); standalone when absent. */
  cluster?: SimCluster;
  /**
   * Mirrors the node's fault for its cluster peers: 'refused' (connections reset) counts as the node being
   * down (offline in /cluster/status, 595 when proxied to); 'hung' as pveproxy not answering (595 too).
   */
  down?: 'refused' | 'hung';
  taskDurationMs: number;
  authFailDelayMs: number;
  readonly pbs: SimPbs | undefined;
  readonly quirks: SimQuirks;
  /** Pins the node's free memory (bytes) in status, lists and resources (POST /_sim/nodes/{node}/memory). */
  memFreePinned?: number;
  /** Backup jobs of a standalone node (a cluster's members share `cluster.backupJobs`). */
  backupJobs: BackupJob[];
  /** The time the node answers at, epoch ms (sim-time.ts): its fleet's. */
  readonly now: () => number;

  constructor(
    readonly spec: NodeSpec,
    opts: NodeRuntimeOptions,
  ) {
    this.name = spec.name;
    this.version = pveVersionInfo(spec.pveVersion, spec.repoid);
    this.taskDurationMs = opts.taskDurationMs;
    this.authFailDelayMs = opts.authFailDelayMs;
    this.pbs = opts.pbs;
    this.quirks = opts.quirks ?? { ignoreLinkDown: false };
    this.backupJobs = (spec.backupJobs ?? []).map((j) => ({ ...j }));
    this.now = opts.now ?? Date.now;
    this.requestStats = new RequestCounter(this.now);
    const now = Math.floor(this.now() / 1000);
    this.bootTime = now - spec.uptimeSec;
    this.password = spec.password ?? randomUUID();
    this.tokenSecret = spec.tokenSecret ?? randomUUID();
    this.readonlyTokenSecret = spec.readonlyTokenSecret ?? randomUUID();
    const tokens = new Map<string, TokenDef>([
      ['root@pam!portal', { secret: this.tokenSecret, privs: 'all' }],
      ['root@pam!monitor', { secret: this.readonlyTokenSecret, privs: auditorPrivs(this.version) }],
    ]);
    this.auth = new AuthService('PVE', opts.ticketLifetimeSec, new Map([['root@pam', this.password]]), tokens);
    const rng = createRng(hashString(spec.name));
    this.runner = new TaskRunner(
      spec.name,
      () => this.pstart(),
      (t) => formatPveUpid(t),
      rng.int(200_000, 3_000_000),
    );
    for (const g of spec.guests) this.guests.set(g.vmid, buildGuest(g, now, this));
    for (const s of spec.storages) {
      this.storages.set(s.id, { spec: s, backups: [...(s.backups ?? [])], usedBytes: s.usedBytes });
    }
    this.aptCache = [...spec.aptUpdates];
    this.aptAvailable = [...spec.aptUpdates];
    for (const t of spec.tasks ?? []) {
      this.runner.addFinished(
        {
          starttime: t.starttime,
          endtime: t.endtime,
          type: t.type,
          id: t.id,
          user: t.user,
          status: 'stopped',
          exitstatus: t.exitstatus,
          log: t.log ?? [],
        },
        (t.starttime - this.bootTime) * 100,
      );
    }
  }

  /** Online for corosync: anything but refused connections. */
  get online(): boolean {
    return this.down !== 'refused';
  }

  get tasks(): SimTask[] {
    return this.runner.tasks;
  }

  guest(vmid: number): SimGuest {
    const g = this.guests.get(vmid);
    if (!g) throw new Error(`no guest ${vmid} on ${this.name}`);
    return g;
  }

  /** Puts the guest under a lock (as a backup, migration… would) or clears it; throws for an unknown vmid. */
  setGuestLock(vmid: number, lock: string | null): void {
    const g = this.guest(vmid);
    if (lock === null) delete g.lock;
    else g.lock = lock;
  }

  /** While set, the guest's snapshot tasks fail at their storage step; null clears it. */
  setSnapshotFault(vmid: number, fault: SnapshotFault | null): void {
    const g = this.guest(vmid);
    if (fault === null) delete g.snapshotFault;
    else g.snapshotFault = { ...fault };
  }

  /** Process start time in clock ticks since boot, as in a UPID. */
  pstart(): number {
    return Math.max(0, Math.floor((this.now() / 1000 - this.bootTime) * 100));
  }

  nextPid(): number {
    return 100_000 + (hashString(`${this.name}/${Date.now()}/${this.guests.size}`) % 3_000_000);
  }
}

function buildGuest(g: GuestSpec, now: number, node: SimNode): SimGuest {
  const h = hashString(`${node.name}/${g.vmid}/${g.name}`);
  const running = g.status !== 'stopped' && !g.template;
  const guest: SimGuest = {
    vmid: g.vmid,
    type: g.type,
    name: g.name,
    ostype: g.ostype,
    status: running ? 'running' : 'stopped',
    paused: g.status === 'paused' && g.type === 'qemu',
    cores: g.cores,
    memoryBytes: g.memoryBytes,
    diskBytes: g.diskBytes,
    swapBytes: g.swapBytes ?? (g.type === 'lxc' ? 512 * 1024 * 1024 : 0),
    load: g.load,
    memUsage: g.memUsage,
    createdAt: now - 30 * 86_400 - (h % (400 * 86_400)),
    template: g.template ?? false,
    tags: g.tags ?? [],
    agent: g.agent ?? g.type === 'qemu',
    agentRunning: g.agentRunning ?? true,
    loadProfiles: [],
    ha: g.ha ?? false,
    snapshots: chainSnapshots(g.snapshots ?? []),
    phase: (h % 6283) / 1000,
    mac: `BC:24:11:${[h >>> 16, h >>> 8, h].map((b) => (b & 0xff).toString(16).toUpperCase().padStart(2, '0')).join(':')}`,
    uuid: uuidFrom(h, g.vmid),
    digest: (BigInt(h) * 0x9e3779b97f4a7c15n).toString(16).padStart(40, '0').slice(-40),
  };
  if (g.lock) guest.lock = g.lock;
  const newest = guest.snapshots.at(-1);
  if (newest) guest.parent = newest.name;
  if (running) {
    guest.startedAt = now - (g.uptimeSec ?? 86_400);
    guest.pid = node.nextPid() + g.vmid;
  } else {
    guest.stoppedAt = now - 3_600 - (h % (20 * 86_400));
  }
  return guest;
}

/** Snapshots of a fleet spec form one line, oldest first: each one's parent is the one before. */
function chainSnapshots(specs: SnapshotSpec[]): SimSnapshot[] {
  const sorted = [...specs].sort((a, b) => a.snaptime - b.snaptime);
  return sorted.map((s, i) => {
    const parent = sorted[i - 1]?.name;
    return parent === undefined ? { ...s } : { ...s, parent };
  });
}

function uuidFrom(h: number, vmid: number): string {
  const hex =
    `${h.toString(16).padStart(8, '0')}${(vmid * 2654435761).toString(16).padStart(12, '0')}${h.toString(16).padStart(8, '0')}`.slice(
      0,
      32,
    );
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
