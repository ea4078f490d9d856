import { z } from 'zod';
import { GiB, KiB, MiB, TiB } from './fleet-units';

/**
 * The pieces of the fleet description's zod schema (fleet-schema.ts assembles them): sizes, nodes, guests,
 * storages, backup jobs, the PBS and clusters, and the raw (pre-default) types they parse to.
 */

export const NODE_RE = /^[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?$/;
const STORAGE_RE = /^[a-z][a-z0-9\-_.]*[a-z0-9]$/i;
const SNAP_RE = /^[a-zA-Z][a-zA-Z0-9_-]{1,39}$/;
const CONTENT_TYPES = ['images', 'rootdir', 'vztmpl', 'iso', 'backup', 'snippets', 'import'] as const;
// ---- sizes -------------------------------------------------------------------------------

const UNITS: Record<string, number> = {
  '': 1,
  b: 1,
  k: KiB,
  kib: KiB,
  kb: 1e3,
  m: MiB,
  mib: MiB,
  mb: 1e6,
  g: GiB,
  gib: GiB,
  gb: 1e9,
  t: TiB,
  tib: TiB,
  tb: 1e12,
};
const SIZE_HINT = 'expected bytes (a number) or a size such as "4 GiB", "512M", "1.5T" (K/M/G/T = binary, KB/MB/GB/TB = decimal)';

/** Bytes from a number or a string with a unit; undefined when it is not a size. */
export function parseSize(v: number | string): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) && v >= 0 ? v : undefined;
  const m = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(v);
  const factor = m ? UNITS[(m[2] ?? '').toLowerCase()] : undefined;
  if (!m || factor === undefined) return undefined;
  return Math.round(Number(m[1]) * factor);
}

const size = z.union([z.number(), z.string()], { error: SIZE_HINT }).transform((v, ctx) => {
  const bytes = parseSize(v);
  if (bytes === undefined) {
    ctx.addIssue({ code: 'custom', message: `${SIZE_HINT}, got ${JSON.stringify(v)}` });
    return z.NEVER;
  }
  return bytes;
});

// ---- parts -------------------------------------------------------------------------------

const int = (min: number, max = Number.MAX_SAFE_INTEGER) => z.number().int().min(min).max(max);
const unixTime = int(0);
const fraction = z.number().min(0).max(1);
export const nodeName = z.string().regex(NODE_RE, 'expected a host name: letters, digits and "-" (e.g. "pve1")');
const secret = z.string().regex(/^[\w-]+$/, 'expected letters, digits, "-" or "_" (a UUID, as PVE makes them)');

const fault = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('refuse') }),
    z.strictObject({ kind: z.literal('hang') }),
    z.strictObject({ kind: z.literal('slow'), delayMs: int(0) }),
    z.strictObject({ kind: z.literal('flaky'), rate: fraction }),
    z.strictObject({ kind: z.literal('expire-tickets') }),
    z.strictObject({ kind: z.literal('rotate-certificate') }),
  ],
  {
    error:
      'expected a fault: {"kind": "refuse" | "hang" | "slow" (delayMs) | "flaky" (rate) | "expire-tickets" | "rotate-certificate"}',
  },
);

const snapshot = z.strictObject({
  name: z.string().regex(SNAP_RE, 'expected a snapshot name: a letter, then 1–39 letters, digits, "-" or "_"'),
  description: z.string().optional(),
  snaptime: unixTime,
  vmstate: z.boolean().optional(),
});

const guest = z.strictObject({
  /** Default: the next free id from 100, fleet-wide. */
  vmid: int(100, 999_999_999).optional(),
  /** Default: 'lxc' when `ostype` is a container OS type, else 'qemu'. */
  type: z.enum(['qemu', 'lxc']).optional(),
  name: z.string().min(1).max(128),
  ostype: z.string().optional(),
  status: z.enum(['running', 'stopped', 'paused']).optional(),
  cores: int(1, 512).optional(),
  memoryBytes: size.optional(),
  diskBytes: size.optional(),
  swapBytes: size.optional(),
  load: fraction.optional(),
  memUsage: fraction.optional(),
  uptimeSec: int(0).optional(),
  template: z.boolean().optional(),
  tags: z.array(z.string().regex(/^[\w+.-]+$/, 'expected a tag: letters, digits, "+", ".", "-" or "_"')).optional(),
  lock: z.string().optional(),
  agent: z.boolean().optional(),
  agentRunning: z.boolean().optional(),
  ha: z.boolean().optional(),
  snapshots: z.array(snapshot).optional(),
});

const backup = z.strictObject({
  vmid: int(100, 999_999_999),
  /** Default: the type of the node's guest with that vmid, else 'qemu'. */
  subtype: z.enum(['qemu', 'lxc']).optional(),
  ctime: unixTime,
  size,
  format: z.string().optional(),
  notes: z.string().optional(),
  protected: z.boolean().optional(),
});

const storageTypes = ['dir', 'zfspool', 'lvmthin', 'lvm', 'nfs', 'cifs', 'rbd', 'pbs'] as const;
const storage = z.strictObject({
  id: z.string().regex(STORAGE_RE, 'expected a storage id such as "local-zfs"'),
  type: z.enum(storageTypes),
  content: z
    .string()
    .regex(
      new RegExp(`^(${CONTENT_TYPES.join('|')})(,(${CONTENT_TYPES.join('|')}))*$`),
      `expected a comma-separated list of ${CONTENT_TYPES.join(', ')}`,
    )
    .optional(),
  shared: z.boolean().optional(),
  active: z.boolean().optional(),
  enabled: z.boolean().optional(),
  totalBytes: size.optional(),
  usedBytes: size.optional(),
  datastore: z.string().optional(),
  backups: z.array(backup).optional(),
});

