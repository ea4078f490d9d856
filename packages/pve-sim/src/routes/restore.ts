import { requirePriv, type Identity } from '../auth';
import { findBackup, type ResolvedBackup } from '../backup-volumes';
import { findClusterGuest, membersOf } from '../cluster';
import { diskVolume, freeDisk, randomMac, randomUuid } from '../guest-config';
import { isNetKey, macOf, NetFormatError, parseNet, printNet, withMac } from '../net-config';
import type { SimNode, StorageState } from '../node-state';
import { ParamError, type ParamSchema, type ParamValue } from '../params';
import { ApiError, num, str, type RouteDef } from '../router';
import type { GuestType, SimGuest } from '../types';
import { checkLock, guestKind, nowSec, startNodeTask } from './common';
import { startGuest } from './guest-actions';

/**
 * Restores (qemu-server API2/Qemu.pm create_vm with `archive`, pve-container API2/LXC.pm create_vm with
 * `restore=1`) and `GET /cluster/nextid` (pve-manager API2/Cluster.pm). The API checks the vmid is unused
 * cluster-wide (PVE::Cluster check_vmid_unused), writes a config holding only the `create` lock and forks a
 * qmrestore / vzrestore worker; the guest is there, locked, while the task runs.
 */

const MiB = 1024 ** 2;
/** net0…net31 (qemu) / net0…net9 (lxc), as the schemas' patterns allow. */
const netParams = (count: number): ParamSchema =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [`net${i}`, { type: 'string', optional: true }]));

const COMMON: ParamSchema = {
  vmid: { type: 'integer', min: 100, max: 999_999_999 },
  storage: { type: 'string', optional: true, format: 'pve-storage-id' },
  force: { type: 'boolean', optional: true },
  unique: { type: 'boolean', optional: true },
  start: { type: 'boolean', optional: true },
  pool: { type: 'string', optional: true },
  bwlimit: { type: 'number', optional: true, min: 0 },
  memory: { type: 'integer', optional: true, min: 16 },
  cores: { type: 'integer', optional: true, min: 1, max: 8192 },
  tags: { type: 'string', optional: true },
  description: { type: 'string', optional: true },
  onboot: { type: 'boolean', optional: true },
};
const QEMU_PARAMS: ParamSchema = {
  ...COMMON,
  archive: { type: 'string', optional: true },
  name: { type: 'string', optional: true },
  agent: { type: 'string', optional: true },
  'live-restore': { type: 'boolean', optional: true },
  ...netParams(32),
};
const LXC_PARAMS: ParamSchema = {
  ...COMMON,
  ostemplate: { type: 'string' },
  restore: { type: 'boolean', optional: true },
  hostname: { type: 'string', optional: true },
  swap: { type: 'integer', optional: true, min: 0 },
  rootfs: { type: 'string', optional: true },
  unprivileged: { type: 'boolean', optional: true },
  'ignore-unpack-errors': { type: 'boolean', optional: true },
  ...netParams(10),
};

/** GET /cluster/nextid: the lowest free vmid from 100 on the cluster (a string, as pvesh prints it). */
function nextId(node: SimNode, p: Record<string, ParamValue>): string {
  const taken = new Set(membersOf(node).flatMap((m) => [...m.guests.keys()]));
  const wanted = num(p['vmid']);
  if (wanted !== undefined) {
    if (taken.has(wanted)) throw new ParamError({ vmid: `VM ${wanted} already exists` });
    return String(wanted);
  }
  for (let id = 100; id < 1_000_000; id++) if (!taken.has(id)) return String(id);
  throw new ApiError(500, 'unable to get any free VMID in range [100, 1000000]');
}

/** The restore's NICs: the backup's (new MACs with unique=1), then the netN parameters (a MAC made when none is given). */
function restoredNets(
  node: SimNode,
  type: GuestType,
  backup: ResolvedBackup,
  p: Record<string, ParamValue>,
): Record<string, string> {
  const unique = p['unique'] === true;
  const nets: Record<string, string> = {};
  for (const [key, value] of Object.entries(backup.config.nets)) {
    nets[key] = printNet(type, withMac(type, parseNet(type, key, value), unique));
  }
  const errors: Record<string, string> = {};
  for (const [key, value] of Object.entries(p)) {
    if (!isNetKey(key)) continue;
    try {
      nets[key] = printNet(type, withMac(type, parseNet(type, key, String(value))));
    } catch (err) {
      if (err instanceof NetFormatError) errors[key] = err.message;
      else throw err;
    }
  }
  if (Object.keys(errors).length > 0) throw new ParamError(errors);
  // A host that ignores link_down (test quirk) writes the NICs without it.
  if (node.quirks.ignoreLinkDown) {
    for (const [key, value] of Object.entries(nets)) {
      const net = parseNet(type, key, value);
      delete net['link_down'];
      nets[key] = printNet(type, net);
    }
  }
  return nets;
}

