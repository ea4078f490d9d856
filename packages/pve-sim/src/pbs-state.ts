import { AuthService } from './auth';
import type { KeepOptions } from './prune';
import type { BackupGuestConfig } from './restore-types';
import { hashString } from './rng';
import { formatPbsUpid, TaskRunner } from './tasks';
import type { PbsDatastoreSpec, PbsSnapshotSpec, PbsSpec, SimTask } from './types';

export interface PbsSnapshotState extends PbsSnapshotSpec {
  verificationUpid?: string;
  /** The guest settings inside (qemu-server.conf.blob / pct.conf.blob), when a vzdump made it. */
  config?: BackupGuestConfig;
  /** The next verify of this snapshot finds corrupt chunks (POST /_sim/datastores/{store}/verify-fault). */
  verifyFault?: boolean;
}

export interface PbsDatastoreState {
  spec: PbsDatastoreSpec;
  snapshots: PbsSnapshotState[];
  usedBytes: number;
  /** Chunks of removed snapshots, freed by the next garbage collection. */
  pendingBytes: number;
  /** The last garbage collection's figures (GarbageCollectionStatus). */
  lastGc: { upid: string; removedBytes: number; removedChunks: number; pendingBytes: number };
  gcSchedule: string;
  /** The datastore's prune job (PBS ≥ 2.2 keeps retention in prune jobs). */
  pruneJob: { id: string; schedule: string; keep: KeepOptions };
}

/** Live state of the simulated Proxmox Backup Server. */
export class SimPbs {
  readonly name: string;
  readonly datastores = new Map<string, PbsDatastoreState>();
  readonly runner: TaskRunner;
  readonly auth: AuthService;
  readonly bootTime = Math.floor(Date.now() / 1000) - 3_000_000;
  readonly password: string;
  readonly tokenSecret: string;
  private taskCounter = 0;
  /** How long a worker runs before its effect applies (the fleet's task duration). */
  taskDurationMs = 200;

  constructor(
    readonly spec: PbsSpec,
    lifetimeSec: number,
  ) {
    this.name = spec.name;
    this.password = spec.password ?? 'pbs-password';
    this.tokenSecret = spec.tokenSecret ?? '00000000-0000-4000-a000-000000000000';
    this.auth = new AuthService(
      'PBS',
      lifetimeSec,
      new Map([['root@pam', this.password]]),
      new Map([['root@pam!portal', { secret: this.tokenSecret, privs: 'all' as const }]]),
    );
    this.runner = new TaskRunner(
      spec.name,
      () => 3898,
      (t) => formatPbsUpid(t, this.taskCounter++),
      981,
      true,
    );
    for (const ds of spec.datastores) {
      const verifyTask = this.addHistoryTask('verificationjob', `${ds.name}:${verifyJobId(ds.name)}`);
      const gc = this.addHistoryTask('garbage_collection', ds.name, 'WARNINGS: 1');
      this.addHistoryTask('prunejob', ds.name);
      this.datastores.set(ds.name, {
        spec: ds,
        usedBytes: ds.usedBytes,
        pendingBytes: 0,
        lastGc: { upid: gc.upid, removedBytes: 3_221_020_014, removedChunks: 1_907, pendingBytes: 0 },
        gcSchedule: 'daily',
        pruneJob: { id: pruneJobId(ds.name), schedule: 'daily', keep: { 'keep-last': 3, 'keep-daily': 7, 'keep-weekly': 4 } },
        snapshots: ds.snapshots.map((s) => ({ ...s, ...(s.verification ? { verificationUpid: verifyTask.upid } : {}) })),
      });
    }
  }

  /** A backup arriving from a PVE vzdump task. */
  addBackup(store: string, snap: PbsSnapshotState): void {
    const ds = this.datastores.get(store);
    if (!ds) throw new Error(`datastore '${store}' does not exist`);
    ds.snapshots.push(snap);
    ds.usedBytes = Math.min(ds.spec.totalBytes, ds.usedBytes + Math.round(snap.size * 0.1));
    const now = Math.floor(Date.now() / 1000);
    this.runner.addFinished(
      {
        starttime: now,
        endtime: now,
        type: 'backup',
        id: `${store}:${snap.type}/${snap.id}`,
        user: snap.owner ?? 'root@pam',
        status: 'stopped',
        exitstatus: 'OK',
        log: ['TASK OK'],
      },
      3898,
    );
  }

