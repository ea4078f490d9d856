import type { BackupNow, RestoreRequestParsed, TaskAccepted } from '@proxai/contract';
import { AppError, notFound, errorText } from '../../errors';
import { guestLabel } from '../../jobs/pve-task';
import { authorize } from '../../access/authorize';
import { findGuest, findGuestById } from '../guests/guests.repository';
import { clusterMembers, findHost, liveGuestsOfHosts } from '../hosts/hosts.repository';
import { requireFeature } from '../licenses/licenses.service';
import { insertTask } from '../tasks/tasks.repository';
import { BACKUP_NOW_JOB_NAME } from './backup-now.job';
import { findBackup, findBackupByVolid, knownStorageType, pveTwinOf, type BackupRow } from './backups.repository';
import { RESTORE_JOB_NAME, type RestoreParams } from './restore.job';
import { creatorOf } from '../../kernel/principal';
import { type RequestContext } from '../../kernel/request-context';
import { type ServiceDeps } from '../../kernel/deps';

/** "Back up now" and restores: checked here (role, plan, target), run as tasks (202 with the task to follow). */

export type BackupActionDeps = ServiceDeps & { jobs: { send(name: string, data: unknown): Promise<string | null> } };

const actorOf = (ctx: RequestContext) => creatorOf(ctx.user);

/**
 * POST /api/vms/{id}/backup (operator or higher; manual backups are in the Essential plan and up, a PBS storage
 * needs PBS backups, Pro): one vzdump of the guest, to `storage` or the first storage of its node that takes
 * backups.
 */
export async function queueBackupNow(
  deps: BackupActionDeps,
  ctx: RequestContext,
  id: string,
  input: BackupNow,
): Promise<TaskAccepted> {
  authorize(ctx.user, 'backups.run');
  await requireFeature(deps.db, ctx.organisationId, 'manual_snapshots');
  const guest = await findGuest(deps.db, ctx.organisationId, id);
  if (!guest) throw notFound('vm');
  const host = await findHost(deps.db, ctx.organisationId, guest.hostId);
  if (!host) throw notFound('host');
  if (input.storage && (await knownStorageType(deps.db, ctx.organisationId, input.storage)) === 'pbs')
    await requireFeature(deps.db, ctx.organisationId, 'pbs_backups');
  const task = await insertTask(
    deps.db,
    {
      organisationId: ctx.organisationId,
      kind: 'backup.now',
      params: {
        vmid: guest.vmid,
        name: guest.name,
        storage: input.storage ?? null,
        mode: input.mode ?? 'snapshot',
        compress: input.compress ?? 'zstd',
        notes_template: input.notes ?? '{{guestname}}',
      },
      hostId: host.id,
      guestId: guest.id,
      createdBy: actorOf(ctx),
    },
    `Back up ${guestLabel(guest)} on ${guest.node}${input.storage ? ` to ${input.storage}` : ''}, asked by ${ctx.user.email}`,
  );
  await deps.jobs.send(BACKUP_NOW_JOB_NAME, { task_id: task.id });
  return { task_id: task.id };
}

/** The backup a restore names, as PVE can restore it: a PBS snapshot through the PVE storage that lists it. */
async function restorable(deps: ServiceDeps, ctx: RequestContext, input: RestoreRequestParsed): Promise<BackupRow> {
  const backup = input.backup_id
    ? await findBackup(deps.db, ctx.organisationId, input.backup_id)
    : await findBackupByVolid(deps.db, ctx.organisationId, input.host_id!, input.volid!);
  if (!backup) throw notFound('backup');
  if (backup.source === 'pve-storage') return backup;
  const twin = await pveTwinOf(deps.db, backup);
  if (!twin) throw new AppError('invalid_state', errorText('backups.noStorageForPbs'));
  return twin;
}

/**
 * POST /api/backups/restore. To a new VMID (operator or higher): on the backup's node or another node of its
 * cluster, the VMID given (refused when a guest has it) or the next free one. Over the original (admin or owner;
 * step-up comes with issue 20): its guest must still exist and be stopped.
 */
export async function queueRestore(
  deps: BackupActionDeps,
  ctx: RequestContext,
  input: RestoreRequestParsed,
): Promise<TaskAccepted> {
  authorize(ctx.user, input.target === 'original' ? 'backups.restore_over' : 'backups.run');
  await requireFeature(deps.db, ctx.organisationId, 'manual_snapshots');
  const backup = await restorable(deps, ctx, input);
  const host = await findHost(deps.db, ctx.organisationId, backup.hostId);
  if (!host || host.type === 'pbs') throw notFound('host');
  const members = host.clusterName ? await clusterMembers(deps.db, host, host.clusterName, host.clusterNodes ?? []) : [];
  const nodes = [host.pveNode, ...(host.clusterNodes ?? [])];
  let node = input.target_node ?? host.pveNode;
  let vmid: number | null = input.vmid ?? null;
  let guestId = backup.guestId;
  if (input.target === 'original') {
    const guest = backup.guestId ? await findGuest(deps.db, ctx.organisationId, backup.guestId) : undefined;
    if (!guest) throw new AppError('invalid_state', errorText('backups.guestGone'));
    if (guest.state !== 'stopped')
      throw new AppError(
        'invalid_state',
        errorText('backups.stopBeforeRestore', { guest: guestLabel(guest), state: guest.state }),
      );
    node = guest.node;
    vmid = guest.vmid;
    guestId = guest.id;
  } else {
    if (!nodes.includes(node)) throw new AppError('bad_request', errorText('backups.nodeNotInCluster'));
    if (vmid !== null) {
      const taken = (await liveGuestsOfHosts(deps.db, [host.id, ...members.map((m) => m.id)])).find((g) => g.vmid === vmid);
      if (taken) throw new AppError('conflict', errorText('backups.vmidTaken', { vmid, guest: guestLabel(taken) }));
    }
  }
  const source = guestId ? await findGuestById(deps.db, guestId) : undefined;
  const params: RestoreParams = {
    volid: backup.volid,
    type: backup.guestType,
    node,
    target: input.target,
    vmid,
    target_storage: input.target_storage ?? null,
    start: input.start,
  };
  const what = input.target === 'original' ? `over ${vmid}` : `to ${vmid === null ? 'a new VMID' : `VMID ${vmid}`}`;
  const task = await insertTask(
    deps.db,
    {
      organisationId: ctx.organisationId,
      kind: 'backup.restore',
      params: { ...params, backup_id: backup.id, name: source?.name ?? null },
      hostId: host.id,
      guestId: source && source.organisationId === ctx.organisationId ? source.id : null,
      createdBy: actorOf(ctx),
    },
    `Restore ${backup.volid} ${what} on ${node}${input.target_storage ? ` (storage ${input.target_storage})` : ''}, asked by ${ctx.user.email}`,
  );
  await deps.jobs.send(RESTORE_JOB_NAME, { task_id: task.id });
  return { task_id: task.id };
}
