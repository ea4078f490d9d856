import { requirePriv, type Identity } from '../auth';
import type { SimNode } from '../node-state';
import type { ParamValue } from '../params';
import { ApiError, num, type RouteDef } from '../router';
import type { GuestType, SimGuest, SimSnapshot } from '../types';
import { quirks } from '../version';
import { checkLock, findGuest, nowSec, startNodeTask, vmPerm } from './common';
import { startGuest, stopGuest } from './guest-actions';

/**
 * Snapshots as qemu-server (API2/Qemu.pm snapshot*, rollback, delsnapshot), pve-container
 * (API2/LXC/Snapshot.pm) and pve-guest-common (AbstractConfig.pm snapshot_create/_delete/_rollback)
 * do them. The API forks the worker without checking the guest (qemu's create loads the config
 * first); the worker checks the template flag, the lock and the snapshot name at once and sets its
 * own lock ('snapshot', 'snapshot-delete', 'rollback') for the slow storage part.
 */

const TASK_TYPES = {
  qemu: { create: 'qmsnapshot', delete: 'qmdelsnapshot', rollback: 'qmrollback' },
  lxc: { create: 'vzsnapshot', delete: 'vzdelsnapshot', rollback: 'vzrollback' },
} as const;

/** qemu-server refuses 'current' and 'pending' (any case); pve-container 'current' and 'vzdump'. */
function checkReservedName(type: GuestType, snapname: string): void {
  const reserved =
    type === 'qemu' ? snapname === 'current' || snapname.toLowerCase() === 'pending' : ['current', 'vzdump'].includes(snapname);
  if (reserved) throw new ApiError(500, `unable to use snapshot name '${snapname}' (reserved name)`);
}

function findSnapshot(g: SimGuest, snapname: string): SimSnapshot {
  const snap = g.snapshots.find((s) => s.name === snapname);
  if (!snap) throw new Error(`snapshot '${snapname}' does not exist`);
  return snap;
}

/** The storage step of a snapshot task failing (the test control Fleet.setSnapshotFault). */
function faultMessage(g: SimGuest, op: 'create' | 'delete' | 'rollback'): string | undefined {
  if (!g.snapshotFault) return undefined;
  return g.snapshotFault.message ?? `snapshot ${op} failed: simulated storage error`;
}

function create(node: SimNode, type: GuestType, vmid: number, p: Record<string, ParamValue>, identity: Identity): string {
  const snapname = String(p['snapname']);
  checkReservedName(type, snapname);
  // qemu-server loads the config before forking (500 for a missing VM); pve-container does not.
  if (type === 'qemu') findGuest(node, type, vmid);
  return startNodeTask(node, TASK_TYPES[type].create, String(vmid), identity, {
    prepare: () => {
      const g = findGuest(node, type, vmid);
      if (g.template) throw new Error("you can't take a snapshot if it's a template");
      checkLock(g);
      if (g.snapshots.some((s) => s.name === snapname)) throw new Error(`snapshot name '${snapname}' already used`);
      g.lock = 'snapshot';
      const snap: SimSnapshot = {
        name: snapname,
        snaptime: nowSec(),
        snapstate: 'prepare',
        config: { cores: g.cores, memoryBytes: g.memoryBytes, tags: [...g.tags] },
      };
      if (g.parent !== undefined) snap.parent = g.parent;
      if (p['description']) snap.description = String(p['description']);
      if (type === 'qemu' && p['vmstate'] === true && g.status === 'running') snap.vmstate = true;
      g.snapshots.push(snap);
      return [`snapshotting '${snapname}'`];
    },
    run: () => {
      const g = findGuest(node, type, vmid);
      const failed = faultMessage(g, 'create');
      if (failed !== undefined) {
        // snapshot_create cleans up: the half-made snapshot and the lock go away.
        g.snapshots = g.snapshots.filter((s) => s.name !== snapname);
        delete g.lock;
        throw Object.assign(new Error(failed), { lines: ['snapshot create failed: starting cleanup'] });
      }
      const snap = findSnapshot(g, snapname);
      delete snap.snapstate;
      delete g.lock;
      g.parent = snapname;
    },
  });
}

function remove(node: SimNode, type: GuestType, vmid: number, p: Record<string, ParamValue>, identity: Identity): string {
  const snapname = String(p['snapname']);
  const force = p['force'] === true;
  return startNodeTask(node, TASK_TYPES[type].delete, String(vmid), identity, {
    prepare: () => {
      const g = findGuest(node, type, vmid);
      const snap = findSnapshot(g, snapname);
      checkLock(g);
      g.lock = 'snapshot-delete';
      // Checked after taking the lock, which then stays (as in AbstractConfig snapshot_delete).
      if (g.template) throw new Error("you can't delete a snapshot if vm is a template");
      snap.snapstate = 'delete';
    },
    run: () => {
      const g = findGuest(node, type, vmid);
      const failed = faultMessage(g, 'delete');
      // Without force the task dies and the guest keeps the 'snapshot-delete' lock; with force it warns and goes on.
      if (failed !== undefined && !force) throw new Error(failed);
      const snap = findSnapshot(g, snapname);
      if (g.parent === snapname) relink(g, snap.parent);
      for (const s of g.snapshots) if (s.parent === snapname) relink(s, snap.parent);
      g.snapshots = g.snapshots.filter((s) => s !== snap);
      delete g.lock;
      return failed !== undefined ? [`WARN: ${failed}`] : [];
    },
  });
}

