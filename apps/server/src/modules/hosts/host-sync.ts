import type { Language } from '@proxai/contract';
import { isPveError, type LxcListItem, type PveClient, type QemuListItem } from '@proxai/pve-client';
import type { Db } from '../../db/client';
import { emitEvent } from '../events/events.repository';
import { type AppError } from '../../errors';
import { FALLBACK_LANGUAGE, message } from '../../i18n/messages';
import { fleetChanged } from './fleet-cache';
import type { HostFacts } from './host-facts';
import { listGuestsOfHost, replaceGuests, updateHost, type GuestRow, type HostRow, type NewGuestRow } from './hosts.repository';
import { dropClient, pooledClient } from './client-pool';
import { errorContext, targetOf, type ConnectSettings } from './pve-connection';
import { lastErrorText, toHostError } from './pve-errors';
import type { SecretBox } from './secret-box';

const MB = 1024 * 1024;
const GB = 1024 * MB;

export interface SyncOutcome {
  hostId: string;
  ok: boolean;
  added: number;
  removed: number;
  changed: number;
  total: number;
  /** Why the sync failed, in the caller's language (see syncHost). */
  error?: AppError;
  /** The same, in English, as stored in the host's last_error. */
  lastError?: string;
}

function toGuestRow(
  host: HostRow,
  type: 'qemu' | 'lxc',
  g: QemuListItem | LxcListItem,
  lastBackup: Map<number, number>,
): NewGuestRow {
  const backupAt = lastBackup.get(g.vmid);
  return {
    hostId: host.id,
    organisationId: host.organisationId,
    vmid: g.vmid,
    node: host.pveNode,
    type,
    name: g.name || `${type === 'qemu' ? 'VM' : 'CT'} ${g.vmid}`,
    state: g.status,
    cpu: Math.max(0, Math.round(g.cpus ?? 0)),
    cpuUsage: typeof g.cpu === 'number' ? g.cpu : null,
    memoryMb: Math.round((g.maxmem ?? 0) / MB),
    storageGb: Math.round(((g.maxdisk ?? 0) / GB) * 10) / 10,
    uptime: g.status === 'running' ? Math.max(0, Math.round(g.uptime ?? 0)) : 0,
    lastBackupAt: backupAt ? new Date(backupAt * 1000) : null,
  };
}

/** Newest backup time per vmid across the node's backup storages; a failing storage is skipped, not fatal. */
async function readBackups(
  client: PveClient,
  node: string,
  storages: { storage: string; content: string; active: boolean }[],
  req: { signal: AbortSignal },
) {
  const newest = new Map<number, number>();
  const backupStorages = storages.filter((s) => s.active && s.content.split(',').includes('backup'));
  const lists = await Promise.allSettled(backupStorages.map((s) => client.backups(node, s.storage, req)));
  for (const list of lists) {
    if (list.status !== 'fulfilled') continue;
    for (const b of list.value) {
      if (typeof b.vmid === 'number' && b.ctime > (newest.get(b.vmid) ?? 0)) newest.set(b.vmid, b.ctime);
    }
  }
  return newest;
}

export interface PendingUpdates {
  count: number;
  names: string[];
}

/**
 * The node's pending updates. Listing them (GET /apt/update) needs Sys.Modify, which the least-privilege token
 * of the install page (VM.Audit VM.PowerMgmt Sys.Audit Datastore.Audit) does not have: when that is forbidden,
 * count from GET /apt/versions (Sys.Audit) the Proxmox packages whose candidate version differs from the
 * installed one. Any other failure gives null (no update facts), as does a failing fallback.
 */
export async function readPendingUpdates(
  client: Pick<PveClient, 'aptUpdates' | 'aptVersions'>,
  node: string,
  req: { signal: AbortSignal },
): Promise<PendingUpdates | null> {
  try {
    const list = await client.aptUpdates(node, req);
    return { count: list.length, names: list.map((u) => u.Package) };
  } catch (err) {
    if (!isPveError(err, 'forbidden')) return null;
  }
  try {
    const versions = await client.aptVersions(node, req);
    const outdated = versions.filter((v) => v.CurrentState === 'Installed' && v.Version !== v.OldVersion);
    return { count: outdated.length, names: outdated.map((v) => v.Package) };
  } catch {
    return null;
  }
}

/** Past this many guest changes in one sync, one host.synced event says so instead of one event per guest. */
const MAX_GUEST_EVENTS = 20;

/** The events of a sync: guests that appeared, went, or changed state. */
async function emitGuestChanges(tx: Db, host: HostRow, before: GuestRow[], after: NewGuestRow[]): Promise<void> {
  const old = new Map(before.map((g) => [g.vmid, g]));
  const now = new Set(after.map((g) => g.vmid));
  const appeared = after.filter((g) => !old.has(g.vmid));
  const gone = before.filter((g) => !now.has(g.vmid));
  const changed = after.filter((g) => {
    const prev = old.get(g.vmid);
    return prev !== undefined && prev.state !== g.state;
  });
  const org = host.organisationId;
  if (appeared.length + gone.length + changed.length > MAX_GUEST_EVENTS) {
    await emitEvent(tx, org, 'host.synced', {
      host_id: host.id,
      name: host.name,
      added: appeared.length,
      removed: gone.length,
      changed: changed.length,
    });
    return;
  }
  for (const g of appeared) await emitEvent(tx, org, 'guest.appeared', { host_id: host.id, vmid: g.vmid, name: g.name });
  for (const g of gone) await emitEvent(tx, org, 'guest.gone', { host_id: host.id, vmid: g.vmid, name: g.name });
  for (const g of changed) {
    const prev = old.get(g.vmid)!;
    await emitEvent(tx, org, 'guest.state_changed', {
      guest_id: prev.id,
      host_id: host.id,
      vmid: g.vmid,
      name: g.name,
      state: g.state ?? prev.state,
      previous: prev.state,
    });
  }
}

