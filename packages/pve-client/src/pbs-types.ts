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