const aptPackage = z.strictObject({
  Package: z.string().regex(/^[a-z0-9][a-z0-9+.-]+$/, 'expected a Debian package name'),
  /** The candidate version. */
  Version: z.string().min(1),
  /** Default: the installed version from the catalogue (required for a package not in it). */
  OldVersion: z.string().min(1).optional(),
  Title: z.string().optional(),
  Description: z.string().optional(),
  Origin: z.string().optional(),
  Section: z.string().optional(),
  Arch: z.string().optional(),
  Priority: z.string().optional(),
  NotifyStatus: z.string().optional(),
});

const task = z.strictObject({
  type: z.string().regex(/^[\w-]+$/, 'expected a task type such as "vzdump"'),
  id: z.string().optional(),
  user: z.string().optional(),
  starttime: unixTime,
  endtime: unixTime,
  exitstatus: z.string().optional(),
  log: z.array(z.string()).optional(),
});

const vmidList = z.string().regex(/^\d+([,;\s]+\d+)*$/, 'expected vmids such as "100,101"');
/** A datacenter backup job (jobs.cfg), as POST /cluster/backup takes it. */
const backupJob = z.strictObject({
  id: z.string().regex(/^[a-z][a-z0-9_-]{2,49}$/i, 'expected a job id such as "backup-nightly"'),
  schedule: z.string().min(1),
  enabled: z.boolean().optional(),
  storage: z.string().regex(STORAGE_RE, 'expected a storage id such as "local"').optional(),
  mode: z.enum(['snapshot', 'suspend', 'stop']).optional(),
  compress: z.enum(['0', '1', 'gzip', 'lzo', 'zstd']).optional(),
  vmid: vmidList.optional(),
  all: z.boolean().optional(),
  pool: z.string().optional(),
  exclude: vmidList.optional(),
  node: nodeName.optional(),
  comment: z.string().optional(),
  'notes-template': z.string().optional(),
  'prune-backups': z.string().optional(),
  mailnotification: z.enum(['always', 'failure']).optional(),
});

const node = z.strictObject({
  name: nodeName,
  pveVersion: z
    .string()
    .regex(/^\d+\.\d+(?:[.-]\d+)?$/, 'expected a PVE version such as "8.2.4" or "7.4-16"')
    .optional(),
  repoid: z
    .string()
    .regex(/^[0-9a-f]{8,16}$/, 'expected 8–16 hex digits')
    .optional(),
  cpuModel: z.string().min(1).optional(),
  sockets: int(1, 16).optional(),
  cores: int(1, 1024).optional(),
  threads: int(1, 8192).optional(),
  mhz: z
    .string()
    .regex(/^\d+(\.\d+)?$/, 'expected MHz as a string such as "2400.000"')
    .optional(),
  memoryBytes: size.optional(),
  rootfsBytes: size.optional(),
  swapBytes: size.optional(),
  uptimeSec: int(0).optional(),
  latencyMs: int(0).optional(),
  fault: fault.nullable().optional(),
  password: z.string().min(1).optional(),
  tokenSecret: secret.optional(),
  readonlyTokenSecret: secret.optional(),
  guests: z.array(guest).optional(),
  storages: z.array(storage).optional(),
  aptUpdates: z.array(aptPackage).optional(),
  tasks: z.array(task).optional(),
  backupJobs: z.array(backupJob).optional(),
});

const pbsSnapshot = z.strictObject({
  type: z.enum(['vm', 'ct', 'host']),
  id: z.string().min(1),
  time: unixTime,
  size,
  owner: z.string().optional(),
  comment: z.string().optional(),
  protected: z.boolean().optional(),
  verification: z.enum(['ok', 'failed']).optional(),
  encrypted: z.boolean().optional(),
});

const datastore = z.strictObject({
  name: z.string().regex(/^[A-Za-z0-9_][A-Za-z0-9._-]*$/, 'expected a datastore name such as "store1"'),
  comment: z.string().optional(),
  maintenance: z.string().optional(),
  totalBytes: size.optional(),
  usedBytes: size.optional(),
  snapshots: z.array(pbsSnapshot).optional(),
});

const pbs = z.strictObject({
  name: nodeName.optional(),
  version: z
    .string()
    .regex(/^\d+\.\d+$/, 'expected a PBS version such as "3.2"')
    .optional(),
  release: z.string().regex(/^\d+$/, 'expected a release number such as "4"').optional(),
  latencyMs: int(0).optional(),
  fault: fault.nullable().optional(),
  password: z.string().min(1).optional(),
  tokenSecret: secret.optional(),
  datastores: z.array(datastore).min(1).optional(),
});

const cluster = z.strictObject({
  /** corosync cluster names: up to 15 letters, digits and "-" (pvecm create). */
  name: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9-]{0,14}$/, 'expected a cluster name: up to 15 letters, digits and "-"'),
  nodes: z.array(nodeName).min(1, 'expected at least one node'),
});

export type RawFleet = z.output<typeof fleetShape>;
export type RawBackupJob = z.output<typeof backupJob>;
export type RawNode = z.output<typeof node>;
export type RawStorage = z.output<typeof storage>;
export type RawPbs = z.output<typeof pbs>;

export const fleetShape = z.strictObject({
  nodes: z.array(node).min(1, 'expected at least one node'),
  pbs: pbs.optional(),
  clusters: z.array(cluster).optional(),
  seed: int(0, 2 ** 31 - 1).optional(),
  taskDurationMs: int(0).optional(),
  authFailDelayMs: int(0).optional(),
  ticketLifetimeSec: int(1).optional(),
});
