import { and, asc, desc, eq, gt, gte, lt, sql } from 'drizzle-orm';
import { DomainEventDataSchemas, type DomainEventData, type DomainEventType } from '@proxai/contract';
import type { Db } from '../db/client';
import { eventCursors, events } from '../db/schema';
import type { EventActor } from '../kernel/principal';

export type EventRow = typeof events.$inferSelect;

/**
 * Writes a domain event to the outbox. Call it with the transaction that makes the change it describes, so the
 * event exists exactly when the change does. The data is checked against the event catalogue.
 */
export async function emitEvent<T extends DomainEventType>(
  db: Db,
  organisationId: string,
  type: T,
  data: DomainEventData<T>,
  /** Who made the change (a person, an API key, a schedule): what the audit subscriber records as the actor. */
  actor?: EventActor,
): Promise<void> {
  await db.insert(events).values(eventValues(organisationId, type, data, actor));
}

/** The outbox row of an event, its data checked against the catalogue (to insert it as part of a larger statement). */
export function eventValues<T extends DomainEventType>(
  organisationId: string,
  type: T,
  data: DomainEventData<T>,
  actor?: EventActor,
): typeof events.$inferInsert {
  const checked = DomainEventDataSchemas[type].parse(data) as Record<string, unknown>;
  return { organisationId, type, data: checked, actor: actor ?? null };
}

/** Events after `afterId` (all organisations, for the hub), at most `limit`, oldest first. */
export async function eventsAfter(db: Db, afterId: number, since: Date, limit: number): Promise<EventRow[]> {
  return db
    .select()
    .from(events)
    .where(and(gt(events.id, afterId), gte(events.at, since)))
    .orderBy(asc(events.id))
    .limit(limit);
}

/** The organisation's events after `afterId` (a resumed stream's catch-up). */
export async function orgEventsAfter(db: Db, organisationId: string, afterId: number, limit: number): Promise<EventRow[]> {
  return db
    .select()
    .from(events)
    .where(and(eq(events.organisationId, organisationId), gt(events.id, afterId)))
    .orderBy(asc(events.id))
    .limit(limit);
}

export async function lastEventId(db: Db): Promise<number> {
  const [last] = await db.select({ id: events.id }).from(events).orderBy(desc(events.id)).limit(1);
  return last?.id ?? 0;
}

/**
 * Events older than `before` are dropped (the stream resumes within this horizon), but never one a durable
 * subscriber (events/dispatcher.ts) has not read yet.
 */
export async function pruneEvents(db: Db, before: Date): Promise<void> {
  await db
    .delete(events)
    .where(
      and(
        lt(events.at, before),
        sql`${events.id} <= coalesce((select min(${eventCursors.lastEventId}) from ${eventCursors}), ${events.id})`,
      ),
    );
}