  /** Removes snapshots (prune, vzdump retention); their chunks stay until a garbage collection. */
  removeSnapshots(ds: PbsDatastoreState, gone: PbsSnapshotState[]): void {
    const set = new Set(gone);
    ds.snapshots = ds.snapshots.filter((s) => !set.has(s));
    for (const s of gone) ds.pendingBytes += Math.round(s.size * 0.1);
  }

  private addHistoryTask(type: string, id: string, exitstatus = 'OK'): SimTask {
    const start = Math.floor(Date.now() / 1000) - 86_400 + (hashString(id) % 3_600);
    return this.runner.addFinished(
      {
        starttime: start,
        endtime: start + 900,
        type,
        id,
        user: 'root@pam',
        status: 'stopped',
        exitstatus,
        log: [`TASK ${exitstatus}`],
      },
      3898,
    );
  }
}

/** Manifest files of a snapshot as PBS lists them (client.log.blob has no size). */
export function snapshotFiles(s: PbsSnapshotSpec): { filename: string; 'crypt-mode': string; size?: number }[] {
  const mode = s.encrypted ? 'encrypt' : 'none';
  const idx = { filename: 'index.json.blob', 'crypt-mode': s.encrypted ? 'sign-only' : 'none', size: 467 };
  if (s.type === 'vm') {
    return [
      { filename: 'qemu-server.conf.blob', 'crypt-mode': mode, size: 512 },
      { filename: 'drive-scsi0.img.fidx', 'crypt-mode': mode, size: Math.max(0, s.size - 979) },
      idx,
      { filename: 'client.log.blob', 'crypt-mode': mode },
    ];
  }
  if (s.type === 'ct') {
    return [
      { filename: 'pct.conf.blob', 'crypt-mode': mode, size: 338 },
      { filename: 'root.pxar.didx', 'crypt-mode': mode, size: Math.max(0, s.size - 2858) },
      { filename: 'catalog.pcat1.didx', 'crypt-mode': mode, size: 2053 },
      idx,
      { filename: 'client.log.blob', 'crypt-mode': mode },
    ];
  }
  return [
    { filename: 'root.pxar.didx', 'crypt-mode': mode, size: Math.max(0, s.size - 2520) },
    { filename: 'catalog.pcat1.didx', 'crypt-mode': mode, size: 2053 },
    idx,
  ];
}

export function keyFingerprint(seed: string): string {
  let out = '';
  for (let i = 0; i < 32; i++) out += (hashString(`${seed}/${i}`) & 0xff).toString(16).padStart(2, '0') + (i < 31 ? ':' : '');
  return out;
}

export function verifyJobId(store: string): string {
  return `v-${hashString(store).toString(16).padStart(8, '0')}`;
}

export function pruneJobId(store: string): string {
  return `p-${hashString(`${store}/prune`).toString(16).padStart(8, '0')}`;
}

/** GarbageCollectionStatus of a datastore (status/datastore-usage `gc-status`, admin/datastore/{store}/gc). */
export function gcStatusJson(ds: PbsDatastoreState): Record<string, unknown> {
  return {
    upid: ds.lastGc.upid,
    'index-file-count': ds.snapshots.length * 2,
    'index-data-bytes': ds.snapshots.reduce((sum, s) => sum + s.size, 0),
    'disk-bytes': ds.usedBytes,
    'disk-chunks': Math.round(ds.usedBytes / 1_650_000),
    'removed-bytes': ds.lastGc.removedBytes,
    'removed-chunks': ds.lastGc.removedChunks,
    'pending-bytes': ds.lastGc.pendingBytes,
    'pending-chunks': Math.round(ds.lastGc.pendingBytes / 1_650_000),
    'removed-bad': 0,
    'still-bad': 0,
  };
}
