import { isTaskOk, type GuestAction } from '@proxai/pve-client';
import { withinLimit, type Language, type PlanUsage, type Stats, type VmAction } from '@proxai/contract';
import { AppError, notFound } from '../../errors';
import { FALLBACK_LANGUAGE, message } from '../../i18n/messages';
import { requireOrgRole } from '../../plugins/app/auth';
import { recordAudit } from '../audit/audit.repository';
import { createOrgCache, fleetChanged } from '../hosts/fleet-cache';
import { finishTask, findHost, insertTask, readFleetVersion } from '../hosts/hosts.repository';
import type { HostsDeps, RequestContext } from '../hosts/hosts.service';
import { connectSettings, createClient, errorContext, targetOf } from '../hosts/pve-connection';
import { toHostError } from '../hosts/pve-errors';
import { getEffectivePlan, type EffectivePlan } from '../licenses/licenses.service';
import { secretBoxFor } from '../hosts/secret-box';
import { findGuest, guestStats, listVmsJsonText, updateGuest } from './guests.repository';

/** PVE endpoint per portal action; stop is a graceful shutdown that PVE forces after 60 s. */
const PVE_ACTION: Record<VmAction, { action: GuestAction; params?: Record<string, number>; endState: 'running' | 'stopped' }> = {
  start: { action: 'start', endState: 'running' },
  stop: { action: 'shutdown', params: { forceStop: 1, timeout: 60 }, endState: 'stopped' },
  restart: { action: 'reboot', endState: 'running' },
};
const SHUTDOWN_GRACE_S = 60;

const vmsCache = createOrgCache<string>();
const statsCache = createOrgCache<string>();

/** The VM list already serialised (it is the dashboard's biggest answer; see fleet-cache.ts). */
export function listVmsJson(deps: HostsDeps, ctx: RequestContext): Promise<string> {
  return vmsCache(
    ctx.organisationId,
    () => listVmsJsonText(deps.db, ctx.organisationId),
    () => readFleetVersion(deps.db, ctx.organisationId),
  );
}

/** The stats already serialised: polled by every open dashboard, so the answer is built once per organisation. */
export function getStatsJson(deps: HostsDeps, ctx: RequestContext): Promise<string> {
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
 * Runs a start/stop/restart on PVE and follows its task (UPID) to the end; the guest's state is updated from
 * PVE afterwards. A failed task answers with PVE's own error text.
 */
export async function runVmAction(
  deps: HostsDeps,
  ctx: RequestContext,
  id: string,
  action: VmAction,
  vmid?: number,
): Promise<{ message: string }> {
  requireOrgRole(ctx.user, 'operator', 'start, stop or restart guests');
  const language = ctx.language ?? FALLBACK_LANGUAGE;
  const guest = await findGuest(deps.db, ctx.organisationId, id);
  if (!guest) throw notFound('VM');
  if (vmid !== undefined && vmid !== guest.vmid)
    throw new AppError('bad_request', `vmid ${vmid} does not match this VM (${guest.vmid})`);
  const label = `${guest.type === 'qemu' ? 'VM' : 'CT'} ${guest.vmid} (${guest.name})`;
  checkState(action, guest.state, label, language);
  const host = await findHost(deps.db, ctx.organisationId, guest.hostId);
  if (!host) throw notFound('Host');

  const audit = (outcome: 'success' | 'failure', details: Record<string, unknown>) =>
    recordAudit(deps.db, {
      action: `vm.${action}`,
      outcome,
      actorId: ctx.user.id,
      actorEmail: ctx.user.email,
      organisationId: ctx.organisationId,
      target: guest.id,
      ip: ctx.ip ?? null,
      details: { vmid: guest.vmid, name: guest.name, host: host.name, ...details },
    });

  const setGuest = async (values: Parameters<typeof updateGuest>[2]) => {
    await updateGuest(deps.db, guest.id, values);
    await fleetChanged(deps.db, ctx.organisationId);
  };
  const settings = connectSettings(deps.config);
  const target = targetOf(host, secretBoxFor(deps.config, deps.log));
  const client = createClient(target, settings);
  const spec = PVE_ACTION[action];
  let taskId: string | undefined;
  try {
    const upid = await client.guestAction(guest.node, guest.type, guest.vmid, spec.action, spec.params);
    taskId = await insertTask(deps.db, { upid, guestId: guest.id, hostId: host.id, userId: ctx.user.id, action });
    await setGuest({ state: action === 'stop' ? 'stopping' : action === 'start' ? 'starting' : guest.state });
    const status = await client.waitForTask(guest.node, upid, {
      pollMs: 250,
      timeoutMs: (SHUTDOWN_GRACE_S + 30) * 1000,
    });
    const ok = isTaskOk(status);
    await finishTask(deps.db, taskId, ok ? 'ok' : 'error', status.exitstatus ?? null);
    const current = await client.guestStatus(guest.node, guest.type, guest.vmid).catch(() => null);
    await setGuest({
      state: current?.status ?? (ok ? spec.endState : guest.state),
      uptime: current?.status === 'running' ? Math.round(current.uptime ?? 0) : 0,
    });
    if (!ok) {
      await audit('failure', { upid, exitstatus: status.exitstatus });
      throw new AppError('host_error', status.exitstatus ?? `The ${action} task failed`);
    }
    await audit('success', { upid });
    return { message: message(language, `guest.sent.${action}`) };
  } catch (err) {
    if (err instanceof AppError && err.code === 'host_error' && taskId) throw err;
    // The task and the audit keep the English text; the answer is in the request's language.
    const stored = toHostError(err, errorContext(target, settings));
    const mapped = language === FALLBACK_LANGUAGE ? stored : toHostError(err, errorContext(target, settings, { language }));
    if (taskId) await finishTask(deps.db, taskId, 'error', stored.detail).catch(() => undefined);
    // The request may have failed before PVE changed anything: put back the state we know.
    await setGuest({ state: guest.state }).catch(() => undefined);
    await audit('failure', { detail: stored.detail });
    throw mapped;
  } finally {
    await client.close().catch(() => undefined);
  }
}
