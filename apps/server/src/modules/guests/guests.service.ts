import {
  withinLimit,
  type BulkActionRequest,
  type Language,
  type PlanUsage,
  type Stats,
  type TaskAccepted,
  type VmAction,
} from '@proxai/contract';
import { AppError, errorText, notFound } from '../../errors';
import { FALLBACK_LANGUAGE, message } from '../../i18n/messages';
import { authorize } from '../../access/authorize';
import { createOrgCache } from '../fleet/fleet-cache';
import { readFleetVersion } from '../fleet/fleet-version.repository';
import { getEffectivePlan, type EffectivePlan } from '../licenses/licenses.service';
import { insertTask } from '../tasks/tasks.repository';
import { BULK_ACTION_JOB_NAME } from './bulk-action.job';
import { GUEST_ACTION_JOB_NAME } from './guest-action.job';
import { findGuestWithHost, findPresentGuests, guestStats, listVmsJsonText } from './guests.repository';
import { creatorOf } from '../../kernel/principal';
import { type RequestContext } from '../../kernel/request-context';
import { type ServiceDeps } from '../../kernel/deps';

const vmsCache = createOrgCache<string>();
const statsCache = createOrgCache<string>();

/** The VM list already serialised (it is the dashboard's biggest answer; see fleet-cache.ts). */
export function listVmsJson(deps: ServiceDeps, ctx: RequestContext): Promise<string> {
  return vmsCache(
    ctx.organisationId,
    () => listVmsJsonText(deps.db, ctx.organisationId),
    () => readFleetVersion(deps.db, ctx.organisationId),
  );
}

/** The stats already serialised: polled by every open dashboard, so the answer is built once per organisation. */
export function getStatsJson(deps: ServiceDeps, ctx: RequestContext): Promise<string> {
  return statsCache(
    ctx.organisationId,
    async () => {
      const [s, plan] = await Promise.all([
        guestStats(deps.db, ctx.organisationId),
        getEffectivePlan(deps.db, ctx.organisationId),
      ]);
      const stats: Stats = {
        hosts: s.hosts,
        vms: s.vms,
        running_vms: s.running,
        stopped_vms: s.stopped,
        plan_usage: planUsage(plan, s.hosts, s.vms),
      };
      return JSON.stringify(stats);
    },
    () => readFleetVersion(deps.db, ctx.organisationId),
  );
}

/**
 * Where the organisation stands against its plan. A sync never hides guests past the limit (they are real and
 * the administrator must see them); the dashboard shows a banner from this, the assistant an advice item, and
 * adding hosts is refused until the fleet fits again.
 */
export function planUsage(plan: EffectivePlan, hosts: number, vms: number): PlanUsage {
  const { max_hosts: maxHosts, max_vms: maxVms } = plan.limits;
  return {
    plan: plan.plan,
    max_hosts: maxHosts,
    max_vms: maxVms,
    over_hosts: !withinLimit(maxHosts, hosts),
    over_vms: !withinLimit(maxVms, vms),
    trial_ends_at: plan.trialEndsAt?.toISOString() ?? null,
  };
}

/** Refuses up front what PVE would refuse, so the operator gets a clear 409 without a round trip. */
function checkState(action: VmAction, state: string, guest: string, language: Language): void {
  if (action === 'start' && state === 'running') {
    throw new AppError('invalid_state', message(language, 'guest.alreadyRunning', { guest }));
  }
  if ((action === 'stop' || action === 'restart') && state === 'stopped') {
    throw new AppError('invalid_state', message(language, 'guest.stoppedStartFirst', { guest }));
  }
}

/**
 * Queues a start/stop/restart as a task and answers at once (202): the guest-action job sends it to PVE and
 * follows its UPID; the client follows the task (GET /api/tasks/{id}). What PVE would refuse outright (starting
 * a running guest) is refused here with 409, without a task.
 */
type JobsDeps = ServiceDeps & { jobs: { send(name: string, data: unknown): Promise<string | null> } };

export async function queueVmAction(
  deps: JobsDeps,
  ctx: RequestContext,
  id: string,
  action: VmAction,
  vmid?: number,
): Promise<{ task_id: string; message: string }> {
  authorize(ctx.user, 'guests.operate');
  const language = ctx.language ?? FALLBACK_LANGUAGE;
  // The guest's host belongs to the same organisation (hosts cascade to their guests): one query finds both.
  const found = await findGuestWithHost(deps.db, ctx.organisationId, id);
  if (!found) throw notFound('vm');
  const { guest, host } = found;
  if (vmid !== undefined && vmid !== guest.vmid)
    throw new AppError('bad_request', errorText('guests.vmidMismatch', { given: vmid, vmid: guest.vmid }));
  const label = `${guest.type === 'qemu' ? 'VM' : 'CT'} ${guest.vmid} (${guest.name})`;
  checkState(action, guest.state, label, language);
  const task = await insertTask(
    deps.db,
    {
      organisationId: ctx.organisationId,
      kind: `guest.${action}`,
      params: { action, vmid: guest.vmid, name: guest.name, state_before: guest.state },
      hostId: host.id,
      guestId: guest.id,
      createdBy: creatorOf(ctx.user),
    },
    `${action} ${label} on ${host.name}, asked by ${ctx.user.email}`,
  );
  await deps.jobs.send(GUEST_ACTION_JOB_NAME, { task_id: task.id });
  return { task_id: task.id, message: message(language, `guest.sent.${action}`) };
}

/**
 * Queues one action on many guests: a parent task `bulk.<action>` (params `{action, guest_ids}`, the same a
 * schedule writes) run by the bulk.guest-action job, one child task per guest. Every id must be a guest of the
 * organisation still on its host, else 404 naming how many were not found and nothing is started.
 */
export async function queueBulkAction(deps: JobsDeps, ctx: RequestContext, input: BulkActionRequest): Promise<TaskAccepted> {
  authorize(ctx.user, 'guests.operate');
  const language = ctx.language ?? FALLBACK_LANGUAGE;
  const found = await findPresentGuests(deps.db, ctx.organisationId, input.ids);
  const missing = input.ids.length - found.length;
  if (missing > 0)
    throw new AppError('not_found', message(language, 'bulk.notFound', { count: missing, total: input.ids.length }));
  const task = await insertTask(
    deps.db,
    {
      organisationId: ctx.organisationId,
      kind: `bulk.${input.action}`,
      params: { action: input.action, guest_ids: input.ids },
      createdBy: creatorOf(ctx.user),
    },
    `${input.action} ${input.ids.length} guests, asked by ${ctx.user.email}`,
  );
  await deps.jobs.send(BULK_ACTION_JOB_NAME, { task_id: task.id });
  return { task_id: task.id };
}
