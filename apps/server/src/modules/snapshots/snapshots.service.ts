import type { GuestSnapshot, SnapshotCreate, TaskAccepted } from '@proxai/contract';
import type { Snapshot } from '@proxai/pve-client';
import { AppError, notFound } from '../../errors';
import { FALLBACK_LANGUAGE, message } from '../../i18n/messages';
import { guestLabel } from '../../jobs/pve-task';
import { authorize } from '../../access/authorize';
import { findGuest } from '../guests/guests.repository';
import { findHost } from '../hosts/hosts.repository';
import { connectSettings, createClient, errorContext, targetOf } from '../pve/pve-connection';
import { toHostError } from '../pve/pve-errors';
import { secretBoxFor } from '../pve/secret-box';
import { insertTask } from '../tasks/tasks.repository';
import { SNAPSHOT_ACTION_JOB_NAME, type SnapshotOp } from './snapshot-action.job';
import { isPolicySnapshotName } from './snapshot-prune';
import { creatorOf } from '../../kernel/principal';
import { type RequestContext } from '../../kernel/request-context';
import { type ServiceDeps } from '../../kernel/deps';

export type SnapshotsDeps = ServiceDeps & { jobs: { send(name: string, data: unknown): Promise<string | null> } };

/** The guest, still on its host (findGuest leaves gone ones out), and its host; 404 otherwise, also for another organisation's guest. */
async function guestAndHost(deps: ServiceDeps, ctx: RequestContext, id: string) {
  const guest = await findGuest(deps.db, ctx.organisationId, id);
  if (!guest) throw notFound('vm');
  const host = await findHost(deps.db, ctx.organisationId, guest.hostId);
  if (!host) throw notFound('host');
  return { guest, host };
}

export function toSnapshotDto(s: Snapshot): GuestSnapshot {
  return {
    name: s.name,
    description: s.description,
    created_at: s.snaptime ? new Date(s.snaptime * 1000).toISOString() : null,
    parent: s.parent ?? null,
    vmstate: s.vmstate === 1,
    by_policy: isPolicySnapshotName(s.name),
  };
}

/**
 * The guest's snapshots, read from its host now (oldest first, without PVE's 'current' entry). A host that
 * cannot be reached or refuses answers the host error (502/504) in the request's language, like a manual sync.
 */
export async function listGuestSnapshots(
  deps: ServiceDeps,
  ctx: RequestContext,
  id: string,
): Promise<{ items: GuestSnapshot[] }> {
  const { guest, host } = await guestAndHost(deps, ctx, id);
  const settings = connectSettings(deps.config);
  const target = targetOf(host, secretBoxFor(deps.config, deps.log));
  const client = createClient(target, settings, { signal: AbortSignal.timeout(settings.timeoutMs * 2) });
  try {
    const list = await client.snapshots(guest.node, guest.type, guest.vmid);
    return { items: list.filter((s) => s.name !== 'current').map(toSnapshotDto) };
  } catch (err) {
    throw toHostError(err, errorContext(target, settings, { language: ctx.language }));
  } finally {
    await client.close().catch(() => undefined);
  }
}

/** Names PVE keeps for itself (qemu-server: current, pending; pve-container: current, vzdump). */
const RESERVED = new Set(['current', 'pending', 'vzdump']);

/**
 * Queues a snapshot task a person asks for (`snapshot.create|rollback|delete`) and answers at once (202): the
 * snapshot.action job sends it and follows its UPID. Refused here (400) without a task: a name PVE reserves,
 * RAM (vmstate) for a container, and creating a name of the policy form (a policy could later delete it).
 */
export async function queueSnapshotTask(
  deps: SnapshotsDeps,
  ctx: RequestContext,
  id: string,
  op: SnapshotOp,
  input: { name: string } & Partial<Omit<SnapshotCreate, 'name'>>,
): Promise<TaskAccepted> {
  authorize(ctx.user, 'guests.operate');
  const language = ctx.language ?? FALLBACK_LANGUAGE;
  const { guest, host } = await guestAndHost(deps, ctx, id);
  const snapname = input.name;
  const label = guestLabel(guest);
  if (RESERVED.has(snapname.toLowerCase()))
    throw new AppError('bad_request', message(language, 'snapshot.reservedName', { name: snapname }));
  if (op === 'create') {
    if (input.vmstate && guest.type !== 'qemu')
      throw new AppError('bad_request', message(language, 'snapshot.vmstateContainer', { guest: label }));
    if (isPolicySnapshotName(snapname))
      throw new AppError('bad_request', message(language, 'snapshot.policyName', { name: snapname }));
  }
  const task = await insertTask(
    deps.db,
    {
      organisationId: ctx.organisationId,
      kind: `snapshot.${op}`,
      params: {
        snapname,
        vmid: guest.vmid,
        name: guest.name,
        ...(op === 'create' ? { description: input.description ?? '', vmstate: input.vmstate ?? false } : {}),
      },
      hostId: host.id,
      guestId: guest.id,
      createdBy: creatorOf(ctx.user),
    },
    `${op} snapshot ${snapname} of ${label} on ${host.name}, asked by ${ctx.user.email}`,
  );
  await deps.jobs.send(SNAPSHOT_ACTION_JOB_NAME, { task_id: task.id });
  return { task_id: task.id };
}
