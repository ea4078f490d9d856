import { requirePriv, type Identity } from '../auth';
import { captureConfig, dumpName, pbsTime, pruneBackups } from '../backup-volumes';
import { findClusterGuest } from '../cluster';
import { guestDiskUsed } from '../metrics';
import type { SimNode, StorageState } from '../node-state';
import { ParamError, splitList, type ParamValue } from '../params';
import { parseKeep, type KeepOptions } from '../prune';
import { ApiError, str, type RouteDef } from '../router';
import type { SimGuest } from '../types';
import { guestKind, nowSec, startNodeTask } from './common';
import { startGuest, stopGuest } from './guest-actions';
import { findStorage } from './storage';

function renderNotes(template: string, g: SimGuest, node: SimNode): string {
  return template
    .replace(/\{\{guestname\}\}/g, g.name)
    .replace(/\{\{vmid\}\}/g, String(g.vmid))
    .replace(/\{\{node\}\}/g, node.name)
    .replace(/\{\{cluster\}\}/g, '');
}

const pad = (n: number): string => String(n).padStart(2, '0');
/** strftime("%F %H:%M:%S") of the node (the simulator's nodes run on UTC). */
function stamp(sec: number): string {
  const d = new Date(sec * 1000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}
const hms = (s: number): string => `${pad(Math.floor(s / 3600))}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}`;

/** One guest of a job, as vzdump handles it in turn. */
interface GuestRun {
  g: SimGuest;
  /** The lock another job held when this guest's turn came (its backup then fails). */
  prior?: string;
  /** Running when its turn came. */
  running: boolean;
  /** Stopped by this job (mode=stop): started again when its backup ends. */
  stopped: boolean;
  startedAt: number;
}

/**
 * The guests of the job on this node (VZDump get_included_guests): `all` (minus `exclude`) or the `vmid` list.
 * Listed guests on other members of the cluster are skipped (their node backs them up); unknown vmids fail.
 */
function selectGuests(node: SimNode, p: Record<string, ParamValue>): { guests: SimGuest[]; skipped: number[] } {
  if (p['all'] === true && p['vmid'] !== undefined)
    throw new ApiError(400, 'Parameter verification failed.', { errors: { all: "option conflicts with option 'vmid'" } });
  if (p['all'] === true) {
    const exclude = new Set(splitList(String(p['exclude'] ?? '')).map(Number));
    return { guests: [...node.guests.values()].filter((g) => !g.template && !exclude.has(g.vmid)), skipped: [] };
  }
  if (p['vmid'] === undefined) {
    throw new ApiError(400, 'Parameter verification failed.', { errors: { vmid: 'property is missing and it is not optional' } });
  }
  const ids = splitList(String(p['vmid'])).map(Number);
  const skipped = ids.filter((id) => !node.guests.has(id) && findClusterGuest(node, id) !== undefined);
  const missing = ids.filter((id) => !node.guests.has(id) && !skipped.includes(id));
  if (missing.length > 0)
    throw new ApiError(500, `unable to find configuration file for VM ${missing.join(', ')} on node '${node.name}'`);
  return { guests: ids.filter((id) => node.guests.has(id)).map((id) => node.guest(id)), skipped };
}

/** A UPID, or 'OK' when none of the listed guests is on this node (pve-manager API2/VZDump.pm, "silent exit"). */
function vzdump(node: SimNode, p: Record<string, ParamValue>, identity: Identity): string {
  const selection = selectGuests(node, p);
  if (selection.guests.length === 0 && p['all'] !== true) return 'OK';
  const storageId = str(p['storage']) ?? 'local';
  const storage = findStorage(node, storageId);
  if (!storage.spec.content.split(',').includes('backup'))
    throw new ApiError(500, `storage '${storageId}' does not support backups`);
  const keep = p['prune-backups'] !== undefined ? parseKeep(String(p['prune-backups'])) : undefined;
  if (p['prune-backups'] !== undefined && !keep) {
    throw new ParamError({
      'prune-backups': `invalid format - format error\nprune-backups: value does not match the regex pattern\n`,
    });
  }
  let guests = selection.guests;
  for (const g of guests) requirePriv(identity.privs, `/vms/${g.vmid}`, 'VM.Backup');
  requirePriv(identity.privs, `/storage/${storageId}`, 'Datastore.AllocateSpace');
  // VZDump.pm exec_backup: one guest after the other, in vmid order.
  guests = [...new Set(guests)].sort((a, b) => a.vmid - b.vmid);
  const mode = str(p['mode']) ?? 'snapshot';
  const compress = str(p['compress']) ?? 'zstd';
  const durationMs = node.taskDurationMs * Math.min(Math.max(guests.length, 1), 4);
  const slotMs = durationMs / Math.max(guests.length, 1);
  const runs: GuestRun[] = [];
  let failed = 0;
  let log: (lines: string[]) => void = () => {};

  /** A guest's turn: its lock (held until its backup ends); in stop mode a running guest is shut down. */
  const begin = (g: SimGuest): void => {
    const r: GuestRun = { g, running: g.status === 'running', stopped: false, startedAt: nowSec() };
    runs.push(r);
    const lines = [`INFO: Starting Backup of VM ${g.vmid} (${g.type})`, `INFO: Backup started at ${stamp(r.startedAt)}`];
    if (g.lock) {
      r.prior = g.lock;
      lines.push(`ERROR: Backup of VM ${g.vmid} failed - ${guestKind(g)} is locked (${g.lock})`);
      failed++;
      log(lines);
      return;
    }
    g.lock = 'backup';
    // A guest that is not running is always backed up in stop mode.
    lines.push(`INFO: status = ${r.running ? 'running' : 'stopped'}`, `INFO: backup mode: ${r.running ? mode : 'stop'}`);
    lines.push(`INFO: ionice priority: ${String(p['ionice'] ?? 7)}`);
    if (mode === 'stop' && r.running) {
      lines.push('INFO: stopping virtual guest');
      stopGuest(g);
      r.stopped = true;
    }
    lines.push(archiveLine(storage, g, compress, r.startedAt));
    log(lines);
  };

  /** The end of a guest's backup: the volume stored, the lock released, a guest it stopped started again. */
  const finish = (r: GuestRun): string[] => {
    if (r.prior !== undefined) return [];
    const { g } = r;
    const lines: string[] = [];
    if (g.lock === 'backup') delete g.lock;
    storeBackup(node, storage, g, p, identity, r.startedAt);
    if (keep && p['remove'] !== false) lines.push(...pruneLog(node, storage, g, keep, String(p['prune-backups'])));
    const now = nowSec();
    if (r.stopped && g.status !== 'running') {
      lines.push('INFO: restarting vm');
      startGuest(node, g);
      lines.push(`INFO: guest is online again after ${Math.max(1, now - r.startedAt)} seconds`);
    }
    lines.push(`INFO: Finished Backup of VM ${g.vmid} (${hms(Math.max(1, now - r.startedAt))})`);
    lines.push(`INFO: Backup finished at ${stamp(now)}`);
    return lines;
  };

  const first = guests[0];
  const upid = startNodeTask(node, 'vzdump', guests.length === 1 ? String(first?.vmid) : '', identity, {
    log: [
      `INFO: starting new backup job: vzdump ${guests.map((g) => g.vmid).join(' ')} --storage ${storageId} --mode ${mode} --compress ${compress}`,
      ...(selection.skipped.length > 0 ? [`INFO: skip external VMs: ${selection.skipped.join(', ')}`] : []),
    ],
    durationMs,
    run: () => {
      const last = runs.at(-1);
      const lines = last ? finish(last) : [];
      lines.push(failed > 0 ? 'INFO: Backup job finished with errors' : 'INFO: Backup job finished successfully');
      if (failed > 0) throw Object.assign(new Error('job errors'), { lines });
      return lines;
    },
  });
  const task = node.runner.find(upid);
  log = (lines) => task?.log.push(...lines);
  if (first) begin(first);
  // The next guests' turns inside the task's run time (each finishes the previous one first).
  guests.slice(1).forEach((g, i) => {
    const timer = setTimeout(
      () => {
        if (task?.status !== 'running') return;
        const prev = runs.at(-1);
        if (prev) log(finish(prev));
        begin(g);
      },
      Math.round(slotMs * (i + 1)),
    );
    timer.unref();
  });
  return upid;
}

function archiveLine(storage: StorageState, g: SimGuest, compress: string, at: number): string {
  if (storage.spec.type === 'pbs') {
    return `INFO: creating Proxmox Backup Server archive '${g.type === 'qemu' ? 'vm' : 'ct'}/${g.vmid}/${pbsTime(at)}'`;
  }
  const ext = { '0': '', '1': '.lzo', gzip: '.gz', lzo: '.lzo', zstd: '.zst' }[compress] ?? '.zst';
  const name = dumpName({ vmid: g.vmid, subtype: g.type, ctime: at });
  return `INFO: creating vzdump archive '/var/lib/vz/dump/${name}.${g.type === 'qemu' ? 'vma' : 'tar'}${ext}'`;
}

/** The archive is named after the time its guest's backup began, and PVE and PBS list it at that time. */
function storeBackup(
  node: SimNode,
  storage: StorageState,
  g: SimGuest,
  p: Record<string, ParamValue>,
  identity: Identity,
  startedAt: number,
): void {
  const size = g.type === 'qemu' ? Math.round(g.diskBytes * 0.22) : Math.round(guestDiskUsed(g) * 0.45) + 1;
  const notes = p['notes-template'] !== undefined ? renderNotes(String(p['notes-template']), g, node) : g.name;
  const ds = storage.spec.type === 'pbs' && storage.spec.datastore ? node.pbs?.datastores.get(storage.spec.datastore) : undefined;
  if (ds && storage.spec.datastore) {
    node.pbs?.addBackup(storage.spec.datastore, {
      type: g.type === 'qemu' ? 'vm' : 'ct',
      id: String(g.vmid),
      time: startedAt,
      size,
      owner: identity.authid,
      comment: notes,
      protected: p['protected'] === true,
      config: captureConfig(node, g),
    });
    return;
  }
  const compress = String(p['compress'] ?? 'zstd');
  const ext = { '0': '', '1': '.lzo', gzip: '.gz', lzo: '.lzo', zstd: '.zst' }[compress] ?? '.zst';
  storage.backups.push({
    vmid: g.vmid,
    subtype: g.type,
    ctime: startedAt,
    size,
    format: `${g.type === 'qemu' ? 'vma' : 'tar'}${ext}`,
    notes,
    protected: p['protected'] === true,
    config: captureConfig(node, g),
  });
  storage.usedBytes += size;
}

/** vzdump's retention step after a guest's backup (remove=1, the default): what it removed, as it logs it. */
function pruneLog(node: SimNode, storage: StorageState, g: SimGuest, keep: KeepOptions, spec: string): string[] {
  const removed = pruneBackups(node, storage, g.vmid, g.type, keep);
  const lines = [`INFO: prune older backups with retention: ${spec.replace(/,/g, ', ')}`];
  if (storage.spec.type === 'pbs')
    lines.push(`INFO: running 'proxmox-backup-client prune' for '${g.type === 'qemu' ? 'vm' : 'ct'}/${g.vmid}'`);
  else for (const volid of removed) lines.push(`INFO: removing backup '${volid}'`);
  lines.push(`INFO: pruned ${removed.length} backup(s) not covered by keep-retention policy`);
  return lines;
}

export const vzdumpRoutes: RouteDef<SimNode>[] = [
  {
    method: 'POST',
    path: '/nodes/{node}/vzdump',
    params: {
      vmid: { type: 'string', optional: true, format: 'pve-vmid-list' },
      all: { type: 'boolean', optional: true },
      exclude: { type: 'string', optional: true, format: 'pve-vmid-list' },
      storage: { type: 'string', optional: true, format: 'pve-storage-id' },
      mode: { type: 'string', optional: true, enum: ['snapshot', 'suspend', 'stop'] },
      compress: { type: 'string', optional: true, enum: ['0', '1', 'gzip', 'lzo', 'zstd'] },
      'notes-template': { type: 'string', optional: true },
      protected: { type: 'boolean', optional: true },
      remove: { type: 'boolean', optional: true },
      'prune-backups': { type: 'string', optional: true },
      mailto: { type: 'string', optional: true },
      mailnotification: { type: 'string', optional: true, enum: ['always', 'failure'] },
      'notification-mode': { type: 'string', optional: true, enum: ['auto', 'legacy-sendmail', 'notification-system'] },
      bwlimit: { type: 'integer', optional: true, min: 0 },
      zstd: { type: 'integer', optional: true, min: 0 },
      ionice: { type: 'integer', optional: true, min: 0, max: 8 },
      stdexcludes: { type: 'boolean', optional: true },
      lockwait: { type: 'integer', optional: true, min: 0 },
      stopwait: { type: 'integer', optional: true, min: 0 },
      pool: { type: 'string', optional: true },
      fleecing: { type: 'string', optional: true },
      'pbs-change-detection-mode': { type: 'string', optional: true, enum: ['legacy', 'data', 'metadata'] },
    },
    handler: ({ state, params, identity }) => vzdump(state, params, identity),
  },
];
