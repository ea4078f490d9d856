import type { Identity } from '../auth';
import { backupJobsOf } from '../cluster';
import { configDigest, diskStorageOf, diskVolume, freeDisk, guestNets } from '../guest-config';
import { isNetKey, NetFormatError, parseNet, printNet, withMac } from '../net-config';
import type { SimNode } from '../node-state';
import { ParamError, splitList, type ParamSchema, type ParamValue } from '../params';
import { ApiError, num, str, type RouteDef } from '../router';
import type { GuestType, SimGuest } from '../types';
import { checkLock, findGuest, startNodeTask, vmPerm } from './common';
import { stopGuest } from './guest-actions';

/**
 * `PUT /nodes/{node}/{qemu|lxc}/{vmid}/config` (qemu-server update_vm_api, synchronous; pve-container
 * update_vm) and `DELETE /nodes/{node}/{qemu|lxc}/{vmid}` (destroy_vm: task qmdestroy / vzdestroy).
 */

const MiB = 1024 ** 2;
const netParams = (count: number): ParamSchema =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [`net${i}`, { type: 'string', optional: true }]));

const CONFIG_COMMON: ParamSchema = {
  digest: { type: 'string', optional: true },
  delete: { type: 'string', optional: true },
  revert: { type: 'string', optional: true },
  cores: { type: 'integer', optional: true, min: 1, max: 8192 },
  memory: { type: 'integer', optional: true, min: 16 },
  tags: { type: 'string', optional: true },
  description: { type: 'string', optional: true },
  onboot: { type: 'boolean', optional: true },
  protection: { type: 'boolean', optional: true },
};
const CONFIG_PARAMS: Record<GuestType, ParamSchema> = {
  qemu: {
    ...CONFIG_COMMON,
    skiplock: { type: 'boolean', optional: true },
    name: { type: 'string', optional: true },
    agent: { type: 'string', optional: true },
    boot: { type: 'string', optional: true },
    ...netParams(32),
  },
  lxc: {
    ...CONFIG_COMMON,
    hostname: { type: 'string', optional: true },
    swap: { type: 'integer', optional: true, min: 0 },
    ...netParams(10),
  },
};

/** Keys kept as written (the simulator gives them no behaviour beyond protection). */
const EXTRA_KEYS = ['description', 'onboot', 'protection', 'boot'];

function updateConfig(node: SimNode, type: GuestType, p: Record<string, ParamValue>): null {
  const g = findGuest(node, type, num(p['vmid']) ?? 0);
  if (p['digest'] !== undefined && p['digest'] !== g.digest) {
    throw new ApiError(500, 'detected modified configuration - file changed by other user? Try again.');
  }
  if (p['skiplock'] !== true) checkLock(g);
  const nets = { ...guestNets(g) };
  const errors: Record<string, string> = {};
  for (const [key, value] of Object.entries(p)) {
    if (!isNetKey(key)) continue;
    try {
      // parse_net gives a NIC written without a MAC a new random one.
      nets[key] = printNet(type, withMac(type, parseNet(type, key, String(value))));
    } catch (err) {
      if (!(err instanceof NetFormatError)) throw err;
      errors[key] = err.message;
    }
  }
  if (Object.keys(errors).length > 0) throw new ParamError(errors);
  const extra = { ...g.configExtra };
  for (const key of splitList(str(p['delete']) ?? '')) {
    if (isNetKey(key)) delete nets[key];
    else if (key === 'tags') g.tags = [];
    else if (key === 'agent') g.agent = false;
    else delete extra[key];
  }
  const name = str(p[type === 'qemu' ? 'name' : 'hostname']);
  if (name !== undefined) g.name = name;
  if (p['cores'] !== undefined) g.cores = num(p['cores']) ?? g.cores;
  if (p['memory'] !== undefined) g.memoryBytes = (num(p['memory']) ?? 0) * MiB;
  if (p['swap'] !== undefined) g.swapBytes = (num(p['swap']) ?? 0) * MiB;
  if (p['tags'] !== undefined)
    g.tags = String(p['tags'])
      .split(/[;, ]+/)
      .filter(Boolean);
  if (p['agent'] !== undefined) g.agent = /^(1|enabled=1)/.test(String(p['agent']));
  for (const key of EXTRA_KEYS) {
    const v = p[key];
    if (v !== undefined) extra[key] = typeof v === 'boolean' ? (v ? 1 : 0) : String(v);
  }
  g.nets = nets;
  g.configExtra = extra;
  g.digest = configDigest(node, g);
  return null;
}

