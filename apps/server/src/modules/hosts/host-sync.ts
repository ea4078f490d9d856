import type { Language } from '@proxai/contract';
import { isPveError, type ClusterResource, type GuestResource, type PveClient } from '@proxai/pve-client';
import type { Db } from '../../db/client';
import { realClock, type Clock } from '../../jobs/clock';
import { emitEvent } from '../../events/outbox';
import { recordNodeMinutes } from '../metrics/collect/node-minute';
import { recordPoll } from '../metrics/store/record-poll';
import { AppError, errorText } from '../../errors';
import { FALLBACK_LANGUAGE, message } from '../../i18n/messages';
import { fleetChanged } from '../fleet/fleet-cache';
import { parseFacts, type HostFacts } from './host-facts';
import {
  clusterMembers,
  liveGuestsOfHosts,
  reconcileGuests,
  updateHost,
  type GuestRow,
  type HostRow,
  type NewGuestRow,
} from './hosts.repository';
import { dropClient, pooledClient } from '../pve/client-pool';
import { markHostOffline, markHostOnline } from './host-status';
import { errorContext, targetOf, type ConnectSettings } from '../pve/pve-connection';
import { lastErrorText, toHostError } from '../pve/pve-errors';
import type { SecretBox } from '../pve/secret-box';
import { translate } from '../../i18n/catalogue';

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

/** Proxmox tags are written 'a;b' (also accepted: ',' and spaces). */
const splitTags = (tags: string | undefined): string[] => (tags ?? '').split(/[;,\s]+/).filter(Boolean);

function toGuestRow(host: HostRow, g: GuestResource): NewGuestRow {
  return {
    hostId: host.id,
    organisationId: host.organisationId,
    vmid: g.vmid,
    node: g.node,
    type: g.type,
    name: g.name || `${g.type === 'qemu' ? 'VM' : 'CT'} ${g.vmid}`,
    state: g.status,
    cpu: Math.max(0, Math.round(g.maxcpu ?? 0)),
    cpuUsage: typeof g.cpu === 'number' ? g.cpu : null,
    memoryMb: Math.round((g.maxmem ?? 0) / MB),
    storageGb: Math.round(((g.maxdisk ?? 0) / GB) * 10) / 10,
    uptime: g.status === 'running' ? Math.max(0, Math.round(g.uptime ?? 0)) : 0,
    tags: splitTags(g.tags),
    pool: g.pool ?? null,
    lock: g.lock ?? null,
  };
}

const isGuest = (r: ClusterResource): r is GuestResource => (r.type === 'qemu' || r.type === 'lxc') && typeof r.vmid === 'number';

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

/**
 * The events of a sync: guests that appeared, went, or changed state. `before` is read in the writing
 * transaction, rows locked, so an action's job writing the same change at the same moment emits it once: a row
 * it changed after `readAt` keeps its newer state (reconcileGuests) and its event was the job's.
 */
