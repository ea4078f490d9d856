import type { Db } from '../../db/client';
import { recordAudit } from '../audit/audit.repository';
import { emitEvent } from '../../events/outbox';
import { appendTaskLog, endTask, type TaskRow } from '../tasks/tasks.repository';

/**
 * How the task of one guest's backup ends (a policy's guest task, a "Back up now"): once, with its last log line,
 * its domain event (backup.completed or backup.failed, in the same transaction) and an audit record. A skipped
 * guest (not on the node any more, removed) raises no event: nothing was tried.
 */

export interface GuestRef {
  hostId: string;
  guestId: string | null;
  vmid: number;
  name: string;
}

export type GuestEnding =
  | { status: 'succeeded'; volid: string | null; line: string }
  | { status: 'failed'; error: string }
  | { status: 'skipped'; error: string }
  /** Stopped at a member's request (on the host, or before it was sent): not a failed backup. */
  | { status: 'cancelled'; error: string };

/** Ends the task as `ending` says; answers false when it had already ended (a resumed run reading the log again). */
export async function endGuestBackup(
  db: Db,
  task: TaskRow,
  guest: GuestRef,
  ending: GuestEnding,
  action = 'vm.backup',
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const error = ending.status === 'succeeded' ? null : ending.error;
    if (!(await endTask(tx, task.id, ending.status, error, new Date()))) return false;
    const base = { host_id: guest.hostId, guest_id: guest.guestId, vmid: guest.vmid, name: guest.name, task_id: task.id };
    switch (ending.status) {
      case 'succeeded':
        await appendTaskLog(tx, task.id, ending.line);
        await emitEvent(tx, task.organisationId, 'backup.completed', { ...base, volid: ending.volid });
        break;
      case 'failed':
        await appendTaskLog(tx, task.id, `Failed: ${ending.error}`);
        await emitEvent(tx, task.organisationId, 'backup.failed', { ...base, error: ending.error });
        break;
      case 'skipped':
        await appendTaskLog(tx, task.id, `Skipped: ${ending.error}`);
        return true;
      case 'cancelled':
        await appendTaskLog(tx, task.id, ending.error);
        break;
    }
    const actor = task.createdBy;
    await recordAudit(tx, {
      action,
      outcome: ending.status === 'succeeded' ? 'success' : 'failure',
      actor: { type: actor.type, id: actor.id, name: actor.name },
      organisationId: task.organisationId,
      target: guest.guestId,
      details: {
        vmid: guest.vmid,
        name: guest.name,
        task_id: task.id,
        ...(ending.status === 'succeeded' ? { volid: ending.volid } : { detail: ending.error }),
      },
    });
    return true;
  });
}