/** The target storage: the parameter (lxc also `rootfs=<storage>:<size>`), else where the disk was. */
function targetStorage(node: SimNode, type: GuestType, backup: ResolvedBackup, p: Record<string, ParamValue>): StorageState {
  const rootfs = str(p['rootfs'])?.split(':')[0];
  const id = str(p['storage']) ?? (type === 'lxc' ? rootfs : undefined) ?? backup.config.diskStorage;
  const s = node.storages.get(id);
  if (!s) throw new ApiError(500, `storage '${id}' does not exist`);
  return s;
}

/** The restored guest, stopped and under the `create` lock until the task ends. */
function restoredGuest(
  node: SimNode,
  type: GuestType,
  vmid: number,
  backup: ResolvedBackup,
  storage: StorageState,
  p: Record<string, ParamValue>,
): SimGuest {
  const cfg = backup.config;
  const nets = restoredNets(node, type, backup, p);
  const first = Object.entries(nets).sort(([a], [b]) => a.localeCompare(b))[0];
  const now = nowSec();
  const g: SimGuest = {
    vmid,
    type,
    name: str(p[type === 'qemu' ? 'name' : 'hostname']) ?? cfg.name,
    ostype: cfg.ostype,
    status: 'stopped',
    paused: false,
    cores: num(p['cores']) ?? cfg.cores,
    memoryBytes: num(p['memory']) !== undefined ? (num(p['memory']) ?? 0) * MiB : cfg.memoryBytes,
    diskBytes: cfg.diskBytes,
    swapBytes: num(p['swap']) !== undefined ? (num(p['swap']) ?? 0) * MiB : cfg.swapBytes,
    load: 0.03,
    memUsage: 0.35,
    createdAt: now,
    stoppedAt: now,
    template: false,
    tags: str(p['tags'])
      ?.split(/[;, ]+/)
      .filter(Boolean) ?? [...cfg.tags],
    lock: 'create',
    agent: p['agent'] !== undefined ? /^(1|enabled=1)/.test(String(p['agent'])) : cfg.agent,
    agentRunning: true,
    loadProfiles: [],
    ha: false,
    snapshots: [],
    phase: (vmid % 6283) / 1000,
    mac: (first ? macOf(type, parseNet(type, first[0], first[1])) : undefined) ?? randomMac(),
    uuid: randomUuid(),
    digest: randomUuid().replace(/-/g, '').padEnd(40, '0'),
    nets,
    diskStorage: storage.spec.id,
    // qemu-ga comes up a while after the boot (~2–5 s on a real host; scaled with the task duration).
    agentBootMs: node.taskDurationMs * 2,
  };
  const extra: Record<string, string | number> = {};
  if (p['description'] !== undefined) extra['description'] = String(p['description']);
  if (p['onboot'] !== undefined) extra['onboot'] = p['onboot'] === true ? 1 : 0;
  if (Object.keys(extra).length > 0) g.configExtra = extra;
  return g;
}

/** The worker's log: vma extract / tar / pbs-restore lines, as the real tasks print them. */
function restoreLog(node: SimNode, type: GuestType, g: SimGuest, backup: ResolvedBackup, storage: StorageState): string[] {
  const { volname } = diskVolume(storage.spec.type, type, g.vmid);
  const volid = `${storage.spec.id}:${volname}`;
  if (backup.format.startsWith('pbs-')) {
    const snap = backup.volid.split(':backup/')[1] ?? '';
    return [
      `new volume ID is '${volid}'`,
      `restore proxmox backup image: /usr/bin/pbs-restore --repository root@pam@${node.pbs?.name ?? 'pbs'}:${backup.storage.spec.datastore ?? ''} ${snap} ${type === 'qemu' ? 'drive-scsi0.img.fidx' : 'root.pxar.didx'}`,
      `starting to restore snapshot '${snap}'`,
      'download and verify backup index',
    ];
  }
  if (type === 'lxc') {
    return [
      `recovering backed-up configuration from '${backup.volid}'`,
      `restoring '${backup.volid}' now..`,
      `extracting archive '${backup.volid}'`,
    ];
  }
  return [
    `restore vma archive: zstd -q -d -c ${backup.volid} | vma extract -v -r /var/tmp/vzdumptmp.fifo - /var/tmp/vzdumptmp`,
    `DEV: dev_id=1 size: ${g.diskBytes} devname: drive-scsi0`,
    `new volume ID is '${volid}'`,
    `map 'drive-scsi0' to '${volid}' (write zeros = 0)`,
  ];
}

