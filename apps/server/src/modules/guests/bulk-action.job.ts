import { z } from 'zod';
import { BulkActionSchema, type BulkAction } from '@proxai/contract';
import { ensureChildren, guestsOfParent, runGuestChildren, type ChildSpec } from '../../jobs/child-tasks';
import { defineTaskJob, guestLabel, type JobDeps } from '../../jobs/pve-task';
import { taskTiming, withClaimedTask } from '../../jobs/task-runner';
import { message } from '../../i18n/messages';
import { endTask, type TaskRow } from '../tasks/tasks.repository';
import { runGuestActionTask } from './guest-action.job';
import type { GuestRow } from './guests.repository';

/** What a bulk action's parent task holds (the route and the scheduler write the same). */
const ParamsSchema = z.object({ action: BulkActionSchema, guest_ids: z.array(z.uuid()) });

/**
 * Why a guest's action would be refused by PVE at once (starting a running guest…), from its last known state:
 * such a guest is skipped rather than failed (a nightly "stop these" must not fail for one already stopped).
 */
function refusal(action: BulkAction, guest: GuestRow): string | undefined {
  const label = guestLabel(guest);
  if (action === 'start' && guest.state === 'running') return message('en', 'guest.alreadyRunning', { guest: label });
  if (action === 'stop' && guest.state === 'stopped') return `${label} is already stopped`;
  if (action === 'restart' && guest.state === 'stopped') return message('en', 'guest.stoppedStartFirst', { guest: label });
  return undefined;
}

/**
 * Runs a bulk action from its parent task alone (kind `bulk.<action>`, params `{action, guest_ids}`), whoever
 * made it (POST /api/vms/bulk-action, a schedule): one child task `guest.<action>` per guest, run like a single
 * action (guest-action.job.ts) with one client per host, at most 4 at once per host, hosts in parallel (see
 * child-tasks.ts for cancelling and how the parent ends). A guest removed since, or already in the asked state,
 * gets a child that is skipped. Resumed after a crash, the parent keeps the children it made and runs those not
 * ended. Answers false when another process holds the parent or it had ended.
 */
export function runBulkActionTask(deps: JobDeps, taskId: string): Promise<boolean> {
  return withClaimedTask(deps.db, taskId, taskTiming(deps.config.TASK_HEARTBEAT_SECONDS), (parent) => runParent(deps, parent));
}

async function runParent(deps: JobDeps, parent: TaskRow): Promise<void> {
  const { db } = deps;
  const params = ParamsSchema.safeParse(parent.params);
  if (!params.success) {
    await endTask(db, parent.id, 'failed', 'The bulk action has no valid action and guest list', new Date());
    return;
  }
  const { action, guest_ids: ids } = params.data;
  const { guests, hosts } = await guestsOfParent(db, parent, ids);
  const children = await ensureChildren(db, parent, ids, (id): ChildSpec => {
    const guest = guests.get(id);
    const host = guest && hosts.get(guest.hostId);
    const kind = `guest.${action}`;
    if (!guest || !host) {
      return {
        kind,
        params: { action },
        firstLine: `${action} guest ${id}`,
        endAt: { status: 'skipped', error: 'The guest no longer exists' },
      };
    }
    const refused = refusal(action, guest);
    return {
      kind,
      params: { action, vmid: guest.vmid, name: guest.name, state_before: guest.state },
      hostId: host.id,
      guestId: guest.id,
      firstLine: `${action} ${guestLabel(guest)} on ${host.name}, part of a bulk action`,
      ...(refused ? { endAt: { status: 'skipped', error: refused } } : {}),
    };
  });
  // Each child asks its host's next poll and tells the caches (guest-action.job.ts).
  await runGuestChildren(deps, parent, children, guests, (child, clients) => runGuestActionTask(deps, child.id, clients));
}

export const BULK_ACTION_JOB_NAME = 'bulk.guest-action';

/** A bulk action of 500 guests, four at a time on one host, each up to 90 s. */
const LONGEST_BULK_S = 4 * 3600;

/** The catalogue entry: one job per parent task; its children run inside it. */
export const bulkActionJob = (deps: JobDeps) =>
  defineTaskJob(BULK_ACTION_JOB_NAME, (taskId) => runBulkActionTask(deps, taskId), {
    expireInSeconds: LONGEST_BULK_S,
    concurrency: 4,
  });