function relink(target: { parent?: string }, parent: string | undefined): void {
  if (parent === undefined) delete target.parent;
  else target.parent = parent;
}

function rollback(node: SimNode, type: GuestType, vmid: number, p: Record<string, ParamValue>, identity: Identity): string {
  const snapname = String(p['snapname']);
  const start = p['start'] === true;
  // qemu-server checks VM.PowerMgmt up front when asked to start (2026-04, qemu-server 9.1.10).
  if (type === 'qemu' && start && quirks.rollbackStartNeedsPowerMgmt(node.version)) {
    requirePriv(identity.privs, `/vms/${vmid}`, 'VM.PowerMgmt');
  }
  return startNodeTask(node, TASK_TYPES[type].rollback, String(vmid), identity, {
    prepare: () => {
      const g = findGuest(node, type, vmid);
      if (g.template) throw new Error("you can't rollback if vm is a template");
      const snap = findSnapshot(g, snapname);
      if (snap.snapstate) throw new Error(`unable to rollback to incomplete snapshot (snapstate = ${snap.snapstate})`);
      checkLock(g);
      // The guest is stopped before its disks are rolled back.
      if (g.status === 'running') stopGuest(g);
      g.lock = 'rollback';
    },
    run: () => {
      const g = findGuest(node, type, vmid);
      const failed = faultMessage(g, 'rollback');
      if (failed !== undefined) throw new Error(failed);
      const snap = findSnapshot(g, snapname);
      delete g.lock;
      if (snap.config) Object.assign(g, { ...snap.config, tags: [...snap.config.tags] });
      g.parent = snapname;
      // A snapshot with RAM resumes the VM where it was; otherwise the guest stays stopped unless start=1.
      if (snap.vmstate || (start && g.status !== 'running')) startGuest(node, g);
    },
  });
}

/** Snapshot list: every snapshot (with its parent), then the 'current' pseudo entry. */
function list(g: SimGuest): Record<string, unknown>[] {
  const sorted = [...g.snapshots].sort((a, b) => a.snaptime - b.snaptime);
  const out = sorted.map((s) => {
    const item: Record<string, unknown> = { name: s.name, description: s.description ?? '', snaptime: s.snaptime };
    if (g.type === 'qemu') item['vmstate'] = s.vmstate ? 1 : 0;
    if (s.parent !== undefined) item['parent'] = s.parent;
    if (s.snapstate) item['snapstate'] = s.snapstate;
    return item;
  });
  const current: Record<string, unknown> = {
    name: 'current',
    description: 'You are here!',
    digest: g.digest,
    running: g.status === 'running' ? 1 : 0,
  };
  if (g.parent !== undefined) current['parent'] = g.parent;
  out.push(current);
  return out;
}

export function snapshotRoutes(type: GuestType): RouteDef<SimNode>[] {
  const base = `/nodes/{node}/${type}/{vmid}/snapshot`;
  const vmid = (p: Record<string, ParamValue>): number => num(p['vmid']) ?? 0;
  return [
    {
      method: 'GET',
      path: base,
      perm: vmPerm('VM.Audit'),
      handler: ({ state, params }) => list(findGuest(state, type, vmid(params))),
    },
    {
      method: 'POST',
      path: base,
      params: {
        snapname: { type: 'string', format: 'pve-snapshot-name' },
        description: { type: 'string', optional: true },
        ...(type === 'qemu' ? { vmstate: { type: 'boolean', optional: true } } : {}),
      },
      perm: vmPerm('VM.Snapshot'),
      handler: ({ state, params, identity }) => create(state, type, vmid(params), params, identity),
    },
    {
      // Directory index; answers without looking at the guest (permissions: user => 'all').
      method: 'GET',
      path: `${base}/{snapname}`,
      handler: () => [{ cmd: 'rollback' }, { cmd: 'config' }],
    },
    {
      method: 'DELETE',
      path: `${base}/{snapname}`,
      params: { force: { type: 'boolean', optional: true } },
      perm: vmPerm('VM.Snapshot'),
      handler: ({ state, params, identity }) => remove(state, type, vmid(params), params, identity),
    },
    {
      method: 'POST',
      path: `${base}/{snapname}/rollback`,
      params: { start: { type: 'boolean', optional: true } },
      perm: vmPerm(['VM.Snapshot', 'VM.Snapshot.Rollback']),
      handler: ({ state, params, identity }) => rollback(state, type, vmid(params), params, identity),
    },
  ];
}
