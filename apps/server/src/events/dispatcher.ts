import { and, asc, eq, gt, gte, inArray, or, sql } from 'drizzle-orm';
import type { DomainEventType } from '@proxai/contract';
import type { Db } from '../db/client';
import { eventCursors, events } from '../db/schema';
import type { EventRow } from './outbox';

/**
 * Durable subscribers of the outbox (DESIGN.md §12): each one reads the events after its cursor and handles
 * them in the transaction that moves the cursor, so a database-writing subscriber (the audit log) records each
 * event once, even with several replicas (the cursor row is locked, SKIP LOCKED) and across restarts.
 *
 * Event ids are taken when a row is inserted, not when its transaction commits: an event can become visible
 * after a higher one was already handled. Each pass therefore also re-reads the last LATE_MS of events, and a
 * subscriber must be idempotent by event id (the audit log has a unique event_id): delivery is at least once.
 */
export interface Subscriber {
  name: string;
  types: readonly DomainEventType[];
  handle(tx: Db, batch: EventRow[]): Promise<void>;
}

const BATCH = 500;
const LATE_MS = 30_000;

/**
 * The subscribers' cursors, each made at the newest event the first time the subscriber runs (what happened before
 * it existed is not replayed). Made when the portal starts, before it takes requests, so nothing after is missed.
 * One statement for all of them.
 */
export async function ensureCursors(db: Db, subscribers: readonly Pick<Subscriber, 'name'>[]): Promise<void> {
  if (subscribers.length === 0) return;
  const newestId = sql`coalesce((select max(${events.id}) from ${events}), 0)`;
  await db
    .insert(eventCursors)
    .values(subscribers.map((s) => ({ subscriber: s.name, lastEventId: newestId, startEventId: newestId })))
    .onConflictDoNothing();
}

/** One pass of one subscriber; answers how many events it was handed (0: nothing new, or another replica holds it). */
export async function dispatchOnce(db: Db, subscriber: Subscriber, now = new Date()): Promise<number> {
  const handed = await db.transaction(async (tx) => {
    const [cursor] = await tx
      .select()
      .from(eventCursors)
      .where(eq(eventCursors.subscriber, subscriber.name))
      .for('update', { skipLocked: true });
    if (!cursor) return undefined;
    const batch = await tx
      .select()
      .from(events)
      .where(
        and(
          inArray(events.type, [...subscriber.types]),
          gt(events.id, cursor.startEventId),
          or(gt(events.id, cursor.lastEventId), gte(events.at, new Date(now.getTime() - LATE_MS))),
        ),
      )
      .orderBy(asc(events.id))
      .limit(BATCH);
    if (batch.length > 0) await subscriber.handle(tx, batch);
    const newest = await tx.select({ id: sql<number>`coalesce(max(${events.id}), 0)`.mapWith(Number) }).from(events);
    // With a full batch, continue after it next pass; else everything up to the newest event was seen.
    const through = batch.length === BATCH ? batch.at(-1)!.id : Math.max(cursor.lastEventId, newest[0]?.id ?? 0);
    await tx
      .update(eventCursors)
      .set({ lastEventId: through, updatedAt: now })
      .where(eq(eventCursors.subscriber, subscriber.name));
    return batch.filter((e) => e.id > cursor.lastEventId).length;
  });
  if (handed !== undefined) return handed;
  // No cursor yet (a subscriber's first pass: it starts at the newest event, so nothing is handed), or another replica
  // holds it (then this makes nothing).
  await ensureCursors(db, [subscriber]);
  return 0;
}

/**
 * Whether a pass of `subscribers` may find anything: a cursor is behind the newest event (a new event, a handler that
 * failed, a replica that died holding a cursor, a full batch), or the newest event is recent enough that one with a
 * lower id may still commit (LATE_MS). One statement, so an idle replica's tick costs one read instead of a
 * transaction per subscriber (issue 30 §2).
 */
export async function passNeeded(db: Db, subscribers: readonly Pick<Subscriber, 'name'>[], now = new Date()): Promise<boolean> {
  const names = subscribers.map((s) => s.name);
  if (names.length === 0) return false;
  const named = sql.join(
    names.map((n) => sql`${n}`),
    sql`, `,
  );
  const res = (await db.execute(sql`
    select
      (select id from ${events} order by id desc limit 1) as newest,
      (select at from ${events} order by id desc limit 1) as newest_at,
      (select min(last_event_id) from ${eventCursors} where subscriber in (${named})) as behind,
      (select count(*) from ${eventCursors} where subscriber in (${named}))::int as cursors`)) as {
    rows: { newest: string | number | null; newest_at: string | Date | null; behind: string | number | null; cursors: number }[];
  };
  const row = res.rows[0];
  if (!row || row.newest === null) return false;
  if (Number(row.cursors) < names.length || row.behind === null) return true;
  if (Number(row.behind) < Number(row.newest)) return true;
  return row.newest_at !== null && now.getTime() - new Date(row.newest_at).getTime() < LATE_MS;
}

/** Runs every subscriber every `tickMs` in this replica, when a pass may find anything (passNeeded). */
export async function startDispatcher(
  db: Db,
  subscribers: readonly Subscriber[],
  log: { error: (obj: object, msg: string) => void },
  tickMs = 1000,
): Promise<{ stop(): Promise<void> }> {
  await ensureCursors(db, subscribers);
  let running: Promise<void> | undefined;
  let stopped = false;
  const tick = () => {
    running ??= (async () => {
      try {
        if (!(await passNeeded(db, subscribers))) return;
      } catch (err) {
        if (!stopped) log.error({ err }, 'event subscribers: reading the outbox failed');
        return;
      }
      for (const s of subscribers) {
        if (stopped) break;
        try {
          while ((await dispatchOnce(db, s)) >= BATCH && !stopped);
        } catch (err) {
          if (!stopped) log.error({ err, subscriber: s.name }, 'event subscriber failed');
        }
      }
    })().finally(() => {
      running = undefined;
    });
  };
  const timer = setInterval(tick, tickMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