/** destroy_vm's early checks (answered at once): running, locked, protected. */
function checkDestroy(g: SimGuest, p: Record<string, ParamValue>): void {
  if (g.status === 'running') {
    if (g.type === 'qemu') throw new ApiError(500, `VM ${g.vmid} is running - destroy failed`);
    if (p['force'] !== true) throw new ApiError(500, `unable to destroy CT ${g.vmid} - container is running`);
  }
  if (p['skiplock'] !== true) checkLock(g);
  if (g.configExtra?.['protection'] === 1) {
    throw new ApiError(500, `can't remove ${g.type === 'qemu' ? 'VM' : 'CT'} ${g.vmid} - protection mode enabled`);
  }
}

/** `purge`: the vmid leaves every backup job; a job left without guests is removed. */
function purgeFromJobs(node: SimNode, vmid: number): void {
  const jobs = backupJobsOf(node);
  for (let i = jobs.length - 1; i >= 0; i--) {
    const job = jobs[i];
    if (job?.vmid === undefined) continue;
    const rest = splitList(job.vmid).filter((id) => Number(id) !== vmid);
    if (rest.length === 0) jobs.splice(i, 1);
    else job.vmid = rest.join(',');
  }
}

function destroy(node: SimNode, type: GuestType, p: Record<string, ParamValue>, identity: Identity): string {
  const g = findGuest(node, type, num(p['vmid']) ?? 0);
  checkDestroy(g, p);
  const storage = node.storages.get(diskStorageOf(node, g));
  const { volname } = diskVolume(storage?.spec.type, type, g.vmid);
  return startNodeTask(node, type === 'qemu' ? 'qmdestroy' : 'vzdestroy', String(g.vmid), identity, {
    prepare: () => {
      if (g.status === 'running') stopGuest(g);
      g.lock = 'destroyed';
    },
    run: () => {
      node.guests.delete(g.vmid);
      freeDisk(node, g);
      const lines =
        storage?.spec.type === 'lvmthin' || storage?.spec.type === 'lvm'
          ? [`  Logical volume "${volname}" successfully removed.`]
          : [`Removing volume '${storage?.spec.id ?? 'local'}:${volname}'`];
      if (p['purge'] === true) {
        purgeFromJobs(node, g.vmid);
        lines.push(`purging ${type === 'qemu' ? 'VM' : 'CT'} ${g.vmid} from related configurations..`);
      }
      return lines;
    },
  });
}

export function lifecycleRoutes(type: GuestType): RouteDef<SimNode>[] {
  const base = `/nodes/{node}/${type}/{vmid}`;
  return [
    {
      method: 'PUT',
      path: `${base}/config`,
      params: CONFIG_PARAMS[type],
      perm: vmPerm(['VM.Config.Options', 'VM.Config.Network', 'VM.Config.Memory', 'VM.Config.CPU']),
      handler: ({ state, params }) => updateConfig(state, type, params),
    },
    {
      method: 'DELETE',
      path: base,
      params: {
        purge: { type: 'boolean', optional: true },
        'destroy-unreferenced-disks': { type: 'boolean', optional: true },
        skiplock: { type: 'boolean', optional: true },
        ...(type === 'lxc' ? { force: { type: 'boolean', optional: true } } : {}),
      },
      perm: vmPerm('VM.Allocate'),
      handler: ({ state, params, identity }) => destroy(state, type, params, identity),
    },
  ];
}
