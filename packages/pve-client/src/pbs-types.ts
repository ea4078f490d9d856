/** Response types of the PBS endpoints (snake_case / kebab-case as on the wire). */

export interface PbsVersion {
  version: string;
  release: string;
  repoid: string;
}

export interface PbsDatastore {
  store: string;
  comment: string | null;
  maintenance?: string;
  'mount-status'?: string;
  'backend-type'?: string;
}

export interface PbsGroup {
  'backup-type': 'vm' | 'ct' | 'host';
  'backup-id': string;
  'last-backup': number;
  'backup-count': number;
  files: string[];
  owner?: string;
  comment?: string;
}

export interface PbsSnapshotFile {
  filename: string;
  'crypt-mode'?: 'none' | 'encrypt' | 'sign-only';
  size?: number;
}

export interface PbsSnapshot {
  'backup-type': 'vm' | 'ct' | 'host';
  'backup-id': string;
  'backup-time': number;
  files: PbsSnapshotFile[];
  size?: number;
  owner?: string;
  protected?: boolean;
  comment?: string;
  verification?: { state: 'ok' | 'failed'; upid: string };
  fingerprint?: string;
}

export interface PbsDatastoreUsage {
  store: string;
  total?: number;
  used?: number;
  avail?: number;
  history?: (number | null)[];
  'history-start'?: number;
  'history-delta'?: number;
  'estimated-full-date'?: number;
  'gc-status'?: Record<string, number | string>;
  error?: string;
  'mount-status'?: string;
  'backend-type'?: string;
}

export interface PbsTaskListItem {
  upid: string;
  node: string;
  pid: number;
  pstart: number;
  starttime: number;
  worker_type: string;
  worker_id?: string;
  user: string;
  endtime?: number;
  status?: string;
}
export interface PbsTaskPage {
  items: PbsTaskListItem[];
  total: number;
}

export interface PbsTaskStatus {
  upid: string;
  node: string;
  pid: number;
  pstart: number;
  starttime: number;
  type: string;
  id?: string;
  user: string;
  tokenid?: string;
  status: 'running' | 'stopped';
  exitstatus?: string;
}

/** The figures of a datastore's last garbage collection (GarbageCollectionStatus). */
export interface PbsGcFigures {
  upid?: string;
  'index-file-count': number;
  'index-data-bytes': number;
  'disk-bytes': number;
  'disk-chunks': number;
  'removed-bytes': number;
  'removed-chunks': number;
  'pending-bytes': number;
  'pending-chunks': number;
  'removed-bad': number;
  'still-bad': number;
}

/**
 * `GET /admin/datastore/{store}/gc`: the figures; PBS ≥ 3.3 adds the GC job's schedule status (also the items of
 * `GET /admin/gc`). On 3.2 read the last run from the task of `upid`.
 */
export interface PbsGcStatus extends PbsGcFigures, PbsJobScheduleStatus {
  store?: string;
  schedule?: string;
  /** seconds the last run took (PBS ≥ 3.3) */
  duration?: number;
}

/** JobScheduleStatus of a PBS job (absent keys: never ran / no schedule). */
export interface PbsJobScheduleStatus {
  /** unix seconds */
  'next-run'?: number;
  /** 'OK', 'WARNINGS: n', or the error text */
  'last-run-state'?: string;
  'last-run-upid'?: string;
  /** unix seconds */
  'last-run-endtime'?: number;
}

/** `GET /admin/prune`: prune jobs (PruneJobConfig + status). */
export interface PbsPruneJob extends PbsJobScheduleStatus {
  id: string;
  store: string;
  schedule: string;
  disable?: boolean;
  comment?: string;
  ns?: string;
  'max-depth'?: number;
  'keep-last'?: number;
  'keep-hourly'?: number;
  'keep-daily'?: number;
  'keep-weekly'?: number;
  'keep-monthly'?: number;
  'keep-yearly'?: number;
}

/** `GET /admin/verify`: verification jobs (VerificationJobConfig + status). */
export interface PbsVerifyJob extends PbsJobScheduleStatus {
  id: string;
  store: string;
  schedule?: string;
  ns?: string;
  'ignore-verified'?: boolean;
  'outdated-after'?: number;
  'max-depth'?: number;
  comment?: string;
}

/** `GET /admin/sync`: sync jobs (SyncJobConfig + status). */
export interface PbsSyncJob extends PbsJobScheduleStatus {
  id: string;
  store: string;
  remote?: string;
  'remote-store': string;
  schedule?: string;
  comment?: string;
}

/** `POST /admin/datastore/{store}/verify`: one snapshot (type, id, time), one group (type, id) or everything. */
export interface PbsVerifyParams {
  'backup-type'?: 'vm' | 'ct' | 'host';
  'backup-id'?: string;
  /** unix seconds */
  'backup-time'?: number;
  'ignore-verified'?: boolean;
  'outdated-after'?: number;
  ns?: string;
}

/** Retention for `POST /admin/datastore/{store}/prune-datastore`. */
export interface PbsKeepOptions {
  'keep-last'?: number;
  'keep-hourly'?: number;
  'keep-daily'?: number;
  'keep-weekly'?: number;
  'keep-monthly'?: number;
  'keep-yearly'?: number;
}
