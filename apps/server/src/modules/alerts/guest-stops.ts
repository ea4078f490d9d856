import type { PveClient } from '@proxai/pve-client';
import type { BackgroundDeps } from '../../jobs/background';
import type { Subscriber } from '../../events/dispatcher';
import type { EventRow } from '../../events/outbox';
import { pooledClient } from '../pve/client-pool';
import { findHostById } from '../hosts/hosts.repository';
import { connectSettings, targetOf } from '../pve/pve-connection';
import { secretBoxFor } from '../pve/secret-box';
import {
  guestLocks,
  guestPlace,
  pendingGuestStops,
  portalTasksAround,
  recordGuestStops,
  type GuestStopRow,
} from './guest-stops.repository';
import { maintenanceCover } from './maintenance';

/**
 * Guest down (issue 18): "was running, stopped without a person's, schedule's or task's action". A durable
 * subscriber records each change into 'stopped'; the evaluator then checks it, outside any transaction (it asks
 * Proxmox), against everything that explains a stop:
 * - a portal task on the guest around the stop (guest actions, bulk and schedule children, snapshots);
 * - a PVE lock on the guest when the stop was seen, or now (backup, snapshot, migrate…: a stop-mode vzdump);
 * - a PVE task on the guest's node for that vmid around the stop, or a vzdump of several guests (its task has no
 *   vmid): a person's shutdown from PVE's own UI, a backup job — a crash leaves no task;
 * - a maintenance window covering the host at the stop (maintenance.ts).
 * When Proxmox cannot be asked, nothing is raised: an unreachable host is host_offline's business.
 */

/** How far before the stop a task still explains it (a shutdown waits for the guest OS; a backup job queues). */
export const EXPLAIN_BEFORE_MS = 15 * 60_000;
/** And after: the poll may have seen the stop before the portal's task row or PVE's task list caught up. */
const EXPLAIN_AFTER_MS = 60_000;

export const guestStopSubscriber: Subscriber = {
  name: 'alerts-guest-stops',
  types: ['guest.state_changed'],
  async handle(tx, batch: EventRow[]) {
    // Running (or on its way, as a portal action shows it: 'stopping') and now stopped.
    const stops = batch.filter((e) => e.data.state === 'stopped' && e.data.previous !== 'stopped');
    if (stops.length === 0) return;
    const locks = await guestLocks(
      tx,
      stops.map((e) => String(e.data.guest_id)),
    );
    await recordGuestStops(
      tx,
      stops
        .filter((e) => locks.has(String(e.data.guest_id)))
        .map((e) => ({
          eventId: e.id,
          organisationId: e.organisationId,
          guestId: String(e.data.guest_id),
          stoppedAt: e.at,
          lock: locks.get(String(e.data.guest_id)) ?? null,
        })),
    );
  },
};

export interface CheckedStop {
  stop: GuestStopRow;
  /** Null when nothing explains it. */
  explanation: string | null;
}

/** How a backup job's log names each guest it backs up (VZDump.pm). */
const backupOf = (vmid: number) => new RegExp(`Starting Backup of VM ${vmid} \\(`);

/**
 * Asks the guest's node what explains the stop: a task on that vmid around it, or a backup job of several guests
 * (its task names no vmid: its log says which guests it backed up), else a lock on the guest now (a backup still
 * running when the poll's lock was not recorded).
 */
async function askProxmox(client: PveClient, where: { node: string; vmid: number; type: 'qemu' | 'lxc' }, stoppedAt: Date) {
  const req = { timeoutMs: 10_000 };
  const since = Math.floor((stoppedAt.getTime() - EXPLAIN_BEFORE_MS) / 1000);
  const until = Math.ceil((stoppedAt.getTime() + EXPLAIN_AFTER_MS) / 1000);
  const page = await client.tasks(where.node, { since, until, source: 'all', limit: 500, ...req });
  const items = page.items as unknown as { upid: string; type?: string; id?: string }[];
  const own = items.find((t) => String(t.id ?? '') === String(where.vmid));
  if (own) return `PVE task ${own.type ?? ''} ${own.upid}`;
  for (const job of items.filter((t) => t.type === 'vzdump' && !t.id)) {
    const log = await client.taskLog(where.node, job.upid, { limit: 5000, ...req });
    if (log.lines.some((l) => backupOf(where.vmid).test(l.t))) return `PVE task vzdump ${job.upid}`;
  }
  const status = (await client.guestStatus(where.node, where.type, where.vmid, req)) as { lock?: unknown };
  return typeof status.lock === 'string' && status.lock ? `PVE lock '${status.lock}'` : null;
}

/** Checks the organisation's recorded stops (oldest first); each answer says what explains it, if anything. */
export async function checkGuestStops(deps: BackgroundDeps, organisationId: string, now: Date): Promise<CheckedStop[]> {
  const stops = await pendingGuestStops(deps.db, organisationId);
  if (stops.length === 0) return [];
  const cover = await maintenanceCover(deps.db, organisationId);
  const out: CheckedStop[] = [];
  for (const stop of stops) {
    out.push({ stop, explanation: await explain(deps, stop, cover, now) });
  }
  return out;
}

async function explain(
  deps: BackgroundDeps,
  stop: GuestStopRow,
  cover: Awaited<ReturnType<typeof maintenanceCover>>,
  now: Date,
): Promise<string | null> {
  if (stop.lock) return `PVE lock '${stop.lock}' when the stop was seen`;
  const locks = await guestLocks(deps.db, [stop.guestId]);
  if (!locks.has(stop.guestId)) return 'the guest is gone';
  const lock = locks.get(stop.guestId);
  if (lock) return `PVE lock '${lock}'`;
  const from = new Date(stop.stoppedAt.getTime() - EXPLAIN_BEFORE_MS);
  const task = await portalTasksAround(deps.db, stop.guestId, from, new Date(stop.stoppedAt.getTime() + EXPLAIN_AFTER_MS));
  if (task) return `portal task ${task.kind} ${task.id}`;
  const where = await guestPlace(deps.db, stop.guestId);
  if (!where) return 'the guest is gone';
  if (cover.covers(where.hostId, stop.stoppedAt) || cover.covers(where.hostId, now)) return 'inside a maintenance window';
  const host = await findHostById(deps.db, where.hostId);
  if (!host) return 'the host is gone';
  try {
    const settings = connectSettings(deps.config);
    const target = targetOf(host, secretBoxFor(deps.config, deps.log));
    const client = pooledClient(host, () => target, settings);
    return await askProxmox(client, where, stop.stoppedAt);
  } catch (err) {
    deps.log.warn({ err, hostId: host.id, guestId: stop.guestId }, 'could not read the PVE task list to explain a guest stop');
    return 'the PVE task list could not be read';
  }
}