function diff(before: GuestRow[], after: NewGuestRow[]) {
  const old = new Map(before.map((g) => [g.vmid, g]));
  let added = 0;
  let changed = 0;
  for (const g of after) {
    const prev = old.get(g.vmid);
    if (!prev) added++;
    else if (prev.state !== g.state || prev.name !== g.name || prev.cpu !== g.cpu || prev.memoryMb !== g.memoryMb) changed++;
  }
  const now = new Set(after.map((g) => g.vmid));
  const removed = before.filter((g) => !now.has(g.vmid)).length;
  return { added, changed, removed };
}

/**
 * Reads the node's guests, status, storages, backups and pending updates, then makes the database match:
 * the host goes online with fresh guests, or offline with the reason. Bounded by `settings.timeoutMs` as a whole,
 * so a hung host cannot hold anything up.
 *
 * The reason stored in last_error is always in English: it is read later by anyone, in any language, and the
 * background sync has no request to take a language from. `language` (a manual sync's request) is only that
 * of the returned `error`.
 */
export async function syncHost(
  db: Db,
  box: SecretBox,
  host: HostRow,
  settings: ConnectSettings,
  log?: { warn: (obj: object, msg: string) => void },
  language: Language = FALLBACK_LANGUAGE,
): Promise<SyncOutcome> {
  const target = targetOf(host, box);
  const ctx = errorContext(target, settings);
  const signal = AbortSignal.timeout(settings.timeoutMs);
  const req = { signal };
  const client = pooledClient(host, () => target, settings);
  try {
    const readAt = new Date();
    const [qemu, lxc, status, storages, updates] = await Promise.all([
      client.qemuList(host.pveNode, req),
      client.lxcList(host.pveNode, req),
      client.nodeStatus(host.pveNode, req),
      client.storageList(host.pveNode, req),
      readPendingUpdates(client, host.pveNode, req),
    ]);
    const storageFacts = storages.map((s) => ({
      storage: s.storage,
      type: s.type,
      content: s.content,
      total: s.total ?? 0,
      used: s.used ?? 0,
      active: s.active === 1,
    }));
    const lastBackup = await readBackups(client, host.pveNode, storageFacts, req);
    const rows = [
      ...qemu.filter((g) => g.template !== 1).map((g) => toGuestRow(host, 'qemu', g, lastBackup)),
      ...lxc.filter((g) => g.template !== 1).map((g) => toGuestRow(host, 'lxc', g, lastBackup)),
    ].sort((a, b) => a.vmid - b.vmid);
    const before = await listGuestsOfHost(db, host.id);
    await replaceGuests(db, host.id, rows, readAt, (tx) => emitGuestChanges(tx, host, before, rows));
    const pveVersion = /pve-manager\/([^/\s]+)/.exec(status.pveversion)?.[1] ?? host.pveVersion;
    const facts: HostFacts = {
      memory: { total: status.memory.total, used: status.memory.used },
      rootfs: { total: status.rootfs.total, used: status.rootfs.used },
      storages: storageFacts.map(({ content: _c, ...s }) => s),
      pendingUpdates: updates?.count ?? 0,
      pendingUpdateNames: (updates?.names ?? []).slice(0, 50),
      pveVersion: pveVersion ?? null,
      collectedAt: new Date().toISOString(),
    };
    await db.transaction(async (tx) => {
      await updateHost(tx, host.id, {
        status: 'online',
        lastError: null,
        lastSyncAt: new Date(),
        pveVersion,
        facts: JSON.stringify(facts),
      });
      if (host.status !== 'online')
        await emitEvent(tx, host.organisationId, 'host.online', { host_id: host.id, name: host.name });
    });
    await fleetChanged(db, host.organisationId);
    return { hostId: host.id, ok: true, total: rows.length, ...diff(before, rows) };
  } catch (err) {
    dropClient(host.id);
    const cause: unknown = signal.aborted ? signal.reason : err;
    const stored = toHostError(cause, ctx);
    const error = language === FALLBACK_LANGUAGE ? stored : toHostError(cause, { ...ctx, language });
    if (!isPveError(err) && !signal.aborted) log?.warn({ err, hostId: host.id }, 'sync failed on an unexpected error');
    const lastError = lastErrorText(stored);
    await db.transaction(async (tx) => {
      await updateHost(tx, host.id, { status: 'offline', lastError, lastSyncAt: new Date() });
      if (host.status !== 'offline' || host.lastError !== lastError) {
        await emitEvent(tx, host.organisationId, 'host.offline', { host_id: host.id, name: host.name, reason: lastError });
      }
    });
    await fleetChanged(db, host.organisationId);
    return { hostId: host.id, ok: false, added: 0, removed: 0, changed: 0, total: 0, error, lastError };
  }
}

/** 'Synced pve1: 12 guests (2 added, 1 removed, 3 changed)' or 'Synced pve1: 12 guests, no change', in `language`. */
export function syncMessage(hostName: string, o: SyncOutcome, language: Language = FALLBACK_LANGUAGE): string {
  const parts = [
    o.added && message(language, 'sync.added', { count: o.added }),
    o.removed && message(language, 'sync.removed', { count: o.removed }),
    o.changed && message(language, 'sync.changed', { count: o.changed }),
  ].filter(Boolean);
  const guests = message(language, 'sync.guests', { count: o.total });
  return parts.length
    ? message(language, 'sync.summary', { host: hostName, guests, changes: parts.join(message(language, 'list.separator')) })
    : message(language, 'sync.summaryNoChange', { host: hostName, guests });
}
