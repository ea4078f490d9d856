import { z } from 'zod';
import { catalogPackage } from './apt-catalog';
import { normalize } from './fleet-defaults';
import { DEFAULT_PVE_VERSION, GiB, isLxcOs, KiB, LXC_OSTYPES, MiB, QEMU_OSTYPES, TiB } from './fleet-units';
import { CPUS } from './generator-data';
import type { FleetSpec } from './types';
import { pveVersionInfo } from './version';

/**
 * The fleet description (`--spec fleet.json`) as a zod schema: what `generateFleet` / `--write-spec` produce
 * is valid as is, and a small hand-written file needs only node names and a few guests; everything else gets a
 * plausible default (see README, "Fleet files"). Sizes are bytes or strings such as "4 GiB", "512M", "1.5T".
 */

const NODE_RE = /^[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?$/;
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
const nodeName = z.string().regex(NODE_RE, 'expected a host name: letters, digits and "-" (e.g. "pve1")');
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
export type RawNode = z.output<typeof node>;
export type RawStorage = z.output<typeof storage>;
export type RawPbs = z.output<typeof pbs>;

const fleetShape = z.strictObject({
  nodes: z.array(node).min(1, 'expected at least one node'),
  pbs: pbs.optional(),
  clusters: z.array(cluster).optional(),
  seed: int(0, 2 ** 31 - 1).optional(),
  taskDurationMs: int(0).optional(),
  authFailDelayMs: int(0).optional(),
  ticketLifetimeSec: int(1).optional(),
});

/** The fleet description; parse() gives a complete FleetSpec with the defaults filled in. */
export const FleetSpecSchema = fleetShape.superRefine(checkFleet).transform(normalize);

/** What a fleet file may contain (sizes as strings, most fields optional). */
export type FleetSpecInput = z.input<typeof FleetSpecSchema>;

// ---- cross-field checks ---------------------------------------------------------------------

function checkFleet(f: RawFleet, ctx: z.RefinementCtx): void {
  const issue = (path: (string | number)[], message: string): void => {
    ctx.addIssue({ code: 'custom', message, path });
  };
  const pbsName = f.pbs ? (f.pbs.name ?? 'pbs1') : undefined;
  const names = new Map<string, number>();
  f.nodes.forEach((n, i) => {
    const first = names.get(n.name);
    if (first !== undefined) issue(['nodes', i, 'name'], `'${n.name}' is already the name of nodes[${first}]`);
    else names.set(n.name, i);
  });
  if (pbsName !== undefined && names.has(pbsName)) {
    issue(['pbs', 'name'], `'${pbsName}' is already the name of a node${f.pbs?.name ? '' : ' (default PBS name)'}`);
  }
  const stores = new Set((f.pbs?.datastores ?? [{ name: 'store1' }]).map((d) => d.name));
  f.pbs?.datastores?.forEach((d, i) => {
    if (f.pbs?.datastores?.findIndex((x) => x.name === d.name) !== i)
      issue(['pbs', 'datastores', i, 'name'], `datastore '${d.name}' is listed twice`);
    if (d.totalBytes !== undefined && d.usedBytes !== undefined && d.usedBytes > d.totalBytes)
      issue(['pbs', 'datastores', i, 'usedBytes'], 'is larger than totalBytes');
  });
  f.nodes.forEach((n, i) => checkNode(n, ['nodes', i], f.pbs ? stores : undefined, issue));
  checkClusters(f, issue);
}

/** Members exist and belong to one cluster; vmids are unique within a cluster (they are cluster-wide in PVE). */
function checkClusters(f: RawFleet, issue: (path: (string | number)[], message: string) => void): void {
  const memberOf = new Map<string, string>();
  f.clusters?.forEach((c, i) => {
    if (f.clusters?.findIndex((x) => x.name === c.name) !== i)
      issue(['clusters', i, 'name'], `cluster '${c.name}' is listed twice`);
    const vmids = new Map<number, string>();
    c.nodes.forEach((name, j) => {
      const at = ['clusters', i, 'nodes', j];
      const node = f.nodes.find((n) => n.name === name);
      if (!node) return issue(at, `no node '${name}' in nodes`);
      const other = memberOf.get(name);
      if (other !== undefined) return issue(at, `'${name}' is already a member of cluster '${other}'`);
      memberOf.set(name, c.name);
      for (const g of node.guests ?? []) {
        if (g.vmid === undefined) continue;
        const first = vmids.get(g.vmid);
        if (first !== undefined) issue(at, `vmid ${g.vmid} is on '${first}' and '${name}': vmids are unique in a cluster`);
        else vmids.set(g.vmid, name);
      }
    });
  });
}

function checkNode(
  n: RawNode,
  at: (string | number)[],
  pbsStores: Set<string> | undefined,
  issue: (path: (string | number)[], message: string) => void,
): void {
  const cpu = CPUS.find((c) => c.model === n.cpuModel) ?? CPUS[0];
  const sockets = n.sockets ?? cpu.sockets;
  const cores = n.cores ?? cpu.cores;
  const threads = n.threads ?? cpu.threads;
  if (threads < sockets * cores) issue([...at, 'threads'], `must be at least sockets × cores (${sockets * cores})`);

  const vmids = new Map<number, number>();
  (n.guests ?? []).forEach((g, k) => {
    const gAt = [...at, 'guests', k];
    if (g.vmid !== undefined) {
      const first = vmids.get(g.vmid);
      if (first !== undefined) issue([...gAt, 'vmid'], `${g.vmid} is already used by guests[${first}] of this node`);
      else vmids.set(g.vmid, k);
    }
    const type = g.type ?? (g.ostype !== undefined && isLxcOs(g.ostype) ? 'lxc' : 'qemu');
    if (g.ostype !== undefined) {
      const allowed = type === 'lxc' ? LXC_OSTYPES : QEMU_OSTYPES;
      if (!allowed.includes(g.ostype))
        issue(
          [...gAt, 'ostype'],
          `'${g.ostype}' is not a ${type === 'lxc' ? 'container' : 'VM'} OS type (${allowed.join(', ')})`,
        );
    }
    if (g.status === 'paused' && type === 'lxc') issue([...gAt, 'status'], "'paused' is for VMs (qemu) only");
    const snaps = new Set<string>();
    (g.snapshots ?? []).forEach((s, j) => {
      if (snaps.has(s.name)) issue([...gAt, 'snapshots', j, 'name'], `snapshot '${s.name}' is listed twice`);
      snaps.add(s.name);
      if (s.name === 'current' || s.name === 'pending') issue([...gAt, 'snapshots', j, 'name'], `'${s.name}' is a reserved name`);
    });
  });

  const ids = new Set<string>();
  (n.storages ?? []).forEach((s, k) => {
    const sAt = [...at, 'storages', k];
    if (ids.has(s.id)) issue([...sAt, 'id'], `storage '${s.id}' is listed twice`);
    ids.add(s.id);
    if (s.type === 'pbs') {
      if (!pbsStores) issue([...sAt, 'type'], "a 'pbs' storage needs the fleet's pbs");
      else if (s.datastore === undefined) issue([...sAt, 'datastore'], 'required for a storage of type pbs');
      else if (!pbsStores.has(s.datastore))
        issue([...sAt, 'datastore'], `the pbs has no datastore '${s.datastore}' (${[...pbsStores].join(', ')})`);
      if (s.backups?.length) issue([...sAt, 'backups'], 'backups of a pbs storage are the snapshots of its PBS datastore');
    } else if (s.datastore !== undefined) {
      issue([...sAt, 'datastore'], 'only for a storage of type pbs');
    }
    if (s.totalBytes !== undefined && s.usedBytes !== undefined && s.usedBytes > s.totalBytes)
      issue([...sAt, 'usedBytes'], 'is larger than totalBytes');
  });

  const v = pveVersionInfo(n.pveVersion ?? DEFAULT_PVE_VERSION);
  (n.aptUpdates ?? []).forEach((p, k) => {
    const old = p.OldVersion ?? catalogPackage(p.Package, v)?.OldVersion;
    if (old === undefined)
      issue([...at, 'aptUpdates', k, 'OldVersion'], `required: '${p.Package}' is not in the simulator's catalogue`);
    else if (old === p.Version)
      issue([...at, 'aptUpdates', k, 'Version'], `equals the installed version ${old}: not a pending update`);
  });

  (n.tasks ?? []).forEach((t, k) => {
    if (t.endtime < t.starttime) issue([...at, 'tasks', k, 'endtime'], 'is before starttime');
  });
}

// ---- entry points ---------------------------------------------------------------------------

export type FleetSpecResult = { ok: true; spec: FleetSpec } | { ok: false; errors: string[] };

/** `nodes[0].guests[2].cores` */
function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : `${out ? '.' : ''}${String(p)}`;
  return out || '(top level)';
}

/** Validates a parsed fleet description; on failure, one line per bad field: `nodes[0].guests[1].cores: …`. */
export function parseFleetSpec(input: unknown): FleetSpecResult {
  const r = FleetSpecSchema.safeParse(input);
  if (r.success) return { ok: true, spec: r.data };
  return { ok: false, errors: r.error.issues.map((i) => `${formatPath(i.path)}: ${i.message}`) };
}

/** The same from JSON text (a fleet file); a syntax error is one error line. */
export function parseFleetSpecJson(text: string): FleetSpecResult {
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch (err) {
    return { ok: false, errors: [`not valid JSON: ${err instanceof Error ? err.message : String(err)}`] };
  }
  return parseFleetSpec(input);
}
