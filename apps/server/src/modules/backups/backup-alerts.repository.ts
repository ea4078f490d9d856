import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { backupHosts, guests, tasks } from '../../db/schema';
import { lastBackupAt } from './backups.repository';

/** What the backup alert rules read of each live guest (see backup-alerts.ts). */
export interface GuestBackupState {
  id: string;
  hostId: string;
  vmid: number;
  name: string;
  tags: string[];
  /** Newest backup in the inventory (lastBackupAt, as the coverage and the advice read it). */
  lastBackupAt: Date | null;
  /** The guest's host had its inventory read at least once (before that, "no backup" means "not known yet"). */
  inventoryRead: boolean;
  /** The newest ended backup task of the guest (a policy's guest task, a "Back up now"). */
  lastTask: { status: 'succeeded' | 'failed'; error: string | null; endedAt: Date } | null;
}

const date = (v: unknown): Date | null => (v === null || v === undefined ? null : new Date(v as string));

export async function guestBackupStates(db: Db, organisationId: string): Promise<GuestBackupState[]> {
  const result = (await db.execute(sql`
    select g.id, g.host_id, g.vmid, g.name, g.tags,
      ${lastBackupAt(sql`g.id`)} as last_backup_at,
      exists (select 1 from ${backupHosts} h where h.host_id = g.host_id and h.refreshed_at is not null) as inventory_read,
      t.status as task_status, t.error as task_error, t.ended_at as task_ended_at
    from ${guests} g
    left join lateral (
      select status, error, ended_at from ${tasks}
      where guest_id = g.id and kind in ('backup.guest', 'backup.now') and status in ('succeeded', 'failed')
      order by created_at desc limit 1
    ) t on true
    where g.organisation_id = ${organisationId} and g.gone_at is null`)) as {
    rows: {
      id: string;
      host_id: string;
      vmid: number;
      name: string;
      tags: string[];
      last_backup_at: unknown;
      inventory_read: boolean;
      task_status: 'succeeded' | 'failed' | null;
      task_error: string | null;
      task_ended_at: unknown;
    }[];
  };
  return result.rows.map((r) => ({
    id: r.id,
    hostId: r.host_id,
    vmid: Number(r.vmid),
    name: r.name,
    tags: r.tags,
    lastBackupAt: date(r.last_backup_at),
    inventoryRead: r.inventory_read,
    lastTask: r.task_status
      ? { status: r.task_status, error: r.task_error, endedAt: date(r.task_ended_at) ?? new Date(0) }
      : null,
  }));
}
