// Single-use tickets that let a browser's EventSource (which cannot send headers) open the event stream.
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { eventTickets } from '../../db/schema';

export async function insertTicket(db: Db, values: { ticketHash: string; sessionId: string; expiresAt: Date }) {
  await db.insert(eventTickets).values(values);
}

/** Uses a ticket once: answers its session id when it was live. */
export async function useTicket(db: Db, ticketHash: string, now: Date): Promise<string | undefined> {
  const [row] = await db
    .update(eventTickets)
    .set({ usedAt: now })
    .where(and(eq(eventTickets.ticketHash, ticketHash), isNull(eventTickets.usedAt), gt(eventTickets.expiresAt, now)))
    .returning({ sessionId: eventTickets.sessionId });
  await db.delete(eventTickets).where(lt(eventTickets.expiresAt, new Date(now.getTime() - 3600_000)));
  return row?.sessionId;
}