async function emitGuestChanges(tx: Db, host: HostRow, before: GuestRow[], after: NewGuestRow[], readAt: Date): Promise<void> {
  // Keyed by vmid: inside one cluster a vmid names one guest, whichever registered node it runs on.
  const old = new Map(before.map((g) => [g.vmid, g]));
  const now = new Set(after.map((g) => g.vmid));
  const appeared = after.filter((g) => !old.has(g.vmid));
  const gone = before.filter((g) => !now.has(g.vmid));
  const changed = after.filter((g) => {
    const prev = old.get(g.vmid);
    return prev !== undefined && prev.state !== g.state && prev.updatedAt <= readAt;
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
  for (const g of appeared) await emitEvent(tx, org, 'guest.appeared', { host_id: g.hostId, vmid: g.vmid, name: g.name });
  for (const g of gone) await emitEvent(tx, org, 'guest.gone', { host_id: g.hostId, vmid: g.vmid, name: g.name });
  for (const g of changed) {
    const prev = old.get(g.vmid)!;
    await emitEvent(tx, org, 'guest.state_changed', {
      guest_id: prev.id,
      host_id: g.hostId,
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

/** Stored (English) when a host's credentials cannot be decrypted with this portal's key. */
/** What a host stores as its last error when its credentials cannot be opened (the catalogue's English text). */
export const UNREADABLE_CREDENTIALS = translate(FALLBACK_LANGUAGE, 'errors', 'hosts.credentialsUnreadable');

/** What a poll reads besides the fleet state (`/cluster/resources`, read every time). */
export interface PollPlan {
  /** Cluster membership and node status (version): every 5 minutes. */
  inventory: boolean;
  /** Pending updates: hourly. */
  versions: boolean;
}

export const FULL_POLL: PollPlan = { inventory: true, versions: true };

interface Inventory {
  cluster: { name: string; nodes: string[] } | null;
  pveVersion: string | null;
  memory: HostFacts['memory'];
  rootfs: HostFacts['rootfs'];
}

async function readInventory(client: PveClient, host: HostRow, req: { signal: AbortSignal }): Promise<Inventory> {
  const [clusterStatus, status] = await Promise.all([client.clusterStatus(req), client.nodeStatus(host.pveNode, req)]);
  const clusterEntry = clusterStatus.find((i) => i.type === 'cluster');
  const nodeNames = clusterStatus.filter((i) => i.type === 'node').map((i) => (i as { name: string }).name);
  return {
    cluster: clusterEntry ? { name: (clusterEntry as { name: string }).name, nodes: nodeNames } : null,
    pveVersion: /pve-manager\/([^/\s]+)/.exec(status.pveversion)?.[1] ?? null,
    memory: { total: status.memory.total, used: status.memory.used },
    rootfs: { total: status.rootfs.total, used: status.rootfs.used },
  };
}

/** The node's facts from the fleet state (usage now) and, when it was read, its inventory and updates. */
function nodeFacts(
  node: string,
  resources: ClusterResource[],
  previous: HostFacts | null,
  inventory: Inventory | null,
  updates: PendingUpdates | null | undefined,
): HostFacts {
  const entry = resources.find((r) => r.type === 'node' && r.node === node) as
    Extract<ClusterResource, { type: 'node' }> | undefined;
  const storages = resources
    .filter((r): r is Extract<ClusterResource, { type: 'storage' }> => r.type === 'storage' && r.node === node)
    .map((s) => ({
      storage: s.storage,
      type: s.plugintype,
      total: s.maxdisk ?? 0,
      used: s.disk ?? 0,
      active: s.status === 'available',
      shared: s.shared === 1,
    }));
  const usage = (used?: number, total?: number) => (typeof total === 'number' && total > 0 ? { total, used: used ?? 0 } : null);
  return {
    memory: usage(entry?.mem, entry?.maxmem) ?? inventory?.memory ?? previous?.memory ?? null,
    rootfs: usage(entry?.disk, entry?.maxdisk) ?? inventory?.rootfs ?? previous?.rootfs ?? null,
    storages,
    pendingUpdates: updates ? updates.count : (previous?.pendingUpdates ?? 0),
    pendingUpdateNames: updates ? updates.names.slice(0, 50) : (previous?.pendingUpdateNames ?? []),
    pveVersion: inventory?.pveVersion ?? previous?.pveVersion ?? null,
    collectedAt: new Date().toISOString(),
  };
}

/**
 * One poll of a host (DESIGN.md §12): the fleet state from one `/cluster/resources` call, plus what `plan` says is
 * due (inventory, updates). The database then matches: guests upserted and those no longer listed marked gone;
 * the host online with fresh facts, or offline with the reason. When the host is a node of a cluster whose other
 * nodes are registered too, the one answer covers them all: their guests are reconciled together, keyed by
 * vmid, so a guest migrating between them keeps its identity. Bounded by `settings.timeoutMs` as a whole.
 *
 * The reason stored in last_error is always in English: it is read later by anyone, in any language, and the
 * background poll has no request to take a language from. `language` (a manual sync's request) is only that
 * of the returned `error`. `clock` is the poller's (the background work's time): the reading's time, and with it
 * the samples' and the rates', is of the same clock as the poll's schedule.
 */
export async function syncHost(
  db: Db,
  box: SecretBox,
  host: HostRow,
  settings: ConnectSettings,
  log?: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void },
  language: Language = FALLBACK_LANGUAGE,
  plan: PollPlan = FULL_POLL,
  clock: Clock = realClock,
): Promise<SyncOutcome> {
  let target: ReturnType<typeof targetOf>;
  try {
    target = targetOf(host, box);
  } catch (err) {
    // Sealed with another key: a replica started without the shared PROXAI_SECRET_KEY, or the key was lost.
    log?.error({ err, hostId: host.id }, "cannot decrypt the host's stored credentials");
    const lastError = UNREADABLE_CREDENTIALS;
    await markHostOffline(db, host, lastError);
    const error = new AppError('invalid_state', errorText('hosts.credentialsUnreadable'));
    return { hostId: host.id, ok: false, added: 0, removed: 0, changed: 0, total: 0, error, lastError };
  }
  const ctx = errorContext(target, settings);
  const signal = AbortSignal.timeout(settings.timeoutMs);
  const req = { signal };
  const client = pooledClient(host, () => target, settings);
  try {
    const readAt = clock.now();
    const [resources, updates] = await Promise.all([
      client.clusterResources(undefined, req),
      plan.versions ? readPendingUpdates(client, host.pveNode, req) : Promise.resolve(undefined),
    ]);
    const inventory = plan.inventory ? await readInventory(client, host, req) : null;
    const cluster = inventory
      ? inventory.cluster
      : host.clusterName
        ? { name: host.clusterName, nodes: host.clusterNodes ?? [] }
        : null;
    const members = [host, ...(cluster ? await clusterMembers(db, host, cluster.name, cluster.nodes) : [])];
    const byNode = new Map(members.map((m) => [m.pveNode, m]));
    const rows = resources
      .filter(isGuest)
      .filter((g) => g.template !== 1 && byNode.has(g.node))
      .map((g) => toGuestRow(byNode.get(g.node)!, g))
      .sort((a, b) => a.vmid - b.vmid);
    const memberIds = members.map((m) => m.id);
    let before: GuestRow[] = [];
    await reconcileGuests(db, memberIds, rows, readAt, {
      alsoInTransaction: async (tx) => {
        before = await liveGuestsOfHosts(tx, memberIds, { lock: true });
        await emitGuestChanges(tx, host, before, rows, readAt);
      },
    });
    const now = clock.now();
    await db.transaction(async (tx) => {
      await markHostOnline(tx, host, now, {
        ...(inventory
          ? {
              inventoryAt: now,
              clusterName: cluster?.name ?? null,
              clusterNodes: cluster?.nodes ?? null,
              pveVersion: inventory.pveVersion ?? host.pveVersion,
            }
          : {}),
        ...(updates !== undefined ? { versionsAt: now } : {}),
        facts: JSON.stringify(nodeFacts(host.pveNode, resources, parseFacts(host.facts), inventory, updates)),
      });
      // The other registered nodes of the cluster: their state is fresh too (their own polls may skip a cycle).
      for (const m of members.slice(1)) {
        const entry = resources.find((r) => r.type === 'node' && r.node === m.pveNode);
        if (!entry || !('status' in entry) || entry.status !== 'online') continue;
        await updateHost(tx, m.id, {
          lastSyncAt: now,
          facts: JSON.stringify(nodeFacts(m.pveNode, resources, parseFacts(m.facts), null, undefined)),
        });
      }
    });
    // History (issue 18): the poll's figures become samples. Monitoring must never fail the poll that feeds the fleet.
    await recordPoll(db, { organisationId: host.organisationId, host, members, resources, readAt }).catch((err: unknown) =>
      log?.warn({ err, hostId: host.id }, "recording the poll's metrics failed"),
    );
    // What node entries lack (network rates…): the nodes' last minute of rrddata, once a minute (issue 30).
    const nodeRrd = (node: string) => client.nodeRrd(node, 'hour', 'AVERAGE', req);
    await recordNodeMinutes(db, nodeRrd, { organisationId: host.organisationId, members, resources, readAt }).catch(
      (err: unknown) => log?.warn({ err, hostId: host.id }, "reading the nodes' last minute failed"),
    );
    // The dashboard's cached answers are dropped when what they show changed: guests added, removed, moved or
    // changed, the host back online, or at an inventory (every 5 minutes, which also refreshes uptimes). A poll
    // that only read new CPU figures leaves them, so a busy fleet does not rebuild the 5,000-row list each second.
    const changes = diff(before, rows);
    const moved = rows.some((r) => before.find((b) => b.vmid === r.vmid && b.hostId !== r.hostId));
    if (changes.added + changes.removed + changes.changed > 0 || moved || host.status !== 'online' || inventory)
      await fleetChanged(db, host.organisationId);
    const own = (g: { hostId: string }) => g.hostId === host.id;
    return { hostId: host.id, ok: true, total: rows.filter(own).length, ...diff(before.filter(own), rows.filter(own)) };
  } catch (err) {
    dropClient(host.id);
    const cause: unknown = signal.aborted ? signal.reason : err;
    const stored = toHostError(cause, ctx);
    const error = language === FALLBACK_LANGUAGE ? stored : toHostError(cause, { ...ctx, language });
    if (!isPveError(err) && !signal.aborted) log?.warn({ err, hostId: host.id }, 'sync failed on an unexpected error');
    const lastError = lastErrorText(stored);
    await markHostOffline(db, host, lastError);
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
