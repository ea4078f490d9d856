import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pbsStates, type PbsDatastoreUsageRow } from '../../db/schema';

export type PbsStateRow = typeof pbsStates.$inferSelect;

/**
 * What a poll of a PBS read: its datastores every time, its failed tasks when they were read (else the previous
 * count stays).
 */
export async function savePbsState(
  db: Db,
  hostId: string,
  values: { datastores: PbsDatastoreUsageRow[]; readAt: Date; failedTasks?: number; tasksReadAt?: Date },
): Promise<void> {
  const row = { hostId, datastores: values.datastores, readAt: values.readAt };
  const tasks = values.tasksReadAt ? { failedTasks: values.failedTasks ?? 0, tasksReadAt: values.tasksReadAt } : {};
  await db
    .insert(pbsStates)
    .values({ ...row, ...tasks })
    .onConflictDoUpdate({
      target: pbsStates.hostId,
      set: { datastores: sql`excluded.datastores`, readAt: sql`excluded.read_at`, ...tasks },
    });
}

export async function pbsStatesOf(db: Db, hostIds: string[]): Promise<Map<string, PbsStateRow>> {
  if (hostIds.length === 0) return new Map();
  const rows = await db.select().from(pbsStates).where(inArray(pbsStates.hostId, hostIds));
  return new Map(rows.map((r) => [r.hostId, r]));
}
