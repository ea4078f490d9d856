import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { guests, hosts } from '../../db/schema';

export type GuestRow = typeof guests.$inferSelect;

/** Columns the VM list needs, in the order the dashboard shows them (host, then vmid). */
export async function listGuestsOfOrg(db: Db, organisationId: string) {
  return db
    .select({
      id: guests.id,
      vmid: guests.vmid,
      name: guests.name,
      state: guests.state,
      cpu: guests.cpu,
      memoryMb: guests.memoryMb,
      storageGb: guests.storageGb,
      type: guests.type,
      hostId: guests.hostId,
      node: guests.node,
      uptime: guests.uptime,
    })
    .from(guests)
    .where(eq(guests.organisationId, organisationId))
    .orderBy(asc(guests.hostId), asc(guests.vmid));
}

export async function findGuest(db: Db, organisationId: string, id: string): Promise<GuestRow | undefined> {
  const [row] = await db
    .select()
    .from(guests)
    .where(and(eq(guests.id, id), eq(guests.organisationId, organisationId)));
  return row;
}

export async function updateGuest(db: Db, id: string, values: Partial<typeof guests.$inferInsert>): Promise<void> {
  await db
    .update(guests)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(guests.id, id));
}

export async function guestStats(db: Db, organisationId: string) {
  const [g] = await db
    .select({
      vms: count(),
      running: sql<number>`count(*) filter (where ${guests.state} = 'running')`.mapWith(Number),
      stopped: sql<number>`count(*) filter (where ${guests.state} = 'stopped')`.mapWith(Number),
    })
    .from(guests)
    .where(eq(guests.organisationId, organisationId));
  const [h] = await db.select({ n: count() }).from(hosts).where(eq(hosts.organisationId, organisationId));
  return { hosts: h?.n ?? 0, vms: g?.vms ?? 0, running: g?.running ?? 0, stopped: g?.stopped ?? 0 };
}