function restore(node: SimNode, type: GuestType, p: Record<string, ParamValue>, identity: Identity): string {
  const vmid = num(p['vmid']) ?? 0;
  const archive = str(p[type === 'qemu' ? 'archive' : 'ostemplate']);
  if (archive === undefined || (type === 'lxc' && p['restore'] !== true)) {
    throw new ApiError(
      501,
      `Method 'POST /nodes/${node.name}/${type}' without a backup to restore is not implemented by the simulator`,
    );
  }
  const kind = type === 'qemu' ? 'VM' : 'CT';
  const emsg = `unable to restore ${kind} ${vmid} -`;
  const backup = findBackup(node, archive);
  requirePriv(identity.privs, `/storage/${backup.storage.spec.id}`, ['Datastore.Audit', 'Datastore.AllocateSpace']);
  if (backup.subtype !== type)
    throw new ApiError(500, `${emsg} archive '${archive}' is a ${backup.subtype === 'qemu' ? 'VM' : 'container'} backup`);
  const storage = targetStorage(node, type, backup, p);
  requirePriv(identity.privs, `/storage/${storage.spec.id}`, 'Datastore.AllocateSpace');
  const existing = findClusterGuest(node, vmid);
  const force = p['force'] === true;
  if (existing && (!force || existing.node !== node || existing.guest.type !== type)) {
    const msg = `${guestKind(existing.guest)} ${vmid} already exists on node '${existing.node.name}'`;
    throw new ApiError(500, type === 'qemu' ? `${emsg} ${msg}` : msg);
  }
  const old = existing?.guest;
  if (old) {
    if (old.status === 'running')
      throw new ApiError(500, type === 'qemu' ? `${emsg} vm is running` : "can't overwrite running container");
    if (old.configExtra?.['protection'] === 1) throw new ApiError(500, `${emsg} protection mode enabled`);
    try {
      checkLock(old);
    } catch (err) {
      throw new ApiError(500, `${emsg} ${(err as Error).message}`);
    }
  }
  const g = restoredGuest(node, type, vmid, backup, storage, p);
  if (old) old.lock = 'create';
  else node.guests.set(vmid, g);
  const content = type === 'qemu' ? 'images' : 'rootdir';
  const removePlaceholder = (): void => {
    if (old) delete old.lock;
    else if (node.guests.get(vmid) === g) node.guests.delete(vmid);
  };
  return startNodeTask(node, type === 'qemu' ? 'qmrestore' : 'vzrestore', String(vmid), identity, {
    prepare: () => {
      if (!storage.spec.content.split(',').includes(content)) {
        removePlaceholder();
        throw new Error(
          `storage '${storage.spec.id}' does not support ${type === 'qemu' ? 'vm images' : 'container directories'}`,
        );
      }
      const free = storage.spec.totalBytes - storage.usedBytes;
      if (storage.spec.type !== 'pbs' && free < g.diskBytes) {
        removePlaceholder();
        throw new Error(
          `unable to allocate ${Math.round(g.diskBytes / 1024 ** 3)}G on storage '${storage.spec.id}': not enough free space`,
        );
      }
      return restoreLog(node, type, g, backup, storage);
    },
    run: () => {
      if (old && node.guests.get(vmid) === old) {
        node.guests.set(vmid, g);
        freeDisk(node, old);
      }
      storage.usedBytes += g.diskBytes;
      delete g.lock;
      const lines = ['rescan volumes...'];
      if (p['start'] === true) {
        lines.push('Execute autostart');
        startGuest(node, g);
      }
      return lines;
    },
    stop: () => {
      removePlaceholder();
      return ['restore interrupted: removing the partially restored guest'];
    },
  });
}

export const restoreRoutes: RouteDef<SimNode>[] = [
  {
    method: 'GET',
    path: '/cluster/nextid',
    params: { vmid: { type: 'integer', optional: true, min: 100, max: 999_999_999 } },
    handler: ({ state, params }) => nextId(state, params),
  },
  ...(['qemu', 'lxc'] as const).map((type): RouteDef<SimNode> => ({
    method: 'POST',
    path: `/nodes/{node}/${type}`,
    params: type === 'qemu' ? QEMU_PARAMS : LXC_PARAMS,
    perm: (p) => [`/vms/${String(p['vmid'])}`, 'VM.Allocate'],
    handler: ({ state, params, identity }) => restore(state, type, params, identity),
  })),
];
